/**
 * The groundwater clearance in the report (decision 0173): one block per infiltration measure,
 * after its results — the base level (entered, or ground level − depth), MHGW, the seepage zone's
 * thickness against the edition's least thickness with its clause, and the verdict; or "not
 * checked" naming what is missing (never a pass). A line in the summary counts the measures. Every
 * figure is the engine's `groundwaterClearance` of the measure.
 */
import type { EvaluationSummary, MeasureResult } from '../../evaluate/types.ts';
import { formatNumber, type DocumentLanguage, type Translate } from '../labels/index.ts';
import { COLORS } from '../kit/pdf.ts';

export interface GroundwaterReportContext {
  readonly t: Translate;
  readonly language: DocumentLanguage;
}

type Node = Readonly<Record<string, unknown>>;

const PASS = { color: COLORS.pass, bold: true } as const;
const FAIL = { color: COLORS.fail, bold: true } as const;

/** A field label of a missing measure data path (`dimensioningTrough.depth` → "depth"). */
function fieldName(t: Translate, path: string): string {
  const key = `field.${path.split('.').pop() ?? path}`;
  const text = t(key);
  return text === key ? path : text;
}

/** The measure's groundwater clearance block, or null for a measure that does not infiltrate. */
export function groundwaterClearanceBlock(measure: MeasureResult, context: GroundwaterReportContext): Node | null {
  const c = measure.groundwaterClearance;
  if (c === null) return null;
  const { t, language } = context;
  const n = (x: number | undefined) => formatNumber(x, language, { decimals: 2 });
  const heading = { text: t('measure.groundwater'), style: 'h4' };
  const lines: Node[] = [];
  if (c.baseLevelM !== undefined) {
    lines.push({
      text:
        c.baseLevelSource === 'typed'
          ? t('measure.groundwaterBaseTyped', { base: n(c.baseLevelM) })
          : t('measure.groundwaterBaseDerived', { base: n(c.baseLevelM), ground: n(c.groundLevelM), depth: n(c.depthBelowGroundM) }),
    });
  }
  if (c.status === 'incomplete') {
    lines.push({ text: t('measure.groundwaterNotChecked', { missing: c.missing.map((f) => fieldName(t, f)).join(', '), min: n(c.minThicknessM), clause: c.clause }), italics: true });
  } else {
    lines.push({ text: t('measure.groundwaterThickness', { mhgw: n(c.groundwaterLevelM), thickness: n(c.thicknessM), min: n(c.minThicknessM), clause: c.clause }) });
    lines.push({ text: [t('measure.groundwaterVerdict'), ' ', { text: t(c.status === 'pass' ? 'result.pass' : 'result.fail'), ...(c.status === 'pass' ? PASS : FAIL) }] });
  }
  lines.push({ text: t('measure.groundwaterDatum'), fontSize: 8, color: COLORS.label });
  return { stack: [heading, ...lines, { text: '', margin: [0, 0, 0, 6] }], unbreakable: true };
}

/** The summary's row: label and "3 met, 1 not met, 2 not checked"; null when no measure infiltrates. */
export function groundwaterSummaryRow(summary: EvaluationSummary, t: Translate): readonly [string, string] | null {
  const { pass, fail, incomplete } = summary.groundwaterClearance;
  if (pass + fail + incomplete === 0) return null;
  return [t('summary.groundwater'), t('summary.groundwaterCounts', { pass, fail, incomplete })];
}
