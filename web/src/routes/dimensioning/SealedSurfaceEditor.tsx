/**
 * Sealed-surface editor (…/dimensioning/sealedsurfaces/{sealedSurfaceId}; planning spec section 2):
 * name, area, runoff type (sets C_m and C_s), C_m, C_s, drain, ground pollution (M 153, groundwater)
 * or area group (A 102-2, watercourse); Dimensioning and Configure buttons; duplicate; the last
 * surface cannot be deleted. Without a valid id it redirects to the first sealed surface. Every
 * edit is a waterflow operation in the worker (store.waterflow.edit).
 */
import { AREA_GROUP_IDS, DRAINS, GROUND_POLLUTION_IDS, INPUT_LIMITS, RUNOFF_TYPE_IDS, type AreaGroupId, type Drain, type GroundPollutionId, type RunoffTypeId } from '@rainplan/engine/tables';
import { compareStructural } from 'mobx';
import { observer } from 'mobx-react-lite';
import { memo, useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router';
import { Button } from '../../components/Button.tsx';
import { Select } from '../../components/Select.tsx';
import { call } from '../../engine/shared/call.ts';
import { useStores } from '../../stores/StoreContext.tsx';
import type { WaterflowStore } from '../../dimensioning/WaterflowStore.ts';
import { BoundNumberField } from '../../dimensioning/ui/BoundNumberField.tsx';
import { formatNumber } from '../../dimensioning/ui/format.ts';
import { IssueList } from '../../dimensioning/ui/Issues.tsx';
import { NameField } from '../../dimensioning/ui/NameField.tsx';
import { DeleteNodeButton } from '../../dimensioning/ui/NodeActions.tsx';
import { nodePath } from '../../dimensioning/ui/paths.ts';
import { useComputedValue } from '../../dimensioning/ui/useComputedValue.ts';
import { useDimensioningNavigation } from '../../dimensioning/ui/useDimensioningNavigation.ts';

// Memoised selects: a re-render of the form re-renders only the selects whose values changed.
const RunoffSelect = memo(Select<RunoffTypeId>);
const DrainSelect = memo(Select<Drain>);
const PollutionSelect = memo(Select<GroundPollutionId>);
const GroupSelect = memo(Select<AreaGroupId>);

export const Component = observer(function SealedSurfaceEditor() {
  const { waterflow } = useStores();
  const { sealedSurfaceId } = useParams();
  const nav = useDimensioningNavigation();
  const exists = useComputedValue(useCallback(() => waterflow.surface(sealedSurfaceId) !== undefined, [waterflow, sealedSurfaceId]));
  if (!exists || sealedSurfaceId === undefined) {
    const first = waterflow.surfaceIds[0];
    return first === undefined ? null : <Navigate replace to={nodePath(nav.projectId, 'surface', first)} />;
  }
  return <SurfaceForm key={sealedSurfaceId} id={sealedSurfaceId} />;
});

/**
 * What the form itself shows of the surface. The numbers (area, C_m, C_s), the results and the
 * issues are read by their own components: typing in a number re-renders that field and the cells
 * whose results changed, not the form (latency, issue 7).
 */
function formView(waterflow: WaterflowStore, id: string) {
  const surface = waterflow.surface(id);
  return surface === undefined
    ? undefined
    : {
        name: surface.name,
        runoff: surface.data.runoff ?? null,
        drain: surface.drain ?? null,
        groundPollution: surface.data.groundPollutionM153 ?? null,
        areaGroup: surface.data.areaGroupA102 ?? null,
        last: waterflow.surfaceIds.length <= 1,
      };
}

const SurfaceForm = observer(function SurfaceForm({ id }: { id: string }) {
  const { t } = useTranslation('dimensioning');
  const { waterflow } = useStores();
  const nav = useDimensioningNavigation();
  const edit = useCallback((operation: Parameters<typeof waterflow.edit>[0]) => void waterflow.edit(operation), [waterflow]);
  const onName = useCallback((name: string) => edit(call('renameNode', id, name)), [edit, id]);
  const onArea = useCallback((value: number | null) => edit(call('updateSurface', id, { value })), [edit, id]);
  const onCm = useCallback((cm: number | null) => edit(call('updateSurface', id, { data: cm === null ? {} : { cm } })), [edit, id]);
  const onCs = useCallback((cs: number | null) => edit(call('updateSurface', id, { data: cs === null ? {} : { cs } })), [edit, id]);
  const onRunoff = useCallback((runoff: RunoffTypeId) => edit(call('setSurfaceRunoff', id, runoff)), [edit, id]);
  const onDrain = useCallback((drain: Drain) => edit(call('setSurfaceDrain', id, drain)), [edit, id]);
  const onPollution = useCallback((groundPollutionM153: GroundPollutionId) => edit(call('updateSurface', id, { data: { groundPollutionM153 } })), [edit, id]);
  const onGroup = useCallback((areaGroupA102: AreaGroupId) => edit(call('updateSurface', id, { data: { areaGroupA102 } })), [edit, id]);
  const readArea = useCallback(() => waterflow.surface(id)?.value, [waterflow, id]);
  const readCm = useCallback(() => waterflow.surface(id)?.data.cm, [waterflow, id]);
  const readCs = useCallback(() => waterflow.surface(id)?.data.cs, [waterflow, id]);
  const runoffOptions = useMemo(() => RUNOFF_TYPE_IDS.map((r) => ({ id: r, label: t(`runoff.${r}`) })), [t]);
  const drainOptions = useMemo(() => DRAINS.map((d) => ({ id: d, label: t(`drain.${d}`) })), [t]);
  const pollutionOptions = useMemo(() => GROUND_POLLUTION_IDS.map((g) => ({ id: g, label: t(`groundPollution.${g}`) })), [t]);
  const groupOptions = useMemo(() => AREA_GROUP_IDS.map((g) => ({ id: g, label: t(`areaGroup.${g}`) })), [t]);
  const view = useComputedValue(
    useCallback(() => formView(waterflow, id), [waterflow, id]),
    compareStructural,
  );
  if (view === undefined) return null;
  const { drain, last } = view;

  return (
    <section className="rp-editor" aria-labelledby="surface-title">
      <h1 id="surface-title">
        {t('surface.heading')}: {view.name}
      </h1>
      <div className="rp-grid">
        <NameField value={view.name} onCommit={onName} />
        <BoundNumberField label={t('surface.area')} read={readArea} testId="surface-area" isRequired step={10} onChange={onArea} />
        <RunoffSelect label={t('surface.runoff')} placeholder={t('surface.choose')} options={runoffOptions} value={view.runoff} onChange={onRunoff} />
        <BoundNumberField label={t('surface.cm')} read={readCm} minValue={INPUT_LIMITS.runoffCoefficientMin} maxValue={INPUT_LIMITS.runoffCoefficientMax} step={0.05} isRequired onChange={onCm} />
        <BoundNumberField label={t('surface.cs')} read={readCs} minValue={INPUT_LIMITS.runoffCoefficientMin} maxValue={INPUT_LIMITS.runoffCoefficientMax} step={0.05} isRequired onChange={onCs} />
        <DrainSelect label={t('drain.label')} placeholder={t('surface.choose')} options={drainOptions} value={drain} isRequired onChange={onDrain} />
        {drain === 'Groundwater' && (
          <PollutionSelect label={t('surface.groundPollution')} placeholder={t('surface.choose')} options={pollutionOptions} value={view.groundPollution} isRequired onChange={onPollution} />
        )}
        {drain === 'Watercourse' && (
          <GroupSelect label={t('surface.areaGroup')} placeholder={t('surface.choose')} options={groupOptions} value={view.areaGroup} isRequired onChange={onGroup} />
        )}
      </div>
      <SurfaceResults id={id} />
      <SurfaceIssues id={id} />
      <div className="rp-actions">
        <Button onPress={() => void nav.toDimensioning()}>{t('actions.dimensioning')}</Button>
        <Button variant="secondary" onPress={() => void nav.toConfigurator()}>
          {t('actions.configure')}
        </Button>
        <Button
          variant="secondary"
          onPress={() =>
            void waterflow.duplicateSurface(id).then((copy) => {
              if (copy !== undefined) void nav.open('surface', copy);
            })
          }
        >
          {t('actions.duplicate')}
        </Button>
        <DeleteNodeButton name={view.name} disabled={last} onDelete={() => void nav.remove('surface', id)} />
      </div>
      {last && <p className="rp-muted">{t('surface.lastCannotDelete')}</p>}
    </section>
  );
});

/** A_C of the surface and the required volume of the measure it drains to. */
const SurfaceResults = observer(function SurfaceResults({ id }: { id: string }) {
  const { t, i18n } = useTranslation('dimensioning');
  const { waterflow } = useStores();
  const measure = waterflow.measureOfSurface(id);
  const measureName = measure?.name;
  // translated once per value (i18next's t is slow next to the rest of this render)
  const acLabel = useMemo(() => t('surface.AC'), [t]);
  const requiredLabel = useMemo(() => (measureName === undefined ? '' : t('surface.measureRequired', { name: measureName })), [t, measureName]);
  return (
    <div className="rp-results">
      <dl>
        <dt>{acLabel}</dt>
        <dd data-testid="surface-ac">{formatNumber(waterflow.surfaceResults.get(id)?.AC, i18n.language)}</dd>
        {measure !== undefined && (
          <>
            <dt>{requiredLabel}</dt>
            <dd data-testid="surface-measure-required">{formatNumber(waterflow.measureResults.get(measure.id)?.requiredVolume, i18n.language)}</dd>
          </>
        )}
      </dl>
    </div>
  );
});

const SurfaceIssues = observer(function SurfaceIssues({ id }: { id: string }) {
  const { waterflow } = useStores();
  return <IssueList issues={waterflow.issuesByNode.get(id)} />;
});
