/**
 * Sealed-surface editor (…/dimensioning/sealedsurfaces/{sealedSurfaceId}; planning spec section 2):
 * name, area, runoff type (sets C_m and C_s), C_m, C_s, drain, ground pollution (M 153, groundwater)
 * or area group (A 102-2, watercourse); Dimensioning and Configure buttons; duplicate; the last
 * surface cannot be deleted. Without a valid id it redirects to the first sealed surface. Every
 * edit is a waterflow operation in the worker (store.waterflow.edit). Owner: engineer (c).
 */
import { AREA_GROUP_IDS, DRAINS, GROUND_POLLUTION_IDS, INPUT_LIMITS, RUNOFF_TYPE_IDS, type AreaGroupId, type Drain, type GroundPollutionId, type RunoffTypeId } from '@rainplan/engine/tables';
import { observer } from 'mobx-react-lite';
import { memo, useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router';
import { Button } from '../../components/Button.tsx';
import { Select } from '../../components/Select.tsx';
import { call } from '../../engine/shared/call.ts';
import { useStores } from '../../stores/StoreContext.tsx';
import { formatNumber } from '../../dimensioning/ui/format.ts';
import { IssueList } from '../../dimensioning/ui/Issues.tsx';
import { LiveNumberField } from '../../dimensioning/ui/LiveNumberField.tsx';
import { NameField } from '../../dimensioning/ui/NameField.tsx';
import { DeleteNodeButton } from '../../dimensioning/ui/NodeActions.tsx';
import { nodePath } from '../../dimensioning/ui/paths.ts';
import { useDimensioningNavigation } from '../../dimensioning/ui/useDimensioningNavigation.ts';

// Memoised fields: a keystroke re-renders only the fields whose values changed (latency, issue 7).
const NumberInput = memo(LiveNumberField);
const RunoffSelect = memo(Select<RunoffTypeId>);
const DrainSelect = memo(Select<Drain>);
const PollutionSelect = memo(Select<GroundPollutionId>);
const GroupSelect = memo(Select<AreaGroupId>);

export const Component = observer(function SealedSurfaceEditor() {
  const { waterflow } = useStores();
  const { sealedSurfaceId } = useParams();
  const nav = useDimensioningNavigation();
  const surface = waterflow.surface(sealedSurfaceId);
  if (surface === undefined) {
    const first = waterflow.waterflow.sealedSurfaces[0];
    return first === undefined ? null : <Navigate replace to={nodePath(nav.projectId, 'surface', first.id)} />;
  }
  return <SurfaceForm key={surface.id} id={surface.id} />;
});

const SurfaceForm = observer(function SurfaceForm({ id }: { id: string }) {
  const { t, i18n } = useTranslation('dimensioning');
  const { waterflow } = useStores();
  const nav = useDimensioningNavigation();
  const edit = useCallback((operation: Parameters<typeof waterflow.edit>[0]) => void waterflow.edit(operation), [waterflow]);
  const onArea = useCallback((value: number | null) => edit(call('updateSurface', id, { value })), [edit, id]);
  const onCm = useCallback((cm: number | null) => edit(call('updateSurface', id, { data: cm === null ? {} : { cm } })), [edit, id]);
  const onCs = useCallback((cs: number | null) => edit(call('updateSurface', id, { data: cs === null ? {} : { cs } })), [edit, id]);
  const onRunoff = useCallback((runoff: RunoffTypeId) => edit(call('setSurfaceRunoff', id, runoff)), [edit, id]);
  const onDrain = useCallback((drain: Drain) => edit(call('setSurfaceDrain', id, drain)), [edit, id]);
  const onPollution = useCallback((groundPollutionM153: GroundPollutionId) => edit(call('updateSurface', id, { data: { groundPollutionM153 } })), [edit, id]);
  const onGroup = useCallback((areaGroupA102: AreaGroupId) => edit(call('updateSurface', id, { data: { areaGroupA102 } })), [edit, id]);
  const runoffOptions = useMemo(() => RUNOFF_TYPE_IDS.map((r) => ({ id: r, label: t(`runoff.${r}`) })), [t]);
  const drainOptions = useMemo(() => DRAINS.map((d) => ({ id: d, label: t(`drain.${d}`) })), [t]);
  const pollutionOptions = useMemo(() => GROUND_POLLUTION_IDS.map((g) => ({ id: g, label: t(`groundPollution.${g}`) })), [t]);
  const groupOptions = useMemo(() => AREA_GROUP_IDS.map((g) => ({ id: g, label: t(`areaGroup.${g}`) })), [t]);
  const surface = waterflow.surface(id);
  if (surface === undefined) return null;
  const result = waterflow.surfaceResults.get(id);
  const drain = surface.drain ?? null;
  const issues = waterflow.issuesByNode.get(id);
  const last = waterflow.waterflow.sealedSurfaces.length <= 1;
  const measure = waterflow.measureOfSurface(id);

  return (
    <section className="rp-editor" aria-labelledby="surface-title">
      <h1 id="surface-title">
        {t('surface.heading')}: {surface.name}
      </h1>
      <div className="rp-grid">
        <NameField value={surface.name} onCommit={(name) => edit(call('renameNode', id, name))} />
        <NumberInput label={t('surface.area')} value={surface.value} testId="surface-area" isRequired step={10} onChange={onArea} />
        <RunoffSelect label={t('surface.runoff')} placeholder={t('surface.choose')} options={runoffOptions} value={surface.data.runoff ?? null} onChange={onRunoff} />
        <NumberInput label={t('surface.cm')} value={surface.data.cm} minValue={INPUT_LIMITS.runoffCoefficientMin} maxValue={INPUT_LIMITS.runoffCoefficientMax} step={0.05} isRequired onChange={onCm} />
        <NumberInput label={t('surface.cs')} value={surface.data.cs} minValue={INPUT_LIMITS.runoffCoefficientMin} maxValue={INPUT_LIMITS.runoffCoefficientMax} step={0.05} isRequired onChange={onCs} />
        <DrainSelect label={t('drain.label')} placeholder={t('surface.choose')} options={drainOptions} value={drain} isRequired onChange={onDrain} />
        {drain === 'Groundwater' && (
          <PollutionSelect label={t('surface.groundPollution')} placeholder={t('surface.choose')} options={pollutionOptions} value={surface.data.groundPollutionM153 ?? null} isRequired onChange={onPollution} />
        )}
        {drain === 'Watercourse' && (
          <GroupSelect label={t('surface.areaGroup')} placeholder={t('surface.choose')} options={groupOptions} value={surface.data.areaGroupA102 ?? null} isRequired onChange={onGroup} />
        )}
      </div>
      <div className="rp-results">
        <dl>
          <dt>{t('surface.AC')}</dt>
          <dd data-testid="surface-ac">{formatNumber(result?.AC, i18n.language)}</dd>
          {measure !== undefined && (
            <>
              <dt>
                {t('surface.measureRequired', { name: measure.name })}
              </dt>
              <dd data-testid="surface-measure-required">{formatNumber(waterflow.measureResults.get(measure.id)?.requiredVolume, i18n.language)}</dd>
            </>
          )}
        </dl>
      </div>
      <IssueList issues={issues} />
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
        <DeleteNodeButton name={surface.name} disabled={last} onDelete={() => void nav.remove('surface', id)} />
      </div>
      {last && <p className="rp-muted">{t('surface.lastCannotDelete')}</p>}
    </section>
  );
});
