/**
 * The rain uncertainty band of a measure (issue 19 part 1; docs/decisions/0130-rain-uncertainty-band.md):
 * "V_req 21.8 m³ (19.9 – 24.0 with KOSTRA uncertainty)" and whether the available volume also
 * covers the upper end, or why there is no band. Presentation only: every figure comes from the
 * engine's `uncertaintyBand` (re-sized at r·(1 − u) and r·(1 + u)).
 */
import type { MeasureResult } from '@rainplan/engine';
import { useTranslation } from 'react-i18next';
import { formatNumber } from './format.ts';

type Band = NonNullable<MeasureResult['uncertaintyBand']>;

/** The source of the band as the planner reads it: KOSTRA (2020 UC or 2010R tolerance) or the rain data's own. */
const sourceKey = (source: Band['source']) => (source === 'rain-data' ? 'band.sourceRainData' : 'band.sourceKostra');

/** The band line of a measure result, with the verdict on the upper end; nothing before the measure is sized. */
export function UncertaintyBandText({ result, compact = false }: { result: MeasureResult | undefined; compact?: boolean }) {
  const { t, i18n } = useTranslation('dimensioning');
  const lang = i18n.language;
  const n = (value: number | undefined) => formatNumber(value, lang, 2);
  if (result === undefined) return null;
  const band = result.uncertaintyBand;
  if (band === null) {
    const reason = result.uncertaintyBandReason;
    // Nothing to say before the measure can be sized: the result block shows dashes already.
    if (reason === null || reason === 'notSized') return null;
    return (
      <span className="rp-muted" data-testid={`band-none-${result.id}`}>
        {t(`band.none.${reason}`)}
      </span>
    );
  }
  const text = t('band.volume', {
    required: n(band.design.requiredVolumeM3),
    lower: n(band.lower.requiredVolumeM3),
    upper: n(band.upper.requiredVolumeM3),
    source: t(sourceKey(band.source)),
  });
  const covers = band.coversUpper;
  const length =
    band.design.requiredLengthM === undefined || compact
      ? null
      : t('band.length', { required: n(band.design.requiredLengthM), lower: n(band.lower.requiredLengthM), upper: n(band.upper.requiredLengthM) });
  const durations =
    compact || band.lower.durationMin === band.design.durationMin && band.upper.durationMin === band.design.durationMin
      ? null
      : t('band.durations', { lower: band.lower.durationMin ?? '---', design: band.design.durationMin ?? '---', upper: band.upper.durationMin ?? '---' });
  return (
    <span className="rp-band" data-testid={`band-${result.id}`}>
      <span data-testid={`band-text-${result.id}`}>{text}</span>
      {length !== null && <span className="rp-band__detail">{length}</span>}
      {durations !== null && <span className="rp-band__detail">{durations}</span>}
      {covers !== undefined && (
        <span className={`rp-band__verdict rp-verdict--${covers ? 'pass' : 'fail'}`} data-testid={`band-covers-${result.id}`}>
          {covers ? t('band.coversUpper') : t('band.missesUpper', { upper: n(band.upper.requiredVolumeM3), available: n(band.availableVolumeM3) })}
        </span>
      )}
    </span>
  );
}
