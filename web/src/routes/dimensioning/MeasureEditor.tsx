/**
 * Measure editor (…/dimensioning/measures/{measureId}; planning spec section 2): header (name,
 * sealed surfaces, A_C, flooding verification), step 1 (target, variant, tank type, installation
 * type), step 2 (direction, soil, permeability, recurrence, safety margin, throttle), step 3
 * (dimensions per type with the spec's minimums, steps and rounding), the result block (trough
 * and tank blocks when combined), the flooding verification, auto-dimensioning with the engine's
 * required length, a volume-per-duration chart and the rule edition / rain dataset. Every value
 * shown comes from the engine's evaluation (store.waterflow); every edit is an engine operation.
 * Below the results: the measure's variants and their comparison (VariantsSection, decision 0148).
 */
import { measureKind, measureKindCandidates, tankPart, type DimensioningInfiltrationTank, type DimensioningTrough, type Measure, type MeasureResult } from '@rainplan/engine';
import {
  ANNUALITIES_A,
  DEFAULTS,
  FLOODING_SAFETY_MARGIN_IDS,
  INFILTRATION_DIRECTIONS,
  INFILTRATION_TANK_TYPES,
  INPUT_LIMITS,
  INSTALLATION_TARGETS,
  INSTALLATION_TYPES,
  INSTALLATION_VARIANTS,
  PIPE_TYPES,
  SIZE_LIMITS,
  SOIL_CATEGORY_IDS,
  type FloodingSafetyMarginId,
  type InfiltrationDirection,
  type InfiltrationTankType,
  type InstallationTarget,
  type InstallationType,
  type InstallationVariant,
  type PipeTypeId,
  type SoilCategoryId,
} from '@rainplan/engine/tables';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router';
import { Button } from '../../components/Button.tsx';
import { Checkbox } from '../../components/Checkbox.tsx';
import { Select } from '../../components/Select.tsx';
import { call } from '../../engine/shared/call.ts';
import { configuratorApi } from '../../configurator/api.ts';
import { useStores } from '../../stores/StoreContext.tsx';
import { hoursMinutes } from '../../dimensioning/ui/format.ts';
import { figure, measureResultFigures } from '../../dimensioning/ui/measureFigures.ts';
import { GroundwaterClearanceResult, GroundwaterFields } from '../../dimensioning/ui/GroundwaterClearance.tsx';
import { IssueList } from '../../dimensioning/ui/Issues.tsx';
import { LiveNumberField } from '../../dimensioning/ui/LiveNumberField.tsx';
import { NameField } from '../../dimensioning/ui/NameField.tsx';
import { DeleteNodeButton } from '../../dimensioning/ui/NodeActions.tsx';
import { nodePath } from '../../dimensioning/ui/paths.ts';
import { ResultBasis } from '../../dimensioning/ui/ResultBasis.tsx';
import { SurfaceChoice } from '../../dimensioning/ui/SurfaceChoice.tsx';
import { useDimensioningNavigation } from '../../dimensioning/ui/useDimensioningNavigation.ts';
import { VolumeChart } from '../../dimensioning/ui/VolumeChart.tsx';
import { UncertaintyBandText } from '../../dimensioning/ui/UncertaintyBand.tsx';
import { VariantsSection } from '../../dimensioning/ui/VariantsSection.tsx';

type Data = Measure['data'];

function Duration({ minutes }: { minutes: number | null | undefined }) {
  const { t } = useTranslation('dimensioning');
  const hm = hoursMinutes(minutes);
  if (hm === undefined) return <>---</>;
  return <>{hm.h === 0 ? t('measure.minutes', { m: hm.m }) : t('measure.hoursMinutes', hm)}</>;
}

/**
 * The box configuration linked to a measure, if any (its id and name): the measure then takes its
 * tank dimensions from it, and the editor shows them read-only (issue 27).
 */
function useLinkedConfiguration(projectId: string, measureId: string | undefined): { id: string; name: string } | undefined {
  const { api } = useStores();
  const [linked, setLinked] = useState<{ id: string; name: string } | undefined>(undefined);
  useEffect(() => {
    let live = true;
    setLinked(undefined);
    if (measureId === undefined || projectId === '') return undefined;
    configuratorApi(api)
      .configurations(projectId)
      .then((list) => {
        const found = list.find((c) => c.measureId === measureId);
        if (live) setLinked(found === undefined ? undefined : { id: found.id, name: found.name });
      })
      .catch(() => undefined); // without the list the editor offers the fields as before
    return () => {
      live = false;
    };
  }, [api, projectId, measureId]);
  return linked;
}

/** One result block (whole measure, trough part or tank part). */
function ResultBlock({ title, testId, rows }: { title: string; testId: string; rows: readonly { label: string; value: React.ReactNode; id?: string }[] }) {
  return (
    <section className="rp-results" aria-label={title} data-testid={testId}>
      <h2>{title}</h2>
      <dl>
        {rows.map((row) => (
          <div key={row.label} style={{ display: 'contents' }}>
            <dt>{row.label}</dt>
            <dd {...(row.id === undefined ? {} : { 'data-testid': row.id })}>{row.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

export const Component = observer(function MeasureEditor() {
  const { t, i18n } = useTranslation('dimensioning');
  const { waterflow } = useStores();
  const { measureId } = useParams();
  const nav = useDimensioningNavigation();
  const linked = useLinkedConfiguration(nav.projectId, measureId);
  const measure = waterflow.measure(measureId);
  if (measure === undefined) {
    const first = waterflow.waterflow.measures[0];
    return <Navigate replace to={first === undefined ? nodePath(nav.projectId, 'surface') : nodePath(nav.projectId, 'measure', first.id)} />;
  }
  const id = measure.id;
  const d: Data = measure.data;
  const result: MeasureResult | undefined = waterflow.measureResults.get(id);
  const edit = waterflow.edit.bind(waterflow);
  const lang = i18n.language;
  const n = (value: number | null | undefined, digits = 2) => figure(value, lang, digits);

  // The measure's kind from the engine's registry: its parts, and what every kind an incomplete
  // choice can still become shares (the trough before the tank type is chosen).
  const target = d.installationTarget ?? null;
  const variant = d.installationVariant ?? null;
  const kind = measureKind(d);
  const candidates = measureKindCandidates(d);
  const retention = kind.retention;
  const infiltration = kind.infiltration;
  const hasTankVariant = infiltration && d.installationVariant != null && candidates.length > 0 && candidates.every((k) => k.tank !== null);
  const trough = kind.trough;
  const combined = candidates.length > 0 && candidates.every((k) => k.troughOwnInputs);
  const tank = kind.tank;
  const stepsEnabled = result?.steps.parameters ?? false;
  const tankDims: DimensioningInfiltrationTank = d.dimensioningInfiltrationTank ?? {};
  const troughDims: DimensioningTrough = d.dimensioningTrough ?? {};
  const setTank = (patch: Partial<DimensioningInfiltrationTank>) => void edit(call('updateMeasure', id, { dimensioningInfiltrationTank: { ...tankDims, ...patch } }));
  const setTrough = (patch: Partial<DimensioningTrough>) => void edit(call('updateMeasure', id, { dimensioningTrough: { ...troughDims, ...patch } }));
  const auto = result?.autoDimensioning;
  const autoLength = auto?.roundedLengthM ?? auto?.lengthM;
  const pipeOptions = PIPE_TYPES.filter((p) => p.use === 'any' || p.use === (retention ? 'retention' : 'infiltration')).map((p) => ({ id: p.id, label: `${p.id.replace(/_/g, ' ')} (${p.innerDiameterMm}/${p.outerDiameterMm} mm)` }));
  const annualityOptions = ANNUALITIES_A.map((a) => ({ id: a, label: String(a) }));
  const floodingOn = result?.floodingVerification ?? d.floodingVerification === true;
  /** The flooding volume is calculated on request while the verification is off. */
  const calculating = !floodingOn && d.calculateFlooding === true;
  const surfaceOptions = waterflow.surfaceOptions(id);
  const sufficient = result?.partsSufficient;
  // Flooding results the engine computed are shown whenever they exist (issue 14.3), not only when
  // the verification is ticked (measureResultFigures; the tank part's extra volume below).
  const finite = (x: number | null | undefined) => typeof x === 'number' && Number.isFinite(x);

  // the same figures the share view shows (measureFigures.ts), with the band after the volumes
  const figures = measureResultFigures(result, d, lang, t);
  const bandRow =
    result !== undefined && (result.uncertaintyBand !== null || (result.uncertaintyBandReason !== null && result.uncertaintyBandReason !== 'notSized'))
      ? [{ label: t('band.label'), value: <UncertaintyBandText result={result} />, id: 'result-band' }]
      : [];
  const mainRows = figures.flatMap((row) => [{ label: row.label, value: row.value, ...(row.id === undefined ? {} : { id: row.id }) }, ...(row.key === 'available' ? bandRow : [])]);

  return (
    <section className="rp-editor" aria-labelledby="measure-title" key={id}>
      <h1 id="measure-title">
        {t('measure.heading')}: {measure.name}
      </h1>

      <div className="rp-grid">
        <NameField value={measure.name} onCommit={(name) => void edit(call('renameNode', id, name))} />
        <div className="rp-field">
          <span className="rp-field__label">{t('measure.AC')}</span>
          <output data-testid="measure-ac">{n(result?.AC)}</output>
        </div>
      </div>
      <SurfaceChoice label={t('measure.surfaces')} options={surfaceOptions} value={waterflow.chosenSurfaces(id)} onChange={(ids) => void edit(call('assignSurfaces', id, ids))} />
      <Checkbox
        isSelected={floodingOn}
        isDisabled={result?.floodingVerificationLocked ?? true}
        onChange={(on) => void edit(call('setFloodingVerification', id, on))}
      >
        {t('measure.floodingVerification')}
      </Checkbox>

      {/* On wide screens the result block stays in view beside the inputs (issue 14.4). */}
      <div className="rp-measure__body">
      <div className="rp-measure__inputs">
      <fieldset>
        <legend>{t('measure.step1')}</legend>
        <div className="rp-grid">
          <Select<InstallationTarget>
            label={t('measure.target')}
            placeholder={t('surface.choose')}
            options={INSTALLATION_TARGETS.map((x) => ({ id: x, label: t(`target.${x}`) }))}
            value={target}
            isRequired
            onChange={(x) => void edit(call('setInstallationTarget', id, x))}
          />
          {infiltration && (
            <Select<InstallationVariant>
              label={t('measure.variant')}
              placeholder={t('surface.choose')}
              options={INSTALLATION_VARIANTS.map((x) => ({ id: x, label: t(`variant.${x}`) }))}
              value={variant}
              isRequired
              onChange={(x) => void edit(call('setInstallationVariant', id, x))}
            />
          )}
          {infiltration && hasTankVariant && (
            <Select<InfiltrationTankType>
              label={t('measure.tankType')}
              placeholder={t('surface.choose')}
              options={INFILTRATION_TANK_TYPES.map((x) => ({ id: x, label: t(`tankType.${x}`) }))}
              value={d.infiltrationTankType ?? null}
              isRequired
              onChange={(x) => void edit(call('setInfiltrationTankType', id, x))}
            />
          )}
          {retention && (
            <Select<InstallationType>
              label={t('measure.installationType')}
              placeholder={t('surface.choose')}
              options={INSTALLATION_TYPES.map((x) => ({ id: x, label: t(`installationType.${x}`) }))}
              value={d.installationType ?? null}
              isRequired
              onChange={(x) => void edit(call('setInstallationType', id, x))}
            />
          )}
        </div>
      </fieldset>

      {!stepsEnabled && <p className="rp-muted">{t('measure.stepsDisabled')}</p>}
      <fieldset disabled={!stepsEnabled}>
        <legend>{t('measure.step2')}</legend>
        <div className="rp-grid">
          {infiltration && (
            <>
              <Select<InfiltrationDirection>
                label={t('measure.direction')}
                options={INFILTRATION_DIRECTIONS.map((x) => ({ id: x, label: t(`direction.${x}`) }))}
                value={d.infiltrationDirection ?? null}
                isDisabled={!stepsEnabled}
                onChange={(x) => void edit(call('updateMeasure', id, { infiltrationDirection: x }))}
              />
              <Select<SoilCategoryId>
                label={combined ? t('measure.soil') : t('measure.soil')}
                placeholder={t('surface.choose')}
                options={SOIL_CATEGORY_IDS.map((x) => ({ id: x, label: t(`soil.${x}`) }))}
                value={d.soilData ?? null}
                isRequired
                isDisabled={!stepsEnabled}
                onChange={(x) => void edit(call('setSoil', id, x, 'tank'))}
              />
              <LiveNumberField label={t('measure.kfX')} value={d.permeabilityCoefficientX} step={0.01} isDisabled={!stepsEnabled} onChange={(x) => void edit(call('updateMeasure', id, { permeabilityCoefficientX: x }))} />
              <LiveNumberField label={t('measure.kfY')} value={d.permeabilityCoefficientY} step={1} snap="round" isDisabled={!stepsEnabled} onChange={(y) => void edit(call('updateMeasure', id, { permeabilityCoefficientY: y }))} />
              {combined && (
                <>
                  <Select<SoilCategoryId>
                    label={t('measure.soilTrough')}
                    placeholder={t('surface.choose')}
                    options={SOIL_CATEGORY_IDS.map((x) => ({ id: x, label: t(`soil.${x}`) }))}
                    value={d.soilDataTrough ?? null}
                    isDisabled={!stepsEnabled}
                    onChange={(x) => void edit(call('setSoil', id, x, 'trough'))}
                  />
                  <LiveNumberField label={t('measure.kfXTrough')} value={d.permeabilityCoefficientXTrough} step={0.01} isDisabled={!stepsEnabled} onChange={(x) => void edit(call('updateMeasure', id, { permeabilityCoefficientXTrough: x }))} />
                  <LiveNumberField label={t('measure.kfYTrough')} value={d.permeabilityCoefficientYTrough} step={1} snap="round" isDisabled={!stepsEnabled} onChange={(y) => void edit(call('updateMeasure', id, { permeabilityCoefficientYTrough: y }))} />
                </>
              )}
            </>
          )}
          <Select<number>
            label={t('measure.recurrence')}
            options={annualityOptions}
            value={d.recurrenceInterval ?? null}
            isRequired
            isDisabled={!stepsEnabled}
            onChange={(x) => void edit(call('updateMeasure', id, { recurrenceInterval: x as Data['recurrenceInterval'] & number }))}
          />
          {combined && (
            <Select<number>
              label={t('measure.recurrenceTrough')}
              options={annualityOptions}
              value={d.recurrenceIntervalTrough ?? null}
              isDisabled={!stepsEnabled}
              onChange={(x) => void edit(call('updateMeasure', id, { recurrenceIntervalTrough: x as Data['recurrenceIntervalTrough'] & number }))}
            />
          )}
          <LiveNumberField label={t('measure.safetyMargin')} value={d.safetyMargin} step={5} isRequired isDisabled={!stepsEnabled} onChange={(x) => void edit(call('updateMeasure', id, { safetyMargin: x }))} />
          {(retention || hasTankVariant) && (
            <LiveNumberField label={t('measure.throttle')} value={d.throttleDischarge} step={0.5} isDisabled={!stepsEnabled} testId="measure-throttle" onChange={(x) => void edit(call('updateMeasure', id, { throttleDischarge: x }))} />
          )}
        </div>
      </fieldset>

      <fieldset disabled={!stepsEnabled}>
        <legend>{t('measure.step3')}</legend>
        {trough && (
          <div className="rp-grid" role="group" aria-label={t('measure.trough')}>
            <LiveNumberField label={`${t('measure.trough')}: ${t('measure.length')}`} value={troughDims.length} maxValue={SIZE_LIMITS.measureLengthMaxM} step={0.5} isRequired isDisabled={!stepsEnabled} testId="trough-length" onChange={(x) => setTrough({ length: x })} />
            <LiveNumberField label={`${t('measure.trough')}: ${t('measure.width')}`} value={troughDims.width} maxValue={SIZE_LIMITS.measureLengthMaxM} step={0.1} isRequired isDisabled={!stepsEnabled} onChange={(x) => setTrough({ width: x })} />
            <LiveNumberField label={`${t('measure.trough')}: ${t('measure.depth')}`} value={troughDims.depth} maxValue={SIZE_LIMITS.measureHeightMaxM} step={0.05} isRequired isDisabled={!stepsEnabled} onChange={(x) => setTrough({ depth: x })} />
            <LiveNumberField label={`${t('measure.trough')}: ${t('measure.slope')}`} value={troughDims.slope} maxValue={SIZE_LIMITS.troughSlopeMax} step={0.5} isRequired isDisabled={!stepsEnabled} onChange={(x) => setTrough({ slope: x })} />
          </div>
        )}
        {tank === 'Box' && linked !== undefined && (
          // A linked configuration sets the tank's dimensions (the api stores them with every edit of its items).
          <div className="rp-grid" role="group" aria-label={t('measure.tank')} data-testid="tank-from-configuration">
            <p className="rp-hint" data-testid="dimensions-from-configuration">
              {t('measure.dimensionsFromConfiguration', { name: linked.name })}{' '}
              <Button variant="secondary" onPress={() => void nav.toConfigurator(id)}>
                {t('measure.openConfiguration', { name: linked.name })}
              </Button>
            </p>
            {(
              [
                ['length', tankDims.length, 2],
                ['width', tankDims.width, 2],
                ['levels', tankDims.levels, 1],
                ['height', tankDims.height, 2],
                ['storageCoefficient', tankDims.storageCoefficient, 0],
              ] as const
            ).map(([key, value, digits]) => (
              <div className="rp-field" key={key}>
                <span className="rp-field__label">{t(`measure.${key}`)}</span>
                <output data-testid={`tank-${key}-configured`}>{n(value, digits)}</output>
              </div>
            ))}
          </div>
        )}
        {tank === 'Box' && linked === undefined && (
          <div className="rp-grid" role="group" aria-label={t('measure.tank')}>
            <LiveNumberField label={t('measure.length')} value={tankDims.length} minValue={INPUT_LIMITS.boxDimensionMinM} maxValue={SIZE_LIMITS.boxTankEdgeMaxM} step={INPUT_LIMITS.boxDimensionStepM} snap="floor" decimals={2} isRequired isDisabled={!stepsEnabled} testId="tank-length" onChange={(x) => setTank({ length: x })} />
            <LiveNumberField label={t('measure.width')} value={tankDims.width} minValue={INPUT_LIMITS.boxDimensionMinM} maxValue={SIZE_LIMITS.boxTankEdgeMaxM} step={INPUT_LIMITS.boxDimensionStepM} snap="floor" decimals={2} isRequired isDisabled={!stepsEnabled} testId="tank-width" onChange={(x) => setTank({ width: x })} />
            <LiveNumberField label={t('measure.levels')} value={tankDims.levels} minValue={INPUT_LIMITS.levelsMin} maxValue={DEFAULTS.maxLevels} step={INPUT_LIMITS.levelsStep} snap="floor" decimals={1} isRequired isDisabled={!stepsEnabled} testId="tank-levels" onChange={(x) => setTank({ levels: x })} />
            <div className="rp-field">
              <span className="rp-field__label">{t('measure.height')}</span>
              <output>{n(tankDims.height)}</output>
            </div>
            <div className="rp-field">
              <span className="rp-field__label">{t('measure.storageCoefficient')}</span>
              <output>{n(tankDims.storageCoefficient, 0)}</output>
            </div>
          </div>
        )}
        {tank === 'Pipe' && (
          <div className="rp-grid" role="group" aria-label={t('measure.tank')}>
            <LiveNumberField label={t('measure.length')} value={tankDims.length} maxValue={SIZE_LIMITS.measureLengthMaxM} step={0.5} isRequired isDisabled={!stepsEnabled} testId="tank-length" onChange={(x) => setTank({ length: x })} />
            <LiveNumberField label={t('measure.width')} value={tankDims.width} maxValue={SIZE_LIMITS.measureLengthMaxM} step={0.1} isRequired isDisabled={!stepsEnabled} onChange={(x) => setTank({ width: x })} />
            <LiveNumberField label={t('measure.height')} value={tankDims.height} maxValue={SIZE_LIMITS.measureHeightMaxM} step={0.1} isRequired isDisabled={!stepsEnabled} onChange={(x) => setTank({ height: x })} />
            <LiveNumberField label={t('measure.numberOfPipes')} value={tankDims.numberOfPipes} minValue={INPUT_LIMITS.numberOfPipesMin} maxValue={SIZE_LIMITS.numberOfPipesMax} step={1} snap="round" decimals={0} isDisabled={!stepsEnabled} onChange={(x) => setTank({ numberOfPipes: x })} />
            <Select<PipeTypeId> label={t('measure.pipeType')} placeholder={t('surface.choose')} options={pipeOptions} value={tankDims.pipeType ?? null} isDisabled={!stepsEnabled} onChange={(x) => setTank({ pipeType: x })} />
            <LiveNumberField label={t('measure.storageCoefficientMaterial')} value={tankDims.storageCoefficientMaterial} maxValue={100} step={1} isDisabled={!stepsEnabled} onChange={(x) => setTank({ storageCoefficientMaterial: x })} />
          </div>
        )}
        {tank === 'RetentionPipe' && (
          <div className="rp-grid" role="group" aria-label={t('measure.tank')}>
            <LiveNumberField label={t('measure.length')} value={tankDims.length} maxValue={SIZE_LIMITS.measureLengthMaxM} step={1} isRequired isDisabled={!stepsEnabled} testId="tank-length" onChange={(x) => setTank({ length: x })} />
            <Select<PipeTypeId> label={t('measure.pipeType')} placeholder={t('surface.choose')} options={pipeOptions} value={tankDims.pipeType ?? null} isRequired isDisabled={!stepsEnabled} onChange={(x) => setTank({ pipeType: x })} />
          </div>
        )}
        {tank !== null && (
          <div className="rp-actions">
            <Button variant="secondary" isDisabled={!stepsEnabled || autoLength === undefined} onPress={() => autoLength !== undefined && setTank({ length: autoLength })}>
              {t('actions.autoDimension')}
            </Button>
            {autoLength !== undefined && <span className="rp-muted" data-testid="auto-length">{t('measure.autoDimensionHint', { length: n(autoLength) })}</span>}
          </div>
        )}
      </fieldset>

      {infiltration && <GroundwaterFields data={d} tank={tank !== null && tankPart(tank).rectangularSection} onChange={(patch) => void edit(call('updateMeasure', id, patch))} />}
      </div>
      <div className="rp-measure__results">
      <ResultBlock title={t('measure.results')} testId="measure-results" rows={mainRows} />
      {sufficient !== undefined && (
        <p className={`rp-verdict ${sufficient ? 'rp-verdict--pass' : 'rp-verdict--fail'}`} data-testid="measure-verdict">
          {sufficient ? t('measure.sufficient') : t('measure.insufficient')}
        </p>
      )}
      {/* The result block's calculate-flooding checkbox (planning spec section 2): below the A_C
          threshold, with the verification off, it has the flooding and extra volume calculated
          (decision 0034's defaults when no flooding inputs are chosen); while the verification is
          in effect the flooding volume is calculated anyway, so the box shows ticked and fixed. */}
      <Checkbox
        isSelected={floodingOn || calculating}
        isDisabled={floodingOn || !stepsEnabled || !finite(result?.AC)}
        onChange={(on) => void edit(call('updateMeasure', id, { calculateFlooding: on }))}
        data-testid="calculate-flooding"
      >
        {t('measure.calculateFlooding')}
      </Checkbox>
      <p className="rp-muted" data-testid="calculate-flooding-hint">
        {floodingOn ? t('measure.calculateFloodingByVerification') : !finite(result?.AC) ? t('measure.calculateFloodingNoArea') : t('measure.calculateFloodingHint')}
      </p>
      <GroundwaterClearanceResult result={result} />
      </div>
      </div>
      {combined && (
        <>
          <ResultBlock
            title={t('measure.trough')}
            testId="trough-results"
            rows={[
              { label: t('measure.duration'), value: <Duration minutes={d.durationTrough} /> },
              { label: t('measure.precipitation'), value: n(d.precipitationTrough, 1) },
              { label: t('measure.requiredVolume'), value: n(d.requiredVolumeTrough), id: 'trough-required' },
              { label: t('measure.availableVolume'), value: n(d.plannedVolumeTrough), id: 'trough-available' },
              { label: t('measure.drainingTime'), value: n(d.drainingTimeTrough, 1) },
            ]}
          />
          <ResultBlock
            title={t('measure.tank')}
            testId="tank-results"
            rows={[
              { label: t('measure.duration'), value: <Duration minutes={d.durationInfiltrationTank} /> },
              { label: t('measure.precipitation'), value: n(d.precipitationInfiltrationTank, 1) },
              { label: t('measure.requiredVolume'), value: n(d.requiredVolumeInfiltrationTank), id: 'tank-required' },
              { label: t('measure.availableVolume'), value: n(d.plannedVolumeInfiltrationTank), id: 'tank-available' },
              { label: t('measure.drainingTime'), value: n(d.drainingTimeInfiltrationTank, 1) },
              ...(floodingOn || finite(d.extraVolumeInfiltrationTank) ? [{ label: t('measure.extraVolume'), value: n(d.extraVolumeInfiltrationTank) }] : []),
            ]}
          />
        </>
      )}

      {(floodingOn || calculating) && (
        <fieldset data-testid="flooding-parameters">
          <legend>{floodingOn ? t('measure.floodingVerification') : t('measure.floodingCalculation')}</legend>
          <p className="rp-muted">{t('measure.floodingRules')}</p>
          <Checkbox isSelected={d.degreeOfSealing === true} onChange={(on) => void edit(call('setFloodingOption', id, on))}>
            {t('measure.floodingOption')}
          </Checkbox>
          <div className="rp-grid">
            <Select<number>
              label={t('measure.floodingRecurrence')}
              options={annualityOptions}
              value={d.recurrenceIntervalFloodingVerification ?? null}
              isDisabled={d.degreeOfSealing === true}
              onChange={(x) => void edit(call('updateMeasure', id, { recurrenceIntervalFloodingVerification: x as Data['recurrenceIntervalFloodingVerification'] & number }))}
            />
            <Select<FloodingSafetyMarginId>
              label={t('measure.floodingSafetyMargin')}
              options={FLOODING_SAFETY_MARGIN_IDS.map((x) => ({ id: x, label: t(`floodingMargin.${x}`) }))}
              value={d.safetyMarginFlooding ?? null}
              onChange={(x) => void edit(call('updateMeasure', id, { safetyMarginFlooding: x }))}
            />
          </div>
        </fieldset>
      )}

      <VolumeChart
        title={t('measure.chart')}
        points={d.reportData?.retentionDrainingTimeChart ?? d.reportData?.infiltrationTankDrainingTimeChart ?? d.reportData?.troughDrainingTimeChart}
        required={result?.requiredVolume}
        band={result?.uncertaintyBand == null ? undefined : { lower: result.uncertaintyBand.lower.chart, upper: result.uncertaintyBand.upper.chart }}
      />
      {combined && <VolumeChart title={`${t('measure.chart')} (${t('measure.trough')})`} points={d.reportData?.troughDrainingTimeChart} required={d.requiredVolumeTrough} />}
      <ResultBasis />
      <IssueList issues={waterflow.issuesByNode.get(id)} />
      <VariantsSection measure={measure} projectName={waterflow.shell?.name ?? ''} />

      <div className="rp-actions">
        <Button variant="secondary" onPress={() => void nav.open('surface', waterflow.waterflow.sealedSurfaces[0]?.id ?? '')}>
          {t('actions.back')}
        </Button>
        <Button
          onPress={() =>
            void waterflow.saveChanged().then((ok) => {
              if (ok) waterflow.notifySaved();
            })
          }
        >
          {t('actions.dimensioning')}
        </Button>
        <Button variant="secondary" onPress={() => void nav.toConfigurator(id)}>
          {t('actions.configure')}
        </Button>
        <DeleteNodeButton name={measure.name} onDelete={() => void nav.remove('measure', id)} />
      </div>
    </section>
  );
});
