/**
 * The dimensioning report as a pdfmake document definition (design/documents.md "Dimensioning
 * report"): cover page, table of contents, site and rain data, connected surfaces, treatment
 * assessments (DWA-M 153, DWA-A 102-2), every measure with its inputs, results, checks and the
 * volume-per-duration chart, flooding checks (per measure and DIN 1986-100 for the site), box
 * configurations with their drawings, and the bill of materials summary; page numbers in the
 * footer. Pure: the numbers are the engine's (`evaluate()`), formatted once with the document's
 * language; the words come from the translate function (labels/report.<lang>.json by default).
 *
 * When the report cannot be made meaningfully (no rain data, a purification whose treatment
 * facility is unknown) it is a cover page and a message page naming each problem and the way
 * forward, never a file with holes.
 *
 * The definition is plain data except `footer`, a function of the page number (pdfmake's way to
 * print "page n of m"); build it where it is rendered (the CLI, the documents worker).
 */
import type { Issue } from '../../issues.ts';
import type { Evaluation, MeasureResult, PurificationResult } from '../../evaluate/types.ts';
import type { ChartPoint } from '../../model/measure.ts';
import type { Project } from '../../model/project.ts';
import type { BillOfMaterials } from '../../bom/types.ts';
import type { ConfigurationVolumes } from '../../boxgrid/volumes.ts';
import type { DrawingView } from '../../boxgrid/drawing.ts';
import type { GridMessage } from '../../boxgrid/messages.ts';
import { kostraAttributionLine } from '../../rain/attribution.ts';
import { din1986FloodingCheck, type Din1986CheckResult } from '../../sizing/flooding.ts';
import { tankInfiltrationAreaM2 } from '../../sizing/tank.ts';
import { ANNUALITIES_A, RAIN_DURATIONS_MIN } from '../../tables/rain.ts';
import { TROUGH_PART } from '../../kinds/parts/trough.ts';
import { measureKindCandidates, measureKindOf, tankPart } from '../../kinds/registry.ts';
import type { ReportInputRow } from '../../kinds/types.ts';
import { measureKind } from '../../waterflow/measureRules.ts';
import {
  documentTranslator,
  formatDate,
  formatDecimalString,
  formatNumber,
  formatPowerOfTen,
  headingName,
  type DocumentLanguage,
  type LabelParams,
  type Translate,
} from '../labels/index.ts';
import type { Branding } from '../branding.ts';
import { volumeChartNode } from './chart.ts';
import { din1986CalculationPath, measureCalculationPath, purificationCalculationPath } from './calculationPath.ts';
import { GROUND_POLLUTION } from '../../tables/m153.ts';
import { groundwaterClearanceBlock, groundwaterSummaryRow } from './groundwaterClearance.ts';
import { rainUncertaintyBandLine } from './uncertaintyHook.ts';

/** A pdfmake content node (plain data). */
export type PdfContent = string | PdfNode | readonly PdfContent[];
export interface PdfNode {
  readonly [key: string]: unknown;
}

/** A pdfmake document definition as the report builds it. */
export interface ReportDocumentDefinition {
  readonly pageSize: 'A4';
  readonly pageOrientation: 'portrait';
  readonly pageMargins: readonly [number, number, number, number];
  readonly info: { readonly title: string; readonly subject: string; readonly creator: string; readonly producer: string; readonly creationDate: Date; readonly modDate: Date };
  readonly content: PdfContent[];
  readonly styles: Readonly<Record<string, PdfNode>>;
  readonly defaultStyle: PdfNode;
  readonly footer: (currentPage: number, pageCount: number) => PdfContent;
}

/** A box configuration as the report shows it (see `reportInputs`). */
export interface ReportConfiguration {
  readonly id: string;
  readonly name: string;
  readonly measureId: string | null;
  readonly stormwaterObjective: 'retention' | 'infiltration' | null;
  readonly volumes: ConfigurationVolumes;
  /** Foil, fleece and geotextile in sales units, m² (decimal strings of the bill), when a catalogue was given. */
  readonly materials: { readonly foilM2: string; readonly fleeceM2: string; readonly geotextileM2: string } | null;
  /** SVG drawings (engine/src/boxgrid/drawing.ts) in the document's language. */
  readonly drawings: Readonly<Record<DrawingView, string>>;
  /** Items skipped on load and the level checks. */
  readonly messages: readonly GridMessage[];
}

/** The evaluated project: the project file and `evaluate(project)` of it. */
export interface EvaluatedProject {
  readonly project: Project;
  readonly evaluation: Evaluation;
}

export interface ReportOptions {
  readonly language: DocumentLanguage;
  /** Translate function; default: the shipped labels (labels/report.<lang>.json). */
  readonly t?: Translate | undefined;
  /** Box configurations with their volumes and drawings (default none). */
  readonly configurations?: readonly ReportConfiguration[] | undefined;
  /** Bill of materials (grouped by measure, with prices); null or absent: the section says so. */
  readonly bill?: BillOfMaterials | null | undefined;
  /** Date of the report (cover page, PDF metadata). */
  readonly now: Date;
  /** Version of the app making the report (rainplan web or CLI). */
  readonly appVersion: string;
  /** Name of the planner (the signed-in user, `--planner`); "not given" when absent. */
  readonly planner?: string | undefined;
  /** The operator's branding (logo on the cover, the sales-contact directory); absent: neither. */
  readonly branding?: Branding | null | undefined;
}

/** Why a report is only a message page. */
export type ReportProblem =
  | { readonly code: 'RAIN_DATA_MISSING' }
  | { readonly code: 'FACILITY_MISSING'; readonly purification: string; readonly facility: string };

const MARGINS = [40, 50, 40, 50] as const;
/** The drawing's box on a landscape A4 page (842 × 595 pt) inside the margins, below its heading, pt. */
const DRAWING_BOX = { width: 842 - MARGINS[0] - MARGINS[2], height: 595 - MARGINS[1] - MARGINS[3] - 40 } as const;

/**
 * The problems that make a report meaningless: measures but no rain series with a value (nothing
 * can be sized), or a purification whose chosen treatment facility is not in the facility list.
 */
export function reportProblems(input: EvaluatedProject): ReportProblem[] {
  const problems: ReportProblem[] = [];
  const rain = input.project.rainData;
  const hasRain = rain !== undefined && rain !== null && rain.raindataSeries.some((s) => s.valuesForDurations.some((v) => v.value > 0));
  // Without measures nothing is sized: the surfaces and assessments need no rain.
  if (!hasRain && input.evaluation.measures.length > 0) problems.push({ code: 'RAIN_DATA_MISSING' });
  for (const issue of input.evaluation.issues) {
    if (issue.code !== 'UNKNOWN_FACILITY') continue;
    const p = input.evaluation.purifications.find((x) => x.id === issue.nodeId);
    const facility = issue.params?.['businessId'];
    problems.push({ code: 'FACILITY_MISSING', purification: p?.name ?? String(issue.nodeId), facility: typeof facility === 'string' || typeof facility === 'number' ? String(facility) : '?' });
  }
  return problems;
}

/** Everything the section builders share. */
interface Ctx {
  readonly t: Translate;
  readonly lang: DocumentLanguage;
  readonly input: EvaluatedProject;
  readonly options: ReportOptions;
}

const num = (c: Ctx, v: number | undefined | null, decimals = 2): string => formatNumber(v, c.lang, { decimals });

/** A label that falls back to a readable value when the translation is missing. */
function label(c: Ctx, key: string, fallback: string, params?: LabelParams): string {
  const text = c.t(key, params);
  return text === key ? fallback : text;
}

function verdict(c: Ctx, passing: boolean | undefined): PdfNode {
  if (passing === undefined) return { text: c.t('result.open'), italics: true };
  return passing ? { text: c.t('result.pass'), color: '#1e7b34', bold: true } : { text: c.t('result.fail'), color: '#b03a2e', bold: true };
}

/**
 * A heading; one that starts a page names the page's orientation (A4 portrait for text, landscape
 * for drawings: planning spec §9), since pdfmake keeps the last orientation for later pages.
 */
function heading(text: string, level: 1 | 2 | 3, options: { pageBreak?: boolean; toc?: boolean; orientation?: 'portrait' | 'landscape' } = {}): PdfNode {
  return {
    text,
    style: `h${level}`,
    ...(options.toc === false || level === 3 ? {} : { tocItem: true, tocStyle: level === 1 ? 'toc1' : 'toc2', tocMargin: level === 1 ? [0, 4, 0, 0] : [12, 2, 0, 0] }),
    ...(options.pageBreak === true ? { pageBreak: 'before', pageOrientation: options.orientation ?? 'portrait' } : {}),
  };
}

/** A two-column table of label / value rows. */
function fields(rows: readonly (readonly [string, string | PdfNode])[]): PdfNode {
  return {
    table: { widths: ['45%', '*'], body: rows.map(([k, v]) => [{ text: k, style: 'fieldLabel' }, typeof v === 'string' ? { text: v } : v]) },
    layout: 'lightHorizontalLines',
    margin: [0, 2, 0, 8],
  };
}

/** A data table with a header row; numeric columns right-aligned. */
function dataTable(header: readonly string[], rows: readonly (readonly (string | PdfNode)[])[], numeric: readonly boolean[], widths?: readonly (string | number)[]): PdfNode {
  const cell = (v: string | PdfNode, i: number): PdfNode => ({ ...(typeof v === 'string' ? { text: v } : v), alignment: numeric[i] === true ? 'right' : 'left' });
  return {
    table: {
      headerRows: 1,
      widths: widths ?? header.map(() => '*'),
      body: [header.map((h, i) => ({ text: h, style: 'tableHeader', alignment: numeric[i] === true ? 'right' : 'left' })), ...rows.map((r) => r.map(cell))],
    },
    layout: 'lightHorizontalLines',
    style: 'table',
    margin: [0, 2, 0, 8],
  };
}

function paragraph(text: string, extra: PdfNode = {}): PdfNode {
  return { text, margin: [0, 2, 0, 6], ...extra };
}

function issueText(c: Ctx, issue: { readonly messageKey: string; readonly code: string; readonly params?: Readonly<Record<string, unknown>> | undefined }): string {
  const params: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(issue.params ?? {})) {
    if (typeof v === 'number') params[k] = formatNumber(v, c.lang, { decimals: Number.isInteger(v) ? 0 : 2 });
    else if (typeof v === 'string') params[k] = v;
    else if (v !== null && v !== undefined) params[k] = JSON.stringify(v);
  }
  if (typeof params['field'] === 'string') params['field'] = label(c, `field.${params['field']}`, params['field']);
  return label(c, issue.messageKey, issue.code, params);
}

function issueList(c: Ctx, issues: readonly (Issue | GridMessage)[]): PdfContent {
  if (issues.length === 0) return paragraph(c.t('measure.noIssues'), { italics: true });
  return {
    ul: issues.map((i) => ({
      text: `${i.severity === 'error' ? '✖' : '!'} ${issueText(c, i)}`,
      color: i.severity === 'error' ? '#b03a2e' : '#8a6d00',
    })),
    margin: [0, 2, 0, 8],
  };
}

// ---------------------------------------------------------------------------------------------
// Cover and message page

function cover(c: Ctx): PdfContent[] {
  const { project, evaluation } = c.input;
  const p = project.project;
  const address = p.location?.address?.trim();
  const client = p.clientData;
  const clientText = [client?.name, [client?.street, client?.streetNo].filter(Boolean).join(' '), [client?.zipCode, client?.city].filter(Boolean).join(' ')]
    .filter((s) => s !== undefined && s !== '')
    .join(', ');
  const notGiven = c.t('cover.notGiven');
  const rows: [string, string][] = [
    [c.t('cover.project'), p.name],
    [c.t('cover.address'), address !== undefined && address !== '' ? address : notGiven],
  ];
  if (p.location !== undefined && p.location !== null) {
    rows.push([c.t('cover.coordinates'), `${formatNumber(p.location.latitude, c.lang, { decimals: 5 })}, ${formatNumber(p.location.longitude, c.lang, { decimals: 5 })}`]);
  }
  rows.push(
    [c.t('cover.client'), clientText !== '' ? clientText : notGiven],
    [c.t('cover.planner'), c.options.planner !== undefined && c.options.planner.trim() !== '' ? c.options.planner.trim() : notGiven],
    [c.t('cover.date'), formatDate(c.options.now, c.lang)],
    [c.t('cover.software'), c.t('cover.softwareValue', { app: c.options.appVersion, engine: evaluation.engineVersion })],
    [c.t('cover.ruleEdition'), evaluation.ruleEdition],
  );
  if (p.comment !== undefined && p.comment !== null && p.comment.trim() !== '') rows.push([c.t('cover.comment'), p.comment.trim()]);
  const branding = c.options.branding ?? null;
  return [
    ...(branding === null
      ? []
      : [{ columns: [{ svg: branding.logoSvg, ...svgSize(branding.logoSvg, 180, 60) }, { text: branding.company, alignment: 'right', style: 'subtitle', margin: [0, 16, 0, 0] }] }]),
    { text: c.t('report.title'), style: 'title', margin: [0, branding === null ? 120 : 60, 0, 8] },
    { text: c.t('report.subtitle'), style: 'subtitle', margin: [0, 0, 0, 40] },
    fields(rows),
  ];
}

function messagePage(c: Ctx, problems: readonly ReportProblem[]): PdfContent[] {
  const out: PdfContent[] = [heading(c.t('section.message'), 1, { pageBreak: true, toc: false })];
  for (const p of problems) {
    if (p.code === 'RAIN_DATA_MISSING') {
      out.push(paragraph(c.t('message.rainMissing'), { bold: true }), paragraph(c.t('message.rainMissingAction')));
    } else {
      out.push(paragraph(c.t('message.facilityMissing', { facility: p.facility, purification: p.purification }), { bold: true }), paragraph(c.t('message.facilityMissingAction')));
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Site and rain data

function siteSection(c: Ctx): PdfContent[] {
  const { project, evaluation } = c.input;
  const rain = project.rainData;
  const stamp = rain?.source ?? evaluation.rainDataset;
  const out: PdfContent[] = [heading(c.t('section.site'), 1, { pageBreak: true })];
  const rows: [string, string][] = [];
  if (stamp === null || stamp === undefined) {
    rows.push([c.t('site.dataset'), c.t('cover.notGiven')]);
  } else if (stamp.edition === 'custom') {
    rows.push([c.t('site.dataset'), c.t('site.customRain')], [c.t('site.attribution'), c.t('site.customSource')]);
  } else {
    rows.push([c.t('site.dataset'), stamp.edition]);
    rows.push([c.t('site.cell'), stamp.cell ?? (rain?.kostraCell !== undefined && rain.kostraCell !== null ? `${rain.kostraCell.row} / ${rain.kostraCell.column}` : c.t('cover.notGiven'))]);
    const attribution = kostraAttributionLine(stamp.edition);
    if (attribution !== undefined) rows.push([c.t('site.attribution'), attribution]);
  }
  const air = project.project.airPollution;
  if (air !== undefined && air !== null) rows.push([c.t('site.airPollution'), label(c, `airPollution.${air}`, air)]);
  out.push(fields(rows));
  out.push(heading(c.t('site.rainTable'), 3));
  const series = rain?.raindataSeries ?? [];
  const annualities = ANNUALITIES_A.filter((a) => series.some((s) => s.annuality === a));
  if (annualities.length === 0) {
    out.push(paragraph(c.t('site.noRainTable'), { italics: true }));
    return out;
  }
  const value = (a: number, d: number): string => {
    const v = series.find((s) => s.annuality === a)?.valuesForDurations.find((x) => x.duration === d)?.value;
    return v === undefined || v <= 0 ? '–' : num(c, v, 1);
  };
  const durations = RAIN_DURATIONS_MIN.filter((d) => series.some((s) => s.valuesForDurations.some((v) => v.duration === d && v.value > 0)));
  out.push({
    ...dataTable(
      [c.t('site.duration'), ...annualities.map((a) => c.t('site.annuality', { t: a }))],
      durations.map((d) => [num(c, d, 0), ...annualities.map((a) => value(a, d))]),
      [true, ...annualities.map(() => true)],
    ),
    fontSize: 7,
  });
  return out;
}

// ---------------------------------------------------------------------------------------------
// Connected surfaces

function surfacesSection(c: Ctx): PdfContent[] {
  const { project, evaluation } = c.input;
  const out: PdfContent[] = [heading(c.t('section.surfaces'), 1, { pageBreak: true })];
  if (evaluation.sealedSurfaces.length === 0) return [...out, paragraph(c.t('surfaces.none'), { italics: true })];
  const byId = new Map(project.waterflow.sealedSurfaces.map((s) => [s.id, s]));
  const rows = evaluation.sealedSurfaces.map((r) => {
    const data = byId.get(r.id)?.data;
    const runoff = data?.runoff ?? undefined;
    return [
      r.name,
      num(c, r.areaM2),
      runoff === undefined ? '–' : label(c, `runoff.${runoff}`, runoff),
      num(c, data?.cm),
      num(c, data?.cs),
      num(c, r.AC),
      r.drain === undefined ? '–' : label(c, `drain.${r.drain}`, r.drain),
    ];
  });
  rows.push([
    { text: c.t('surfaces.total'), bold: true } as unknown as string,
    { text: num(c, evaluation.summary.totalAreaM2), bold: true } as unknown as string,
    '',
    '',
    '',
    { text: num(c, evaluation.summary.totalACM2), bold: true } as unknown as string,
    '',
  ]);
  out.push(
    dataTable(
      [c.t('surfaces.name'), c.t('surfaces.area'), c.t('surfaces.runoff'), c.t('surfaces.cm'), c.t('surfaces.cs'), c.t('surfaces.ac'), c.t('surfaces.drain')],
      rows,
      [false, true, false, true, true, true, false],
      ['*', 50, '*', 30, 30, 50, 70],
    ),
  );
  return out;
}

// ---------------------------------------------------------------------------------------------
// Treatment assessments

function m153Part(c: Ctx, r: PurificationResult): PdfContent[] {
  const m = r.m153;
  if (m === undefined) return [];
  const { project } = c.input;
  const purification = project.waterflow.purifications.find((p) => p.id === r.id);
  const surfaces = new Map(project.waterflow.sealedSurfaces.map((s) => [s.id, s]));
  const out: PdfContent[] = [
    { text: c.t('treatment.m153'), style: 'h4' },
    fields([
      [c.t('treatment.acTotal') + ' [m²]', num(c, r.AC)],
      [c.t('treatment.airPollution'), m.airPollutionPoints === undefined ? '–' : num(c, m.airPollutionPoints, 0)],
      [c.t('treatment.waterCategory'), purification?.data.waterCategory === undefined || purification.data.waterCategory === null ? '–' : `${label(c, `waterCategory.${purification.data.waterCategory}`, purification.data.waterCategory)}`],
    ]),
  ];
  if (m.surfaces.length > 0) {
    out.push(
      dataTable(
        [c.t('treatment.surface'), 'A_u,i [m²]', c.t('treatment.areaShare'), c.t('treatment.pollution'), c.t('treatment.load')],
        m.surfaces.map((s) => {
          const surface = surfaces.get(s.surfaceId);
          const f = surface?.data.groundPollutionM153 ?? undefined;
          return [headingName(surface?.name ?? s.surfaceId), num(c, s.area), num(c, s.areaShare, 3), f === undefined ? '–' : label(c, `groundPollution.${f}`, f), num(c, s.dischargedLoad)];
        }),
        [false, true, true, false, true],
      ),
    );
  }
  out.push(
    fields([
      [c.t('treatment.dischargedLoad'), num(c, m.dischargedLoad)],
      [c.t('treatment.factor'), num(c, m.combinedFactor, 3)],
      [c.t('treatment.emission'), num(c, m.emission)],
      [c.t('treatment.throughput'), num(c, m.throughputValue, 3)],
      [c.t('treatment.needed'), m.treatmentNeeded === undefined ? '–' : c.t(m.treatmentNeeded ? 'yes' : 'no')],
    ]),
  );
  return out;
}

function a102Part(c: Ctx, r: PurificationResult): PdfContent[] {
  const a = r.a102;
  if (a === undefined) return [];
  const d = a.data;
  const out: PdfContent[] = [{ text: c.t('treatment.a102'), style: 'h4' }];
  const categories = (['I', 'II', 'III'] as const).map((k) => [k, d[`category${k}`]] as const).filter(([, b]) => b !== undefined && b !== null);
  if (categories.length > 0) {
    out.push(
      dataTable(
        [c.t('treatment.category'), c.t('treatment.categoryArea'), c.t('treatment.categoryShare'), c.t('treatment.categoryAblation')],
        categories.map(([k, b]) => [k, num(c, b!.area), num(c, b!.areaProportion, 3), num(c, b!.totalAblation)]),
        [false, true, true, true],
      ),
    );
  }
  out.push(
    fields([
      [c.t('treatment.totalAblation'), num(c, d.totalAblation)],
      [c.t('treatment.areaSpecificAblation'), num(c, d.areaSpecificAblation)],
      [c.t('treatment.permittedAblation'), num(c, d.permittedAblation)],
      [c.t('treatment.bypass'), num(c, d.ablationOfBypass)],
      [c.t('treatment.intake'), num(c, d.intakeWithBypass)],
      [c.t('treatment.requiredRestraint'), num(c, a.requiredRestraint)],
      [c.t('treatment.requiredEfficiency'), num(c, a.requiredEfficiency, 3)],
    ]),
  );
  return out;
}

function treatmentSection(c: Ctx): PdfContent[] {
  const { project, evaluation } = c.input;
  const out: PdfContent[] = [heading(c.t('section.treatment'), 1, { pageBreak: true })];
  if (evaluation.purifications.length === 0) return [...out, paragraph(c.t('treatment.none'), { italics: true })];
  const facilities = project.purificationFacilities ?? [];
  // One page per purification (planning spec §9); the first shares the section's page.
  evaluation.purifications.forEach((r, index) => {
    out.push(heading(headingName(r.name), 2, { pageBreak: index > 0 }));
    out.push(...m153Part(c, r), ...a102Part(c, r));
    const pollution = new Map(project.waterflow.sealedSurfaces.map((x) => [x.id, x.data.groundPollutionM153 ?? undefined]));
    out.push(...purificationCalculationPath(r, { t: c.t, language: c.lang }, (id) => GROUND_POLLUTION.find((g) => g.id === pollution.get(id))?.points));
    const chosen = project.waterflow.purifications.find((p) => p.id === r.id)?.data.purificationFacilityData?.businessId;
    const facility = chosen === undefined ? undefined : facilities.find((f) => f.businessId === chosen);
    const facilityName = chosen === undefined ? c.t('treatment.noFacility') : facility === undefined ? chosen : `${label(c, `facilityType.${facility.type}`, facility.type)} (${facility.businessId}${facility.m153Type !== undefined && facility.m153Type !== null ? `, ${facility.m153Type}` : ''})`;
    out.push(
      fields([
        [c.t('treatment.facility'), facilityName],
        [c.t('treatment.neededAmount'), r.neededAmount === undefined ? '–' : num(c, r.neededAmount, 0)],
        [c.t('treatment.result'), r.passing === undefined ? { text: c.t('treatment.notAssessed'), italics: true } : verdict(c, r.passing)],
      ]),
    );
    const issues = evaluation.issues.filter((i) => i.nodeId === r.id);
    if (issues.length > 0) out.push(issueList(c, issues));
  });
  return out;
}

// ---------------------------------------------------------------------------------------------
// Measures

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

/** Infiltration area of the measure: trough bottom (troughs) or the tank's A_S, m². */
function infiltrationArea(m: MeasureResult): number | undefined {
  const d = m.data;
  const kind = measureKind(d);
  if (!kind.infiltration) return undefined;
  if (kind.tank !== null && tankPart(kind.tank).rectangularSection) {
    const t = d.dimensioningInfiltrationTank;
    const direction = d.infiltrationDirection ?? 'everySide';
    if (t?.width !== undefined && t.width !== null && t.height !== undefined && t.height !== null && t.length !== undefined && t.length !== null) {
      return tankInfiltrationAreaM2({ widthM: t.width, heightM: t.height, lengthM: t.length }, direction, m.ruleEdition);
    }
    return undefined;
  }
  return d.troughGroundArea ?? d.troughArea ?? undefined;
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
  const area = infiltrationArea(m);
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

/** Pass when every part holds its required volume; fail when not; open when not computable. */
export function measurePassing(m: MeasureResult): boolean | undefined {
  if (m.partsSufficient !== undefined) return m.partsSufficient;
  if (m.value === undefined || m.requiredVolume === undefined) return undefined;
  return m.value >= m.requiredVolume;
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

function measuresSection(c: Ctx): PdfContent[] {
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

// ---------------------------------------------------------------------------------------------
// Flooding

function siteFloodingCheck(c: Ctx): { params: { total: number; roof: number; roofCs: number; paved: number; pavedCs: number; ac: number | undefined }; result: Din1986CheckResult } {
  const { project, evaluation } = c.input;
  let roof = 0;
  let roofCsArea = 0;
  let paved = 0;
  let pavedCsArea = 0;
  for (const s of project.waterflow.sealedSurfaces) {
    const area = s.value;
    if (area === undefined || area === null || !(area >= 0)) continue;
    const cs = s.data.cs ?? 1;
    const isRoof = /roof/i.test(s.data.runoff ?? '');
    if (isRoof) {
      roof += area;
      roofCsArea += area * cs;
    } else {
      paved += area;
      pavedCsArea += area * cs;
    }
  }
  const params = { total: roof + paved, roof, roofCs: roof > 0 ? roofCsArea / roof : 1, paved, pavedCs: paved > 0 ? pavedCsArea / paved : 1, ac: evaluation.summary.totalACM2 };
  const row = (a: number) =>
    (project.rainData?.raindataSeries.find((s) => s.annuality === a)?.valuesForDurations ?? []).filter((v) => v.value > 0).map((v) => ({ durationMin: v.duration, rLsHa: v.value }));
  const result = din1986FloodingCheck(
    { totalAreaM2: params.total, roofAreaM2: params.roof, roofCs: params.roofCs, pavedAreaM2: params.paved, pavedCs: params.pavedCs, connectedAreaM2: params.ac },
    row(30),
    row(2),
  );
  return { params, result };
}

function floodingSection(c: Ctx): PdfContent[] {
  const { evaluation } = c.input;
  const out: PdfContent[] = [heading(c.t('section.flooding'), 1, { pageBreak: true }), heading(c.t('flooding.perMeasure'), 2)];
  const rows = evaluation.measures.map((m) => {
    const d = m.data;
    if (!m.floodingVerification) return [headingName(m.name), { text: c.t('flooding.notRequested'), italics: true }, '–', '–', '–', '–', '–'];
    const volume = d.floodingVolume ?? d.floodingVolumeInfiltrationTank ?? undefined;
    const extra = d.extraVolume ?? d.extraVolumeInfiltrationTank ?? undefined;
    const passing = volume === undefined ? undefined : extra === undefined ? undefined : extra <= 0;
    return [
      headingName(m.name),
      verdict(c, passing),
      num(c, d.recurrenceIntervalFloodingVerification, 0),
      num(c, d.durationFlooding ?? d.durationFloodingInfiltrationTank, 0),
      num(c, volume),
      num(c, m.value),
      num(c, extra),
    ];
  });
  if (rows.length === 0) out.push(paragraph(c.t('flooding.none'), { italics: true }));
  else
    out.push(
      dataTable(
        [c.t('flooding.measure'), c.t('flooding.required'), c.t('flooding.interval'), c.t('flooding.duration'), c.t('flooding.volume'), c.t('flooding.available'), c.t('flooding.extra')],
        rows as (string | PdfNode)[][],
        [false, false, true, true, true, true, true],
        ['*', 55, 35, 40, 55, 55, 60],
      ),
    );
  out.push(heading(c.t('flooding.site'), 2));
  const { params, result } = siteFloodingCheck(c);
  const site: [string, string | PdfNode][] = [
    [c.t('flooding.siteTotalArea'), num(c, params.total)],
    [c.t('flooding.siteRoofArea'), num(c, params.roof)],
    [c.t('flooding.siteRoofCs'), num(c, params.roofCs)],
    [c.t('flooding.sitePavedArea'), num(c, params.paved)],
    [c.t('flooding.sitePavedCs'), num(c, params.pavedCs)],
    [c.t('flooding.siteAc'), num(c, params.ac)],
    [c.t('flooding.siteRequired'), result.required === undefined ? '–' : c.t(result.required ? 'yes' : 'no')],
  ];
  if (result.volumeM3 === undefined) {
    out.push(fields(site), paragraph(c.t('flooding.siteNotComputable'), { italics: true }));
    return out;
  }
  // Eq. 21 needs the full-flow capacity Q_full of the site's drain, which the project does not hold
  // (nor can it be derived from the measures' throttle discharges): say exactly what is missing (decision 0154).
  const eq21 = result.eq21.volumeM3;
  site.push(
    [c.t('flooding.eq20', { d: num(c, result.eq20.durationMin, 0) }), num(c, result.eq20.volumeM3)],
    [c.t('flooding.eq21'), eq21 === undefined ? { text: c.t('flooding.eq21Skipped'), italics: true } : num(c, eq21)],
    [c.t(eq21 === undefined ? 'flooding.governingEq20Only' : 'flooding.governing'), { text: num(c, result.volumeM3), bold: true }],
  );
  out.push(fields(site));
  const r2 = (d: number) => c.input.project.rainData?.raindataSeries.find((x) => x.annuality === 2)?.valuesForDurations.find((v) => v.duration === d)?.value;
  out.push(...din1986CalculationPath(params, result, r2, { t: c.t, language: c.lang }));
  if (eq21 === undefined) out.push(paragraph(c.t('flooding.eq21Missing', { area: num(c, params.total) }), { italics: true }));
  return out;
}

// ---------------------------------------------------------------------------------------------
// Box configurations

/** The SVG's own size in points, scaled down (never up) to fit the box. */
export function svgSize(svg: string, maxWidth: number, maxHeight: number): { width: number; height: number } {
  const attr = (name: string): number | undefined => {
    const m = new RegExp(`<svg[^>]*\\s${name}="([0-9.]+)"`).exec(svg);
    const v = m === null ? undefined : Number(m[1]);
    return v !== undefined && Number.isFinite(v) && v > 0 ? v : undefined;
  };
  const w = attr('width') ?? maxWidth;
  const h = attr('height') ?? maxHeight;
  const scale = Math.min(1, maxWidth / w, maxHeight / h);
  return { width: Math.round(w * scale * 100) / 100, height: Math.round(h * scale * 100) / 100 };
}

function configurationsSection(c: Ctx): PdfContent[] {
  const list = c.options.configurations ?? [];
  const out: PdfContent[] = [heading(c.t('section.configurations'), 1, { pageBreak: true })];
  if (list.length === 0) return [...out, paragraph(c.t('config.none'), { italics: true })];
  const measures = new Map(c.input.evaluation.measures.map((m) => [m.id, m.name]));
  list.forEach((cfg, index) => {
    const v = cfg.volumes;
    out.push(heading(headingName(cfg.name), 2, { pageBreak: index > 0 }));
    const rows: [string, string][] = [
      [c.t('config.measure'), cfg.measureId === null ? c.t('config.custom') : (measures.get(cfg.measureId) ?? cfg.measureId)],
      [c.t('config.objective'), cfg.stormwaterObjective === null ? '–' : c.t(`config.objective.${cfg.stormwaterObjective}`)],
      [c.t('config.boxes'), `${num(c, v.boxCount, 0)} / ${num(c, v.shaftCount, 0)}`],
      [c.t('config.netVolume'), num(c, v.netVolumeM3, 3)],
      [c.t('config.grossVolume'), num(c, v.grossVolumeM3, 3)],
      [c.t('config.envelope'), `${num(c, v.lengthM)} × ${num(c, v.widthM)} × ${num(c, v.heightM)}`],
      [c.t('config.levels'), num(c, v.levels, 0)],
      [c.t('config.surfaceArea'), num(c, v.surfaceAreaM2)],
      [c.t('config.pit'), num(c, v.pit.volumeM3, 3)],
      [c.t('config.cover'), num(c, v.coverDepthM)],
    ];
    if (cfg.materials !== null) {
      rows.push([c.t('config.foil'), formatDecimalString(cfg.materials.foilM2, c.lang)], [c.t('config.fleece'), formatDecimalString(cfg.materials.fleeceM2, c.lang)], [c.t('config.geotextile'), formatDecimalString(cfg.materials.geotextileM2, c.lang)]);
    } else {
      rows.push([c.t('config.foil'), num(c, v.foilAreaM2)], [c.t('config.fleece'), num(c, v.fleeceAreaM2)], [c.t('config.geotextile'), num(c, v.geotextileAreaM2)]);
    }
    out.push(fields(rows));
    if (cfg.messages.length > 0) out.push({ text: c.t('config.checks'), style: 'h4' }, issueList(c, cfg.messages));
    // Each view on its own landscape page (planning spec §9), headed by the configuration's name.
    for (const view of ['top', 'front', 'side'] as const) {
      out.push(
        heading(c.t('config.drawingTitle', { name: headingName(cfg.name), view: c.t(`config.${view}`) }), 2, { pageBreak: true, orientation: 'landscape', toc: false }),
        { svg: cfg.drawings[view], ...svgSize(cfg.drawings[view], DRAWING_BOX.width, DRAWING_BOX.height), margin: [0, 4, 0, 0] },
      );
    }
  });
  return out;
}

// ---------------------------------------------------------------------------------------------
// Bill of materials

function billSection(c: Ctx): PdfContent[] {
  const bill = c.options.bill ?? null;
  const out: PdfContent[] = [heading(c.t('section.bill'), 1, { pageBreak: true })];
  if (bill === null || bill.massListGroups.every((g) => g.lines.length === 0)) return [...out, paragraph(c.t('bill.none'), { italics: true })];
  const prices = bill.totalPrice !== null;
  const money = (v: string | null) => (v === null ? '–' : formatDecimalString(v, c.lang, 2));
  for (const g of bill.massListGroups) {
    if (g.lines.length === 0) continue;
    out.push(heading(headingName(g.groupName), 3));
    const header = [c.t('bill.pos'), c.t('bill.article'), c.t('bill.text'), c.t('bill.quantity'), c.t('bill.unit'), ...(prices ? [c.t('bill.unitPrice', { currency: bill.currency }), c.t('bill.totalPrice', { currency: bill.currency })] : [])];
    const rows: (string | PdfNode)[][] = g.lines.map((l, i) => [
      String(i + 1),
      l.materialNumber,
      l.text,
      formatDecimalString(l.quantity, c.lang, l.quantity.includes('.') ? Math.min(3, l.quantity.split('.')[1]!.length) : 0),
      l.unit,
      ...(prices ? [money(l.unitPrice), money(l.totalPrice)] : []),
    ]);
    if (prices) rows.push(['', '', { text: c.t('bill.groupTotal', { group: g.groupName }), bold: true }, '', '', '', { text: money(g.totalPrice), bold: true }]);
    out.push({
      ...dataTable(header, rows, [true, false, false, true, false, true, true], prices ? [22, 60, '*', 45, 30, 55, 60] : [22, 70, '*', 50, 40]),
      fontSize: 7.5,
    });
  }
  if (prices) out.push(fields([[c.t('bill.total'), { text: `${money(bill.totalPrice)} ${bill.currency}`, bold: true }]]));
  if (bill.issues.length > 0) out.push(paragraph(c.t('bill.issues', { count: bill.issues.length }), { italics: true, color: '#8a6d00' }));
  return out;
}

// ---------------------------------------------------------------------------------------------
// Summary

function summarySection(c: Ctx): PdfContent[] {
  const { evaluation } = c.input;
  const s = evaluation.summary;
  const required = evaluation.measures.reduce((a, m) => a + (m.requiredVolume ?? 0), 0);
  const available = evaluation.measures.reduce((a, m) => a + (m.value ?? 0), 0);
  const out: PdfContent[] = [
    heading(c.t('section.summary'), 1, { pageBreak: true }),
    fields([
      [c.t('summary.surfaces'), num(c, s.surfaceCount, 0)],
      [c.t('summary.purifications'), num(c, s.purificationCount, 0)],
      [c.t('summary.measures'), num(c, s.measureCount, 0)],
      [c.t('summary.totalArea'), num(c, s.totalAreaM2)],
      [c.t('summary.totalAC'), num(c, s.totalACM2)],
      [c.t('summary.requiredVolume'), num(c, required)],
      [c.t('summary.availableVolume'), num(c, available)],
      [c.t('summary.errors'), num(c, s.errorCount, 0)],
      [c.t('summary.warnings'), num(c, s.warningCount, 0)],
      ...[groundwaterSummaryRow(s, c.t)].filter((row) => row !== null),
    ]),
  ];
  if (evaluation.measures.length > 0) {
    out.push(
      dataTable(
        [c.t('flooding.measure'), c.t('measure.ac'), c.t('measure.requiredVolume'), c.t('measure.availableVolume'), c.t('measure.verdict')],
        evaluation.measures.map((m) => [headingName(m.name), num(c, m.AC), num(c, m.requiredVolume), num(c, m.value), verdict(c, measurePassing(m))]),
        [false, true, true, true, false],
        ['*', 60, 80, 80, 60],
      ),
    );
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Sales contacts (planning spec §9: a contact directory in four regional columns)

function contactsSection(c: Ctx): PdfContent[] {
  const branding = c.options.branding ?? null;
  if (branding === null) return [];
  const column = (r: Branding['regions'][number]): PdfNode => ({
    width: '*',
    stack: [
      { text: r.region, style: 'h3' },
      ...r.contacts.map((p) => ({ stack: [{ text: p.name, bold: true }, p.role, p.phone, p.email], margin: [0, 0, 0, 6], fontSize: 8 })),
    ],
  });
  const out: PdfContent[] = [heading(c.t('section.contacts'), 1, { pageBreak: true }), paragraph(`${branding.company} · ${branding.address}`), { columns: branding.regions.map(column), columnGap: 12 }];
  if (branding.notice !== null) out.push(paragraph(branding.notice[c.lang], { italics: true, color: '#8a6d00', margin: [0, 12, 0, 0] }));
  return out;
}

// ---------------------------------------------------------------------------------------------

const STYLES: Readonly<Record<string, PdfNode>> = {
  title: { fontSize: 26, bold: true, color: '#1f3b57' },
  subtitle: { fontSize: 13, color: '#444444' },
  h1: { fontSize: 16, bold: true, color: '#1f3b57', margin: [0, 0, 0, 8] },
  h2: { fontSize: 13, bold: true, color: '#1f3b57', margin: [0, 10, 0, 4] },
  h3: { fontSize: 11, bold: true, margin: [0, 8, 0, 3] },
  h4: { fontSize: 10, bold: true, margin: [0, 6, 0, 2] },
  toc1: { fontSize: 10, bold: true },
  toc2: { fontSize: 9 },
  tableHeader: { bold: true, fontSize: 8, color: '#1f3b57' },
  table: { fontSize: 8 },
  fieldLabel: { color: '#444444' },
  calcPart: { fontSize: 8.5, bold: true, margin: [0, 4, 0, 1] },
  calcLine: { fontSize: 8, color: '#333333', margin: [8, 0, 0, 1] },
  calcResult: { fontSize: 8, bold: true, margin: [8, 0, 0, 2] },
};

/**
 * The dimensioning report of an evaluated project as a pdfmake document definition.
 *
 * ```ts
 * const evaluation = evaluate(project);
 * const definition = reportDocument({ project, evaluation }, { language: 'de', now: new Date(), appVersion: '0.1.0' });
 * ```
 */
export function reportDocument(input: EvaluatedProject, options: ReportOptions): ReportDocumentDefinition {
  const t = options.t ?? documentTranslator('report', options.language);
  const c: Ctx = { t, lang: options.language, input, options };
  const problems = reportProblems(input);
  const content: PdfContent[] = [...cover(c)];
  if (problems.length > 0) {
    content.push(...messagePage(c, problems));
  } else {
    content.push({ toc: { title: { text: t('report.toc'), style: 'h1' } }, pageBreak: 'before' });
    content.push(...siteSection(c), ...surfacesSection(c), ...treatmentSection(c), ...measuresSection(c), ...floodingSection(c), ...configurationsSection(c), ...billSection(c), ...summarySection(c), ...contactsSection(c));
  }
  const title = `${t('report.title')} – ${input.project.project.name}`;
  const footerLeft = t('report.footer', { project: headingName(input.project.project.name) });
  return {
    pageSize: 'A4',
    pageOrientation: 'portrait',
    pageMargins: MARGINS,
    info: { title, subject: t('report.subtitle'), creator: `rainplan ${options.appVersion}`, producer: `rainplan engine ${input.evaluation.engineVersion}`, creationDate: options.now, modDate: options.now },
    content,
    styles: STYLES,
    defaultStyle: { font: 'Roboto', fontSize: 9, lineHeight: 1.15 },
    footer: (currentPage: number, pageCount: number) => ({
      columns: [
        { text: footerLeft, alignment: 'left' },
        { text: t('report.page', { page: formatNumber(currentPage, options.language, { decimals: 0 }), pages: formatNumber(pageCount, options.language, { decimals: 0 }) }), alignment: 'right' },
      ],
      margin: [MARGINS[0], 16, MARGINS[2], 0],
      fontSize: 7.5,
      color: '#666666',
    }),
  };
}
