/**
 * The report's measures: per measure its type, surfaces and rule edition, inputs beside results,
 * the parts of a combined measure, the rain uncertainty band, the groundwater clearance, the
 * calculation path, the volume chart and the issues. Every figure is the evaluation's.
 */
import type { MeasureResult } from '../../../evaluate/types.ts';
import { measureInfiltrationAreaM2, measurePassing } from '../../../evaluate/measureVerdict.ts';
import type { ChartPoint } from '../../../model/measure.ts';
import { TROUGH_PART } from '../../../kinds/parts/trough.ts';
import { measureKindCandidates, measureKindOf, tankPart } from '../../../kinds/registry.ts';
import type { ReportInputRow } from '../../../kinds/types.ts';
import { measureKind } from '../../../waterflow/measureRules.ts';
import { formatPowerOfTen, headingName } from '../../labels/index.ts';
import { dataTable, fields, heading, paragraph, type PdfContent, type PdfNode } from '../../kit/pdf.ts';
import { measureCalculationPath } from '../calculationPath.ts';
import { volumeChartNode } from '../chart.ts';
import { issueList, label, num, verdict, type Ctx } from '../context.ts';
import { groundwaterClearanceBlock } from '../groundwaterClearance.ts';
import { rainUncertaintyBandLine } from '../uncertaintyHook.ts';

/** Label prefixes of the installation fields in the report's words. */
const SELECTION_LABELS = [
  ['installationType', 'installationType'],
  ['installationVariant', 'variant'],
  ['infiltrationTankType', 'tankType'],
] as const;

function measureTypeText(c: Ctx, m: MeasureResult): string {
  const d = m.data;
  const parts: string[] = [];
  if (d.installationTarget !== undefined && d.installationTarget !== null) parts.push(label(c, `target.${d.installationTarget}`, d.installationTarget));
  // The installation fields that select a kind the measure can still be (kinds/registry.ts).
  const candidates = measureKindCandidates(d);
  for (const [field, prefix] of SELECTION_LABELS) {
    const value = d[field];
    if (value !== undefined && value !== null && candidates.some((k) => k.selection[field] !== undefined)) parts.push(label(c, `${prefix}.${value}`, value));
  }
  return parts.length === 0 ? '–' : parts.join(' – ');
}

const kf = (c: Ctx, x: number | undefined | null, y: number | undefined | null): string | undefined =>
  x === undefined || x === null || y === undefined || y === null ? undefined : formatPowerOfTen(x, y, c.lang);

function measureInputs(c: Ctx, m: MeasureResult): [string, string][] {
  const d = m.data;
  const kind = measureKind(d);
  const ownTroughInputs = measureKindOf(d)?.troughOwnInputs === true;
  const rows: [string, string | undefined][] = [];
  const n = (v: number | undefined | null, decimals = 2) => (v === undefined || v === null ? undefined : num(c, v, decimals));
  rows.push([c.t('input.recurrenceInterval'), n(d.recurrenceInterval, 0)]);
  if (ownTroughInputs) rows.push([c.t('input.recurrenceIntervalTrough'), n(d.recurrenceIntervalTrough, 0)]);
  rows.push([c.t('input.safetyMargin'), n(d.safetyMargin, 0)]);
  if (kind.soil) {
    rows.push([c.t('input.soil'), d.soilData === undefined || d.soilData === null ? undefined : label(c, `soil.${d.soilData}`, d.soilData)]);
    rows.push([c.t('input.kf'), kf(c, d.permeabilityCoefficientX, d.permeabilityCoefficientY)]);
    if (ownTroughInputs) {
      rows.push([c.t('input.soilTrough'), d.soilDataTrough === undefined || d.soilDataTrough === null ? undefined : label(c, `soil.${d.soilDataTrough}`, d.soilDataTrough)]);
      rows.push([c.t('input.kfTrough'), kf(c, d.permeabilityCoefficientXTrough, d.permeabilityCoefficientYTrough)]);
    }
    if (m.ruleEdition === 'DWA-A 138-1:2024') {
      rows.push([c.t('input.factorSite'), n(d.permeabilityFactorSite)]);
      rows.push([c.t('input.factorMethod'), n(d.permeabilityFactorMethod)]);
    }
    if (kind.tank !== null) rows.push([c.t('input.direction'), d.infiltrationDirection === undefined || d.infiltrationDirection === null ? undefined : label(c, `direction.${d.infiltrationDirection}`, d.infiltrationDirection)]);
  }
  if (kind.throttle) rows.push([c.t('input.throttleDischarge'), n(d.throttleDischarge)]);
  const partRows = (list: readonly ReportInputRow[]) => {
    for (const r of list) rows.push([c.t(r.labelKey), typeof r.value === 'number' ? n(r.value, r.decimals ?? 2) : (r.value ?? undefined)]);
  };
  if (kind.trough) partRows(TROUGH_PART.reportRows(d.dimensioningTrough ?? {}));
  if (kind.tank !== null) {
    const t = d.dimensioningInfiltrationTank;
    rows.push([c.t('input.tankWidth'), n(t?.width)], [c.t('input.tankLength'), n(t?.length)], [c.t('input.tankHeight'), n(t?.height)]);
    partRows(tankPart(kind.tank).reportRows(t ?? {}));
  }
  return rows.map(([k, v]) => [k, v ?? '–']);
}

/** The governing results of the measure: A_C, duration, rain, required / available volume, draining time, infiltration area, verdict. */
function measureResults(c: Ctx, m: MeasureResult): PdfContent {
  const d = m.data;
  const u = (v: number | null | undefined) => (v === null ? undefined : v);
  const rows: [string, string][] = [
    [c.t('measure.ac'), num(c, m.AC)],
    [c.t('measure.duration'), num(c, u(d.duration) ?? u(d.durationInfiltrationTank) ?? u(d.durationTrough), 0)],
    [c.t('measure.precipitation'), num(c, u(d.precipitation) ?? u(d.precipitationInfiltrationTank) ?? u(d.precipitationTrough), 1)],
    [c.t('measure.requiredVolume'), num(c, m.requiredVolume)],
    [c.t('measure.availableVolume'), num(c, m.value)],
    [c.t('measure.drainingTime'), num(c, u(d.drainingTime) ?? u(d.drainingTimeInfiltrationTank) ?? u(d.drainingTimeTrough), 1)],
  ];
  const area = measureInfiltrationAreaM2(m);
  if (area !== undefined) rows.push([c.t('measure.infiltrationArea'), num(c, area)]);
  return fields([...rows, [c.t('measure.verdict'), verdict(c, measurePassing(m))] as [string, PdfNode]]);
}

/** Trough and tank of a combined measure, one row each; null for single-part measures. */
function measureParts(c: Ctx, m: MeasureResult): PdfContent | null {
  const d = m.data;
  const kind = measureKindOf(d);
  if (kind?.trough == null || kind.tank === null) return null;
  const u = (v: number | null | undefined) => (v === null ? undefined : v);
  const parts = [
    { name: c.t('measure.part.trough'), duration: u(d.durationTrough), r: u(d.precipitationTrough), required: u(d.requiredVolumeTrough), available: u(d.plannedVolumeTrough), draining: u(d.drainingTimeTrough) },
    { name: c.t('measure.part.tank'), duration: u(d.durationInfiltrationTank), r: u(d.precipitationInfiltrationTank), required: u(d.requiredVolumeInfiltrationTank), available: u(d.plannedVolumeInfiltrationTank), draining: u(d.drainingTimeInfiltrationTank) },
  ];
  return dataTable(
    ['', c.t('measure.duration'), c.t('measure.precipitation'), c.t('measure.requiredVolume'), c.t('measure.availableVolume'), c.t('measure.drainingTime')],
    parts.map((p) => [p.name, num(c, p.duration, 0), num(c, p.r, 1), num(c, p.required), num(c, p.available), num(c, p.draining, 1)]),
    [false, true, true, true, true, true],
  );
}

function measureChart(c: Ctx, m: MeasureResult): PdfContent {
  const r = m.data.reportData;
  const series: { label: string; points: readonly ChartPoint[] }[] = [];
  if (r?.retentionDrainingTimeChart !== undefined && r.retentionDrainingTimeChart !== null) series.push({ label: c.t('measure.chartPart.retention'), points: r.retentionDrainingTimeChart });
  if (r?.troughDrainingTimeChart !== undefined && r.troughDrainingTimeChart !== null) series.push({ label: c.t('measure.chartPart.trough'), points: r.troughDrainingTimeChart });
  if (r?.infiltrationTankDrainingTimeChart !== undefined && r.infiltrationTankDrainingTimeChart !== null) series.push({ label: c.t('measure.chartPart.tank'), points: r.infiltrationTankDrainingTimeChart });
  if (series.every((s) => s.points.length === 0)) return paragraph(c.t('measure.noChart'), { italics: true });
  const chart = volumeChartNode(series, {
    language: c.lang,
    axisX: c.t('measure.chartAxisX'),
    axisY: c.t('measure.chartAxisY'),
    reference: m.value === undefined ? undefined : { value: m.value, label: c.t('measure.availableVolume') },
  });
  return { stack: [{ text: c.t('measure.chart'), style: 'h4' }, { ...chart, margin: [0, 4, 0, 8] }], unbreakable: true };
}

export function measuresSection(c: Ctx): PdfContent[] {
  const { project, evaluation } = c.input;
  const out: PdfContent[] = [heading(c.t('section.measures'), 1, { pageBreak: true })];
  if (evaluation.measures.length === 0) return [...out, paragraph(c.t('measure.none'), { italics: true })];
  const surfaceNames = new Map(evaluation.sealedSurfaces.map((s) => [s.id, s.name]));
  const configurations = new Map((c.options.configurations ?? []).map((x) => [x.id, x.name]));
  evaluation.measures.forEach((m, index) => {
    const node = project.waterflow.measures.find((x) => x.id === m.id);
    out.push(heading(headingName(m.name), 2, { pageBreak: index > 0 }));
    const info: [string, string][] = [[c.t('measure.type'), measureTypeText(c, m)]];
    const surfaces = (node?.sealedSurfaces ?? []).map((id) => surfaceNames.get(id) ?? id);
    info.push([c.t('measure.surfaces'), surfaces.length === 0 ? '–' : surfaces.join(', ')]);
    if (m.configurationId !== undefined) info.push([c.t('measure.configuration'), configurations.get(m.configurationId) ?? m.configurationId]);
    info.push([c.t('cover.ruleEdition'), m.ruleEdition]);
    out.push(fields(info));
    out.push({
      columns: [
        { width: '*', stack: [{ text: c.t('measure.inputs'), style: 'h4' }, fields(measureInputs(c, m))] },
        { width: '*', stack: [{ text: c.t('measure.results'), style: 'h4' }, measureResults(c, m)] },
      ],
      columnGap: 16,
    });
    const parts = measureParts(c, m);
    if (parts !== null) out.push(parts);
    // Hook for issue 19.1: the rain uncertainty band line of this measure (see uncertaintyHook.ts).
    const band = rainUncertaintyBandLine(m, { t: c.t, language: c.lang });
    if (band !== null) out.push(band);
    const groundwater = groundwaterClearanceBlock(m, { t: c.t, language: c.lang });
    if (groundwater !== null) out.push(groundwater);
    // the governing equations with the values substituted (calculationPath.ts)
    out.push(...measureCalculationPath(m, { t: c.t, language: c.lang }));
    out.push(measureChart(c, m));
    out.push({ text: c.t('measure.issues'), style: 'h4' }, issueList(c, evaluation.issues.filter((i) => i.nodeId === m.id)));
  });
  return out;
}
