/**
 * A measure's figures as the planner's screen shows them — the design inputs and the results —
 * built once for the measure editor and the read-only share view, so both show the same figures
 * in the same precision. Formatting only (the numbers are the engine's): results with fixed
 * decimals per quantity (volumes and areas 2, rain yield and draining time 1: `8,70` beside
 * `12,04`, never `8,7`), inputs as the planner typed them (`editText`).
 */
import type { TFunction } from 'i18next';
import type { Measure, MeasureResult } from '@rainplan/engine';
import { measureKind, tankPart } from '@rainplan/engine';
import { superscript } from '@rainplan/engine/documents';
import { DASHES, editText, formatNumber, hoursMinutes } from './format.ts';

type Data = Measure['data'];
type T = TFunction<'dimensioning'>;

/** Decimals of each result quantity on every screen. */
export const FIGURE_DECIMALS = { volume: 2, area: 2, precipitation: 1, drainingTime: 1 } as const;

/** A result figure with fixed decimals (non-finite or missing: three dashes). */
export function figure(value: number | null | undefined, language: string, decimals: number): string {
  return formatNumber(value, language, decimals, decimals);
}

/** One labelled figure; `id` is its test id on the screens. */
export interface FigureRow {
  readonly key: string;
  readonly label: string;
  readonly value: string;
  readonly id?: string;
}

/** A duration in minutes as "1 h 30 min" / "45 min" (the dimensioning texts). */
export function durationText(minutes: number | null | undefined, t: T): string {
  const hm = hoursMinutes(minutes);
  if (hm === undefined) return DASHES;
  return hm.h === 0 ? t('measure.minutes', { m: hm.m }) : t('measure.hoursMinutes', hm);
}

/**
 * The whole measure's results (duration, rain, required / available volume, draining time, and
 * the flooding volumes when the engine computed them). `t`: the `dimensioning` namespace.
 */
export function measureResultFigures(result: MeasureResult | undefined, data: Data, language: string, t: T): FigureRow[] {
  const finite = (x: number | null | undefined) => typeof x === 'number' && Number.isFinite(x);
  const floodingOn = result?.floodingVerification ?? data.floodingVerification === true;
  const rows: FigureRow[] = [
    { key: 'duration', label: t('measure.duration'), value: durationText(data.duration, t), id: 'result-duration' },
    { key: 'precipitation', label: t('measure.precipitation'), value: figure(data.precipitation, language, FIGURE_DECIMALS.precipitation), id: 'result-precipitation' },
    { key: 'required', label: t('measure.requiredVolume'), value: figure(result?.requiredVolume, language, FIGURE_DECIMALS.volume), id: 'result-required' },
    { key: 'available', label: t('measure.availableVolume'), value: figure(result?.value, language, FIGURE_DECIMALS.volume), id: 'result-available' },
    { key: 'drainingTime', label: t('measure.drainingTime'), value: figure(data.drainingTime, language, FIGURE_DECIMALS.drainingTime), id: 'result-draining' },
  ];
  if (floodingOn || finite(data.floodingVolume) || finite(data.extraVolume)) {
    rows.push(
      { key: 'flooding', label: t('measure.floodingVolume'), value: figure(data.floodingVolume, language, FIGURE_DECIMALS.volume), id: 'result-flooding' },
      { key: 'extra', label: t('measure.extraVolume'), value: figure(data.extraVolume, language, FIGURE_DECIMALS.volume), id: 'result-extra' },
    );
  }
  return rows;
}

/**
 * The design inputs of a measure as the planner entered them: return period, safety margin, soil
 * and k_f (x · 10⁻ʸ m/s), the throttle, and the trough's and tank's dimensions — the rows that
 * apply to the measure's kind. `t`: the `dimensioning` namespace.
 */
export function measureInputFigures(data: Data, language: string, t: T): FigureRow[] {
  const kind = measureKind(data);
  const text = (v: number | null | undefined) => (v === null || v === undefined ? DASHES : editText(v, language));
  const kf = (x: number | null | undefined, y: number | null | undefined) => (x == null || y == null ? DASHES : `${editText(x, language)} · 10${superscript(`-${editText(y, language)}`)} m/s`);
  const rows: FigureRow[] = [{ key: 'recurrence', label: t('measure.recurrence'), value: text(data.recurrenceInterval) }];
  const combined = kind.trough && kind.tank !== null;
  if (combined) rows.push({ key: 'recurrenceTrough', label: t('measure.recurrenceTrough'), value: text(data.recurrenceIntervalTrough) });
  rows.push({ key: 'safetyMargin', label: t('measure.safetyMargin'), value: text(data.safetyMargin) });
  if (kind.soil) {
    rows.push(
      { key: 'soil', label: t('measure.soil'), value: data.soilData == null ? DASHES : t(`soil.${data.soilData}`) },
      { key: 'kf', label: t('measure.kf'), value: kf(data.permeabilityCoefficientX, data.permeabilityCoefficientY) },
    );
    if (combined) {
      rows.push(
        { key: 'soilTrough', label: t('measure.soilTrough'), value: data.soilDataTrough == null ? DASHES : t(`soil.${data.soilDataTrough}`) },
        { key: 'kfTrough', label: t('measure.kfTrough'), value: kf(data.permeabilityCoefficientXTrough, data.permeabilityCoefficientYTrough) },
      );
    }
  }
  if (kind.throttle) rows.push({ key: 'throttle', label: t('measure.throttle'), value: text(data.throttleDischarge) });
  if (kind.trough) {
    const d = data.dimensioningTrough ?? {};
    const prefix = combined ? `${t('measure.trough')}: ` : '';
    rows.push(
      { key: 'troughWidth', label: prefix + t('measure.width'), value: text(d.width) },
      { key: 'troughLength', label: prefix + t('measure.length'), value: text(d.length) },
      { key: 'troughDepth', label: prefix + t('measure.depth'), value: text(d.depth) },
      { key: 'troughSlope', label: prefix + t('measure.slope'), value: text(d.slope) },
    );
  }
  if (kind.tank !== null) {
    const d = data.dimensioningInfiltrationTank ?? {};
    const prefix = combined ? `${t('measure.tank')}: ` : '';
    // The section B × L × H, then the part's own inputs as the report lists them (kinds registry:
    // boxes their levels and storage coefficient, pipes their number, type and gravel).
    const part = tankPart(kind.tank);
    const own = part.reportRows(d).map((r) => ({ key: r.labelKey.replace(/^input\./, ''), value: r.value }));
    // Boxes typed by levels show the levels instead of the height.
    const byLevels = d.levels != null && own.some((r) => r.key === 'levels');
    if (part.rectangularSection) rows.push({ key: 'tankWidth', label: prefix + t('measure.width'), value: text(d.width) });
    rows.push({ key: 'tankLength', label: prefix + t('measure.length'), value: text(d.length) });
    if (part.rectangularSection && !byLevels) rows.push({ key: 'tankHeight', label: prefix + t('measure.height'), value: text(d.height) });
    for (const r of own) {
      if (r.key === 'levels' && !byLevels) continue;
      const value = typeof r.value === 'string' ? r.value.replace(/_/g, ' ') : text(r.value);
      rows.push({ key: r.key, label: prefix + t(`measure.${r.key}`), value });
    }
  }
  return rows;
}
