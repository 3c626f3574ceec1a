/**
 * The rain uncertainty band in the report's measure section (issue 19.1; decision 0130): called
 * once per measure, right after the measure's results and before its chart. "V_req 2.25 m³
 * (1.90 – 2.64 m³ with KOSTRA uncertainty)", the governing durations at both ends and whether the
 * available volume also covers the upper end — or why there is no band. Every figure comes from
 * the engine's `uncertaintyBand` (the measure re-sized at r·(1 − u) and r·(1 + u)).
 */
import type { MeasureResult } from '../../evaluate/types.ts';
import { formatNumber, type DocumentLanguage, type Translate } from '../labels/index.ts';

export interface UncertaintyHookContext {
  readonly t: Translate;
  readonly language: DocumentLanguage;
}

/** The measure's rain uncertainty band as a pdfmake node, or null while the measure is not sized. */
export function rainUncertaintyBandLine(measure: MeasureResult, context: UncertaintyHookContext): Readonly<Record<string, unknown>> | null {
  const { t, language } = context;
  const n = (x: number | undefined) => formatNumber(x, language, { decimals: 2 });
  const band = measure.uncertaintyBand;
  const heading = { text: t('measure.uncertainty'), style: 'h4' };
  if (band === null) {
    const reason = measure.uncertaintyBandReason;
    if (reason === null || reason === 'notSized') return null;
    return { stack: [heading, { text: t(`measure.uncertaintyNone.${reason}`), italics: true, margin: [0, 0, 0, 6] }], unbreakable: true };
  }
  const lines = [
    t('measure.uncertaintyBand', {
      required: n(band.design.requiredVolumeM3),
      lower: n(band.lower.requiredVolumeM3),
      upper: n(band.upper.requiredVolumeM3),
      source: t(band.source === 'rain-data' ? 'measure.uncertaintySource.rainData' : 'measure.uncertaintySource.kostra'),
    }),
    t('measure.uncertaintyDurations', { design: band.design.durationMin ?? '–', lower: band.lower.durationMin ?? '–', upper: band.upper.durationMin ?? '–' }),
  ];
  if (band.design.requiredLengthM !== undefined) {
    lines.push(t('measure.uncertaintyLength', { required: n(band.design.requiredLengthM), lower: n(band.lower.requiredLengthM), upper: n(band.upper.requiredLengthM) }));
  }
  if (band.coversUpper !== undefined) {
    lines.push(band.coversUpper ? t('measure.uncertaintyCovers') : t('measure.uncertaintyMisses', { available: n(band.availableVolumeM3), upper: n(band.upper.requiredVolumeM3) }));
  }
  return { stack: [heading, ...lines.map((text) => ({ text })), { text: '', margin: [0, 0, 0, 6] }], unbreakable: true };
}
