/**
 * Hook of the report's measure section for the rain uncertainty band (issue 19.1): called once
 * per measure, right after the measure's results and before its chart. Return a pdfmake content
 * node (e.g. a paragraph built from `measure.uncertaintyBand`, with labels added to
 * labels/report.{de,en}.json — `measure.uncertainty` is reserved as its heading) or null for
 * nothing. Until issue 19.1 fills it in, the report shows no band line.
 */
import type { MeasureResult } from '../../evaluate/types.ts';
import type { DocumentLanguage, Translate } from '../labels/index.ts';

export interface UncertaintyHookContext {
  readonly t: Translate;
  readonly language: DocumentLanguage;
}

/** The measure's rain uncertainty band line, or null (none yet). */
export function rainUncertaintyBandLine(measure: MeasureResult, context: UncertaintyHookContext): Readonly<Record<string, unknown>> | null {
  void measure;
  void context;
  return null;
}
