/**
 * Purification editor (…/dimensioning/purifications/{purificationId}; planning spec section 2):
 * name, measure (with No-measure), sealed surfaces, A_C; the DWA-M 153 block (groundwater: air
 * pollution, water category, pass/fail, calculation table, above-ground and underground options,
 * facility with needed amount and data-sheet link) or the DWA-A 102-2 block (watercourse: surface
 * and calculation tables, external bypass, pass/fail, ablation and required efficiency). Values
 * come from the engine's evaluation; edits are engine operations.
 */
import type { PurificationResult } from '@rainplan/engine';
import { ABOVE_GROUND_PROPORTION_IDS, PRETREATMENT_OPTION_IDS, WATER_CATEGORY_IDS, type AboveGroundProportionId, type PretreatmentOptionId, type WaterCategoryId } from '@rainplan/engine/tables';
import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router';
import { Button } from '../../components/Button.tsx';
import { Checkbox } from '../../components/Checkbox.tsx';
import { ConfirmDialog } from '../../components/Dialog.tsx';
import { Select } from '../../components/Select.tsx';
import { config } from '../../config.ts';
import { call } from '../../engine/shared/call.ts';
import { useStores } from '../../stores/StoreContext.tsx';
import { formatNumber } from '../../dimensioning/ui/format.ts';
import { IssueList } from '../../dimensioning/ui/Issues.tsx';
import { NameField } from '../../dimensioning/ui/NameField.tsx';
import { DeleteNodeButton } from '../../dimensioning/ui/NodeActions.tsx';
import { nodePath } from '../../dimensioning/ui/paths.ts';
import { SurfaceChoice } from '../../dimensioning/ui/SurfaceChoice.tsx';
import { useDimensioningNavigation } from '../../dimensioning/ui/useDimensioningNavigation.ts';

const NO_MEASURE = '__none__';
const NO_FACILITY = 'noOption';
const NO_PRETREATMENT = '__none__';

function Verdict({ result }: { result: PurificationResult | undefined }) {
  const { t } = useTranslation('dimensioning');
  if (result?.messageKey === undefined) return null;
  const pass = result.messageKey === 'passing';
  return (
    <p className={`rp-verdict ${pass ? 'rp-verdict--pass' : 'rp-verdict--fail'}`} role="status" data-testid="purification-verdict">
      {t(result.messageKey)}
      {result.hintKey !== undefined && <> {t(result.hintKey)}</>}
    </p>
  );
}

export const Component = observer(function PurificationEditor() {
  const { t, i18n } = useTranslation('dimensioning');
  const { waterflow } = useStores();
  const { purificationId } = useParams();
  const nav = useDimensioningNavigation();
  const [pendingMeasure, setPendingMeasure] = useState<{ measureId: string | null } | undefined>(undefined);
  const purification = waterflow.purification(purificationId);
  if (purification === undefined) {
    const first = waterflow.waterflow.purifications[0];
    return <Navigate replace to={first === undefined ? nodePath(nav.projectId, 'surface') : nodePath(nav.projectId, 'purification', first.id)} />;
  }
  const id = purification.id;
  const d = purification.data;
  const result = waterflow.purificationResults.get(id);
  const edit = waterflow.edit.bind(waterflow);
  const n = (value: number | null | undefined, digits = 2) => formatNumber(value, i18n.language, digits);
  const drain = result?.drain ?? purification.drain ?? undefined;
  const surfaceNames = new Map(waterflow.waterflow.sealedSurfaces.map((s) => [s.id, s.name]));
  const facilities = waterflow.facilities.filter((f) => f.regulationType === (drain === 'Watercourse' ? 'A102' : 'M153'));
  const chosenFacility = waterflow.facility(d.purificationFacilityData?.businessId);
  const aboveGround = d.purificationAboveGround ?? {};
  const m153 = result?.m153;
  const a102 = result?.a102;
  const airPollution = waterflow.shell?.airPollution;
  const back = () => {
    const measureId = waterflow.measure(purification.parentId ?? undefined)?.id ?? waterflow.waterflow.measures[0]?.id;
    if (measureId !== undefined) return nav.open('measure', measureId);
    return nav.open('surface', (waterflow.waterflow.sealedSurfaces.find((s) => s.parentId === id) ?? waterflow.waterflow.sealedSurfaces[0])?.id ?? '');
  };

  const facilityBlock = (
    <div className="rp-grid">
      {waterflow.facilitiesFailed && (
        <p className="rp-warn" role="alert" data-testid="facilities-failed">
          {t('purification.facilitiesFailed')}{' '}
          <Button variant="ghost" onPress={() => window.location.reload()}>
            {t('purification.reload')}
          </Button>
        </p>
      )}
      <Select<string>
        label={t('purification.facility')}
        options={[{ id: NO_FACILITY, label: t('purification.noFacility') }, ...facilities.map((f) => ({ id: f.businessId, label: `${f.businessId} (${t(`facilityType.${f.type}`, { defaultValue: f.type })}, ${t(`bypassType.${f.bypassType}`, { defaultValue: f.bypassType })}, ${n(f.value)})` }))]}
        value={chosenFacility?.businessId ?? NO_FACILITY}
        onChange={(businessId) => void edit(call('choosePurificationFacility', id, waterflow.facility(businessId) ?? null))}
      />
      <div className="rp-field">
        <span className="rp-field__label">{t('purification.neededAmount')}</span>
        <output data-testid="facility-amount">{result?.neededAmount ?? '---'}</output>
      </div>
      {chosenFacility?.url != null && (
        <p>
          <a href={`${config.dataSheetsPath}/${encodeURIComponent(chosenFacility.url)}`} target="_blank" rel="noreferrer">
            {t('purification.dataSheet')}: {chosenFacility.businessId}
          </a>
        </p>
      )}
    </div>
  );

  return (
    <section className="rp-editor" aria-labelledby="purification-title" key={id}>
      <ReassignDialog
        purificationId={id}
        pending={pendingMeasure}
        onCancel={() => setPendingMeasure(undefined)}
        onConfirm={(measureId) => {
          setPendingMeasure(undefined);
          void edit(call('setPurificationMeasure', id, measureId));
        }}
      />
      <h1 id="purification-title">
        {t('purification.heading')}: {purification.name}
      </h1>
      <div className="rp-grid">
        <NameField value={purification.name} onCommit={(name) => void edit(call('renameNode', id, name))} />
        <Select<string>
          label={t('purification.measure')}
          options={[{ id: NO_MEASURE, label: t('purification.noMeasure') }, ...waterflow.waterflow.measures.map((m) => ({ id: m.id, label: m.name }))]}
          value={purification.parentId ?? NO_MEASURE}
          onChange={(choice) => {
            const measureId = choice === NO_MEASURE ? null : choice;
            const change = waterflow.purificationMeasureChange(id, measureId);
            // a change that moves surfaces asks first (issue 14.3); nothing changes behind the user's back
            if (change.detached.length > 0 || change.adopted.length > 0) setPendingMeasure({ measureId });
            else void edit(call('setPurificationMeasure', id, measureId));
          }}
        />
        <div className="rp-field">
          <span className="rp-field__label">{t('purification.AC')}</span>
          <output data-testid="purification-ac">{n(result?.AC)}</output>
        </div>
      </div>
      <SurfaceChoice label={t('purification.surfaces')} options={waterflow.surfaceOptions(id)} value={waterflow.chosenSurfaces(id)} onChange={(ids) => void edit(call('assignSurfaces', id, ids))} />

      {drain === undefined && <p className="rp-muted">{t('purification.noDrain')}</p>}

      {drain === 'Groundwater' && (
        <fieldset>
          <legend>{t('purification.m153')}</legend>
          <div className="rp-grid">
            <div className="rp-field">
              <span className="rp-field__label">{t('purification.airPollution')}</span>
              <output>{airPollution == null ? t('airPollution.none') : t(`airPollution.${airPollution}`)}</output>
            </div>
            <Select<WaterCategoryId>
              label={t('purification.waterCategory')}
              placeholder={t('surface.choose')}
              options={WATER_CATEGORY_IDS.map((w) => ({ id: w, label: t(`waterCategory.${w}`) }))}
              value={d.waterCategory ?? null}
              isRequired
              onChange={(w) => void edit(call('setWaterCategory', id, w))}
            />
          </div>
          <Verdict result={result} />
          <table className="rp-calc-table" aria-label={t('purification.calculationTable')}>
            <thead>
              <tr>
                <th scope="col">{t('purification.table.surface')}</th>
                <th scope="col">{t('purification.table.area')}</th>
                <th scope="col">{t('purification.table.share')}</th>
                <th scope="col">{t('purification.table.load')}</th>
              </tr>
            </thead>
            <tbody>
              {(m153?.surfaces ?? []).map((s) => (
                <tr key={s.surfaceId}>
                  <td>{surfaceNames.get(s.surfaceId) ?? s.surfaceId}</td>
                  <td>{n(s.area)}</td>
                  <td>{n(s.areaShare, 3)}</td>
                  <td>{n(s.dischargedLoad)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row">{t('purification.table.total')}</th>
                <td data-testid="m153-area-total">{n(m153?.areaTotal ?? result?.AC)}</td>
                <td data-testid="m153-share-total">{n(m153?.areaShareTotal, 3)}</td>
                <td data-testid="m153-load">{n(m153?.dischargedLoad)}</td>
              </tr>
            </tfoot>
          </table>
          <dl className="rp-results">
            <dt>{t('purification.throughput')}</dt>
            <dd data-testid="m153-throughput">{n(m153?.throughputValue, 3)}</dd>
            <dt>{t('purification.combinedFactor')}</dt>
            <dd data-testid="m153-factor">{n(m153?.combinedFactor, 3)}</dd>
            <dt>{t('purification.emission')}</dt>
            <dd>{n(m153?.emission)}</dd>
          </dl>
          {result?.showTreatmentOptions === true && (
            <>
              <fieldset>
                <legend>{t('purification.aboveGround')}</legend>
                <div className="rp-grid">
                  <Select<AboveGroundProportionId | typeof NO_PRETREATMENT>
                    label={t('purification.proportion')}
                    options={[{ id: NO_PRETREATMENT, label: t('pretreatment.none') }, ...ABOVE_GROUND_PROPORTION_IDS.map((p) => ({ id: p, label: t(`proportion.${p}`) }))]}
                    value={aboveGround.proportion ?? NO_PRETREATMENT}
                    onChange={(p) =>
                      void edit(call('updatePurification', id, { purificationAboveGround: p === NO_PRETREATMENT ? null : { ...aboveGround, proportion: p } }))
                    }
                  />
                  <Select<PretreatmentOptionId | typeof NO_PRETREATMENT>
                    label={t('purification.pretreatment')}
                    options={[{ id: NO_PRETREATMENT, label: t('pretreatment.none') }, ...PRETREATMENT_OPTION_IDS.map((p) => ({ id: p, label: t(`pretreatment.${p}`) }))]}
                    value={aboveGround.pretreatmentOption ?? NO_PRETREATMENT}
                    isDisabled={aboveGround.proportion == null}
                    onChange={(p) => void edit(call('updatePurification', id, { purificationAboveGround: { ...aboveGround, pretreatmentOption: p === NO_PRETREATMENT ? null : p } }))}
                  />
                </div>
                <Checkbox isSelected={aboveGround.withD4 === true} isDisabled={aboveGround.proportion == null} onChange={(withD4) => void edit(call('updatePurification', id, { purificationAboveGround: { ...aboveGround, withD4 } }))}>
                  {t('purification.withD4')}
                </Checkbox>
              </fieldset>
              <fieldset>
                <legend>{t('purification.underground')}</legend>
                {facilityBlock}
              </fieldset>
            </>
          )}
        </fieldset>
      )}

      {drain === 'Watercourse' && (
        <fieldset>
          <legend>{t('purification.a102')}</legend>
          <table className="rp-calc-table" aria-label={t('purification.surfaceTable')}>
            <thead>
              <tr>
                <th scope="col">{t('purification.category')}</th>
                <th scope="col">{t('purification.table.area')}</th>
                <th scope="col">{t('purification.areaProportion')}</th>
                <th scope="col">{t('purification.ablation')}</th>
              </tr>
            </thead>
            <tbody>
              {(['categoryI', 'categoryII', 'categoryIII'] as const).map((key) => {
                const block = a102?.data[key];
                return (
                  <tr key={key}>
                    <td>{key.replace('category', '')}</td>
                    <td>{n(block?.area)}</td>
                    <td>{n(block?.areaProportion, 3)}</td>
                    <td>{n(block?.totalAblation)}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
          <Checkbox isSelected={d.externalBypass === true} onChange={(externalBypass) => void edit(call('updatePurification', id, { externalBypass }))}>
            {t('purification.externalBypass')}
          </Checkbox>
          <table className="rp-calc-table" aria-label={t('purification.calculationTable')}>
            <tbody>
              <tr>
                <th scope="row">{t('purification.totalAblation')}</th>
                <td>{n(a102?.data.totalAblation)}</td>
              </tr>
              <tr>
                <th scope="row">{t('purification.areaSpecificAblation')}</th>
                <td data-testid="a102-specific">{n(a102?.data.areaSpecificAblation)}</td>
              </tr>
              <tr>
                <th scope="row">{t('purification.ablationOfBypass')}</th>
                <td>{n(a102?.data.ablationOfBypass)}</td>
              </tr>
              <tr>
                <th scope="row">{t('purification.intakeWithBypass')}</th>
                <td>{n(a102?.data.intakeWithBypass)}</td>
              </tr>
              <tr>
                <th scope="row">{t('purification.permittedAblation')}</th>
                <td>{n(a102?.data.permittedAblation)}</td>
              </tr>
              <tr>
                <th scope="row">{t('purification.requiredRestraint')}</th>
                <td>{n(a102?.requiredRestraint)}</td>
              </tr>
              <tr>
                <th scope="row">{t('purification.requiredEfficiency')}</th>
                <td data-testid="a102-efficiency">{n(a102?.requiredEfficiency, 3)}</td>
              </tr>
            </tbody>
          </table>
          <Verdict result={result} />
          {result?.showTreatmentOptions === true && facilityBlock}
        </fieldset>
      )}

      <IssueList issues={waterflow.issuesByNode.get(id)} />
      <div className="rp-actions">
        {/* Back saves and goes to the dimensioning of a measure (planning spec section 2): the
            measure this purification drains into, else the first measure; it never creates one
            (decision 0082) — without any measure it returns to the surfaces (decision 0217). */}
        <Button variant="secondary" onPress={() => void back()}>
          {t('actions.back')}
        </Button>
        <Button variant="secondary" onPress={() => void nav.toConfigurator()}>
          {t('actions.configure')}
        </Button>
        <DeleteNodeButton name={purification.name} onDelete={() => void nav.remove('purification', id)} />
      </div>
    </section>
  );
});

/**
 * Asks before choosing a measure moves surfaces (issue 14.3): which surfaces leave this purification
 * (to its previous measure, or draining into nothing) and which surfaces of the new measure come
 * here. Cancel changes nothing.
 */
const ReassignDialog = observer(function ReassignDialog({ purificationId, pending, onCancel, onConfirm }: { purificationId: string; pending: { measureId: string | null } | undefined; onCancel: () => void; onConfirm: (measureId: string | null) => void }) {
  const { t } = useTranslation('dimensioning');
  const { waterflow } = useStores();
  const change = pending === undefined ? undefined : waterflow.purificationMeasureChange(purificationId, pending.measureId);
  const names = (list: readonly { name: string }[]) => list.map((s) => s.name).join(', ');
  const target = pending?.measureId == null ? undefined : waterflow.measure(pending.measureId)?.name;
  return (
    <ConfirmDialog
      isOpen={pending !== undefined}
      title={t('reassign.title')}
      confirmLabel={t('reassign.confirm')}
      onCancel={onCancel}
      onConfirm={() => pending !== undefined && onConfirm(pending.measureId)}
      text={
        <div data-testid="reassign-dialog">
          {change !== undefined && change.detached.length > 0 && (
            <p>
              {change.previousMeasure === undefined
                ? t('reassign.detachedNowhere', { count: change.detached.length, names: names(change.detached) })
                : t('reassign.detachedTo', { count: change.detached.length, names: names(change.detached), measure: change.previousMeasure.name })}
            </p>
          )}
          {change !== undefined && change.adopted.length > 0 && <p>{t('reassign.adopted', { count: change.adopted.length, names: names(change.adopted), measure: target ?? '' })}</p>}
          <p>{t('reassign.question')}</p>
        </div>
      }
    />
  );
});
