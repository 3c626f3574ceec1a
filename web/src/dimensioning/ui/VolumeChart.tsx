/**
 * A small SVG chart of the required volume per rain duration (the engine's reportData charts).
 * Presentation only: points are placed on a log-duration axis; the values come from the engine.
 */
import type { ChartPoint } from '@rainplan/engine';
import { useTranslation } from 'react-i18next';
import { formatNumber } from './format.ts';

const W = 320;
const H = 170;
const PAD = { left: 44, right: 10, top: 10, bottom: 30 };

/** The curves at the lower and upper end of the rain uncertainty (the engine's band charts). */
export interface VolumeChartBand {
  readonly lower: readonly ChartPoint[] | null | undefined;
  readonly upper: readonly ChartPoint[] | null | undefined;
}

const usable = (points: readonly ChartPoint[] | null | undefined) => (points ?? []).filter((p) => Number.isFinite(p.duration) && p.duration > 0 && Number.isFinite(p.volume));

export function VolumeChart({ title, points, required, band }: { title: string; points: readonly ChartPoint[] | null | undefined; required?: number | null | undefined; band?: VolumeChartBand | undefined }) {
  const { t, i18n } = useTranslation('dimensioning');
  const data = usable(points);
  if (data.length < 2) return null;
  const lower = usable(band?.lower);
  const upper = usable(band?.upper);
  const shaded = lower.length >= 2 && upper.length >= 2;
  const minX = Math.log(data[0]!.duration);
  const maxX = Math.log(data[data.length - 1]!.duration);
  const maxY = Math.max(...data.map((p) => p.volume), ...(shaded ? upper.map((p) => p.volume) : []), required ?? 0) * 1.05 || 1;
  const x = (d: number) => PAD.left + ((Math.log(d) - minX) / (maxX - minX || 1)) * (W - PAD.left - PAD.right);
  const y = (v: number) => H - PAD.bottom - (Math.max(0, v) / maxY) * (H - PAD.top - PAD.bottom);
  const path = data.map((p, i) => `${i === 0 ? 'M' : 'L'}${x(p.duration).toFixed(1)},${y(p.volume).toFixed(1)}`).join(' ');
  // The band: along the upper curve, back along the lower one (durations ascending in both).
  const bandPath = shaded
    ? [...upper.map((p, i) => `${i === 0 ? 'M' : 'L'}${x(p.duration).toFixed(1)},${y(p.volume).toFixed(1)}`), ...[...lower].reverse().map((p) => `L${x(p.duration).toFixed(1)},${y(p.volume).toFixed(1)}`), 'Z'].join(' ')
    : null;
  const ticks = data.filter((p) => [5, 60, 1440, 10080].includes(p.duration));
  return (
    <figure className="rp-chart-figure">
      <svg className="rp-chart" viewBox={`0 0 ${W} ${H}`} width={W} height={H} role="img" aria-label={`${title}: ${t('measure.chartAxisY')} / ${t('measure.chartAxisX')}`}>
        <line x1={PAD.left} y1={H - PAD.bottom} x2={W - PAD.right} y2={H - PAD.bottom} stroke="currentColor" />
        <line x1={PAD.left} y1={PAD.top} x2={PAD.left} y2={H - PAD.bottom} stroke="currentColor" />
        {ticks.map((p) => (
          <text key={p.duration} x={x(p.duration)} y={H - PAD.bottom + 12} textAnchor="middle">
            {p.duration}
          </text>
        ))}
        <text x={PAD.left - 4} y={PAD.top + 8} textAnchor="end">
          {formatNumber(maxY, i18n.language, 0)}
        </text>
        <text x={PAD.left - 4} y={H - PAD.bottom} textAnchor="end">
          0
        </text>
        <text x={(W + PAD.left) / 2} y={H - 4} textAnchor="middle">
          {t('measure.chartAxisX')}
        </text>
        {required != null && Number.isFinite(required) && <line x1={PAD.left} x2={W - PAD.right} y1={y(required)} y2={y(required)} stroke="#a4161a" strokeDasharray="4 3" />}
        {bandPath !== null && (
          <path d={bandPath} fill="#0b5a8a" fillOpacity={0.18} stroke="none" data-testid="chart-band">
            <title>{t('band.chartLegend')}</title>
          </path>
        )}
        <path d={path} fill="none" stroke="#0b5a8a" strokeWidth={2} />
      </svg>
      <figcaption>
        {title}
        {bandPath !== null && <span className="rp-muted"> · {t('band.chartLegend')}</span>}
      </figcaption>
    </figure>
  );
}
