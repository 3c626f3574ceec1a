import type { Evaluation, GroundwaterClearanceStatus, Issue, MeasureResult, ParseError, Project, PurificationResult, SurfaceResult } from '@rainplan/engine';
import {
  count,
  formatArea,
  formatBoolean,
  formatCount,
  formatParams,
  formatText,
  formatValue,
  formatVolume,
  MISSING,
  renderFields,
  renderTable,
  type Column,
} from './format.ts';

/** `<file>: <json path>: expected <expected>, got <received>` */
export function parseErrorLine(file: string, error: ParseError): string {
  const got = error.received === undefined ? '' : `, got ${error.received}`;
  return `${file}: ${error.path}: expected ${error.expected}${got}`;
}

/**
 * A parse error as the CLI's JSON answers it (`validate --format json`, a fixture's
 * `parseErrors`; docs/cli.md): code, path, expected and received. The engine's severity (always
 * `error`) and message key are left out, so the answer stays as documented.
 */
export function parseErrorJson(error: ParseError): { code: ParseError['code']; path: string; expected: string; received?: string } {
  return error.received === undefined ? { code: error.code, path: error.path, expected: error.expected } : { code: error.code, path: error.path, expected: error.expected, received: error.received };
}

/** Where an issue is: `node s1, field data.cm`, or `project, field project.airPollution`. */
export function issueLocation(issue: Issue): string {
  const node = issue.nodeId === null ? 'project' : `node ${issue.nodeId}`;
  return issue.field === null ? node : `${node}, field ${issue.field}`;
}

/** `<file>: error REQUIRED at node s1, field data.cm: validation.required (field=cm)` */
export function issueLine(file: string, issue: Issue): string {
  const params = issue.params === undefined || Object.keys(issue.params).length === 0 ? '' : ` (${formatParams(issue.params)})`;
  return `${file}: ${issue.severity} ${issue.code} at ${issueLocation(issue)}: ${issue.messageKey}${params}`;
}

const surfaceColumns: Column<SurfaceResult>[] = [
  { header: 'id', cell: (s) => s.id },
  { header: 'name', cell: (s) => formatText(s.name) },
  { header: 'area m²', cell: (s) => formatArea(s.areaM2), right: true },
  { header: 'AC m²', cell: (s) => formatArea(s.AC), right: true },
  { header: 'drain', cell: (s) => formatText(s.drain) },
  { header: 'complete', cell: (s) => formatBoolean(s.fullyCompleted) },
];

const purificationColumns: Column<PurificationResult>[] = [
  { header: 'id', cell: (p) => p.id },
  { header: 'name', cell: (p) => formatText(p.name) },
  { header: 'AC m²', cell: (p) => formatArea(p.AC), right: true },
  { header: 'drain', cell: (p) => formatText(p.drain) },
  { header: 'regulation', cell: (p) => formatText(p.regulation) },
  { header: 'value', cell: (p) => formatValue(p.value), right: true },
  { header: 'result', cell: (p) => formatText(p.messageKey) },
  { header: 'needed amount', cell: (p) => formatCount(p.neededAmount), right: true },
  { header: 'complete', cell: (p) => formatBoolean(p.fullyCompleted) },
];

const measureColumns: Column<MeasureResult>[] = [
  { header: 'id', cell: (m) => m.id },
  { header: 'name', cell: (m) => formatText(m.name) },
  { header: 'AC m²', cell: (m) => formatArea(m.AC), right: true },
  { header: 'drain', cell: (m) => formatText(m.drain) },
  { header: 'available m³', cell: (m) => formatVolume(m.value), right: true },
  { header: 'required m³', cell: (m) => formatVolume(m.requiredVolume), right: true },
  { header: 'flooding verification', cell: (m) => `${formatBoolean(m.floodingVerification)}${m.floodingVerificationLocked ? ' (locked)' : ''}` },
  { header: 'groundwater clearance', cell: (m) => groundwaterCell(m.groundwaterClearance) },
  { header: 'complete', cell: (m) => formatBoolean(m.fullyCompleted) },
];

const issueColumns: Column<Issue>[] = [
  { header: 'severity', cell: (i) => i.severity },
  { header: 'node', cell: (i) => i.nodeId ?? '(project)' },
  { header: 'field', cell: (i) => formatText(i.field) },
  { header: 'code', cell: (i) => i.code },
  { header: 'message key', cell: (i) => i.messageKey },
  { header: 'params', cell: (i) => formatParams(i.params) },
];

/** How the CLI names the source of a band's percentages. */
const BAND_SOURCE: Record<NonNullable<MeasureResult['uncertaintyBand']>['source'], string> = {
  'KOSTRA-DWD-2020-UC': 'KOSTRA-DWD-2020 uncertainty UC',
  'KOSTRA-DWD-2010R-tolerance': 'KOSTRA-DWD-2010R tolerance (DWD)',
  'rain-data': "the rain data's uncertainty",
};

/** Why a measure has no band, in words. */
const BAND_REASON: Record<NonNullable<MeasureResult['uncertaintyBandReason']>, string> = {
  noRainData: 'no rain data',
  customRainData: 'custom rain data without uncertainty',
  uncertaintyNotGiven: 'the KOSTRA-DWD-2020 rain data carry no uncertainty values',
  uncertaintyIncomplete: 'the rain data give an uncertainty for some values only',
  notSized: 'not sized',
};

const minutes = (d: number | undefined) => (d === undefined ? '---' : `${d}`);

/**
 * One line per measure: `V_req 21.80 m³ (19.90 – 24.00 with <source>), D 60 / 45 / 60 min[, length …]; available … covers the upper end: yes|no`,
 * or `no band (<reason>)`.
 */
export function uncertaintyLines(measures: readonly MeasureResult[]): string[] {
  return measures.map((m) => {
    const band = m.uncertaintyBand;
    if (band === null) return `  ${m.id}: no band (${BAND_REASON[m.uncertaintyBandReason ?? 'notSized']})`;
    const { lower, design, upper } = band;
    const length =
      design.requiredLengthM === undefined
        ? ''
        : `, length ${formatArea(design.requiredLengthM)} m (${formatArea(lower.requiredLengthM)} – ${formatArea(upper.requiredLengthM)})`;
    const covers = band.coversUpper === undefined ? '---' : formatBoolean(band.coversUpper);
    return (
      `  ${m.id}: V_req ${formatVolume(design.requiredVolumeM3)} m³ (${formatVolume(lower.requiredVolumeM3)} – ${formatVolume(upper.requiredVolumeM3)} with ${BAND_SOURCE[band.source]})` +
      `, D ${minutes(design.durationMin)} min (${minutes(lower.durationMin)} / ${minutes(upper.durationMin)})${length}` +
      `; available ${formatVolume(band.availableVolumeM3)} m³ covers the upper end: ${covers}`
    );
  });
}

/** How the CLI names a groundwater clearance status. */
const CLEARANCE_STATUS: Record<GroundwaterClearanceStatus, string> = { pass: 'pass', fail: 'FAIL', incomplete: 'not checked' };

/** The measures table's cell: `pass 1.20 m`, `FAIL 0.64 m`, `not checked`, or `---` for a measure that does not infiltrate. */
function groundwaterCell(c: MeasureResult['groundwaterClearance']): string {
  if (c === null) return MISSING;
  return c.thicknessM === undefined ? CLEARANCE_STATUS[c.status] : `${CLEARANCE_STATUS[c.status]} ${formatArea(c.thicknessM)} m`;
}

/**
 * One line per infiltration measure: `m1: base 519.70 m (ground 520.00 − depth 0.30 m), MHGW 518.50 m,
 * seepage zone 1.20 m, at least 1.00 m (<clause>): pass`, or `m1: not checked (missing: …)`.
 */
export function groundwaterLines(measures: readonly MeasureResult[]): string[] {
  return measures.flatMap((m) => {
    const c = m.groundwaterClearance;
    if (c === null) return [];
    const base =
      c.baseLevelM === undefined
        ? 'base ---'
        : c.baseLevelSource === 'typed'
          ? `base ${formatArea(c.baseLevelM)} m (typed)`
          : `base ${formatArea(c.baseLevelM)} m (ground ${formatArea(c.groundLevelM)} − depth ${formatArea(c.depthBelowGroundM)} m)`;
    const rule = `at least ${formatArea(c.minThicknessM)} m (${c.clause})`;
    if (c.status === 'incomplete') return [`  ${m.id}: not checked (missing: ${c.missing.join(', ')}); ${base}, ${rule}`];
    return [`  ${m.id}: ${base}, MHGW ${formatArea(c.groundwaterLevelM)} m, seepage zone ${formatArea(c.thicknessM)} m, ${rule}: ${CLEARANCE_STATUS[c.status]}`];
  });
}

function section<Row>(title: string, columns: readonly Column<Row>[], rows: readonly Row[]): string[] {
  return ['', `${title} (${rows.length})`, ...(rows.length === 0 ? ['  (none)'] : renderTable(columns, rows))];
}

/** The readable plain-text report of `rainplan evaluate` (default `--format table`). */
export function evaluationReport(file: string, project: Project, evaluation: Evaluation): string[] {
  const rain = evaluation.rainDataset;
  const { summary } = evaluation;
  const nodes = summary.surfaceCount + summary.purificationCount + summary.measureCount;
  const issueTitle = `Issues (${count(summary.errorCount, 'error')}, ${count(summary.warningCount, 'warning')})`;
  return [
    ...renderFields([
      ['File', file],
      ['Project', formatText(project.project.name)],
      ['Rule edition', evaluation.ruleEdition],
      ['Rain dataset', rain === null ? 'none' : rain.cell == null ? rain.edition : `${rain.edition}, cell ${rain.cell}`],
      ['Engine', `${evaluation.engineVersion} (project schema ${evaluation.schemaVersion})`],
    ]),
    ...section('Sealed surfaces', surfaceColumns, evaluation.sealedSurfaces),
    ...section('Purifications', purificationColumns, evaluation.purifications),
    ...section('Measures', measureColumns, evaluation.measures),
    ...(evaluation.measures.length === 0 ? [] : ['', 'Rain uncertainty (required volume at the lower and upper end)', ...uncertaintyLines(evaluation.measures)]),
    ...(evaluation.measures.some((m) => m.groundwaterClearance !== null)
      ? ['', 'Groundwater clearance (seepage zone between the base and MHGW, levels in m above datum)', ...groundwaterLines(evaluation.measures)]
      : []),
    '',
    issueTitle,
    ...(evaluation.issues.length === 0 ? ['  (none)'] : renderTable(issueColumns, evaluation.issues)),
    '',
    ...renderFields([
      ['Nodes', `${nodes} (${summary.completedNodes} complete, ${summary.incompleteNodes} incomplete)`],
      ['Total area', `${formatArea(summary.totalAreaM2)} m²`],
      ['Total AC', `${formatArea(summary.totalACM2)} m²`],
      [
        'Groundwater clearance',
        `${summary.groundwaterClearance.pass} pass, ${summary.groundwaterClearance.fail} fail, ${summary.groundwaterClearance.incomplete} not checked`,
      ],
    ]),
  ];
}
