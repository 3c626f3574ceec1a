/**
 * Sealed-surface editor (…/dimensioning/sealedsurfaces/{sealedSurfaceId}; planning spec section 2):
 * name, area, runoff type (sets C_m and C_s), C_m, C_s, drain, ground pollution (M 153, groundwater)
 * or area group (A 102-2, watercourse); Dimensioning and Configure buttons; duplicate; the last
 * surface cannot be deleted. Without a valid id it redirects to the first sealed surface. Every
 * edit is a waterflow operation in the worker (store.waterflow.edit). Owner: engineer (c).
 */
import { AREA_GROUP_IDS, DRAINS, GROUND_POLLUTION_IDS, INPUT_LIMITS, RUNOFF_TYPE_IDS, type AreaGroupId, type Drain, type GroundPollutionId, type RunoffTypeId } from '@rainplan/engine/tables';
import { observer } from 'mobx-react-lite';
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

export const Component = observer(function SealedSurfaceEditor() {
  const { t, i18n } = useTranslation('dimensioning');
  const { waterflow } = useStores();
  const { sealedSurfaceId } = useParams();
  const nav = useDimensioningNavigation();
  const surface = waterflow.surface(sealedSurfaceId);
  if (surface === undefined) {
    const first = waterflow.waterflow.sealedSurfaces[0];
    return first === undefined ? null : <Navigate replace to={nodePath(nav.projectId, 'surface', first.id)} />;
  }
  const id = surface.id;
  const result = waterflow.surfaceResults.get(id);
  const drain = surface.drain ?? null;
  const issues = waterflow.issuesByNode.get(id);
  const edit = waterflow.edit.bind(waterflow);
  const last = waterflow.waterflow.sealedSurfaces.length <= 1;

  return (
    <section className="rp-editor" aria-labelledby="surface-title" key={id}>
      <h1 id="surface-title">
        {t('surface.heading')}: {surface.name}
      </h1>
      <div className="rp-grid">
        <NameField value={surface.name} onCommit={(name) => void edit(call('renameNode', id, name))} />
        <LiveNumberField label={t('surface.area')} value={surface.value} testId="surface-area" isRequired step={10} onChange={(value) => void edit(call('updateSurface', id, { value }))} />
        <Select<RunoffTypeId>
          label={t('surface.runoff')}
          placeholder={t('surface.choose')}
          options={RUNOFF_TYPE_IDS.map((r) => ({ id: r, label: t(`runoff.${r}`) }))}
          value={surface.data.runoff ?? null}
          onChange={(runoff) => void edit(call('setSurfaceRunoff', id, runoff))}
        />
        <LiveNumberField
          label={t('surface.cm')}
          value={surface.data.cm}
          minValue={INPUT_LIMITS.runoffCoefficientMin}
          maxValue={INPUT_LIMITS.runoffCoefficientMax}
          step={0.05}
          isRequired
          onChange={(cm) => void edit(call('updateSurface', id, { data: cm === null ? {} : { cm } }))}
        />
        <LiveNumberField
          label={t('surface.cs')}
          value={surface.data.cs}
          minValue={INPUT_LIMITS.runoffCoefficientMin}
          maxValue={INPUT_LIMITS.runoffCoefficientMax}
          step={0.05}
          isRequired
          onChange={(cs) => void edit(call('updateSurface', id, { data: cs === null ? {} : { cs } }))}
        />
        <Select<Drain>
          label={t('drain.label')}
          placeholder={t('surface.choose')}
          options={DRAINS.map((d) => ({ id: d, label: t(`drain.${d}`) }))}
          value={drain}
          isRequired
          onChange={(next) => void edit(call('setSurfaceDrain', id, next))}
        />
        {drain === 'Groundwater' && (
          <Select<GroundPollutionId>
            label={t('surface.groundPollution')}
            placeholder={t('surface.choose')}
            options={GROUND_POLLUTION_IDS.map((g) => ({ id: g, label: t(`groundPollution.${g}`) }))}
            value={surface.data.groundPollutionM153 ?? null}
            isRequired
            onChange={(groundPollutionM153) => void edit(call('updateSurface', id, { data: { groundPollutionM153 } }))}
          />
        )}
        {drain === 'Watercourse' && (
          <Select<AreaGroupId>
            label={t('surface.areaGroup')}
            placeholder={t('surface.choose')}
            options={AREA_GROUP_IDS.map((g) => ({ id: g, label: t(`areaGroup.${g}`) }))}
            value={surface.data.areaGroupA102 ?? null}
            isRequired
            onChange={(areaGroupA102) => void edit(call('updateSurface', id, { data: { areaGroupA102 } }))}
          />
        )}
      </div>
      <div className="rp-results">
        <dl>
          <dt>{t('surface.AC')}</dt>
          <dd data-testid="surface-ac">{formatNumber(result?.AC, i18n.language)}</dd>
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
