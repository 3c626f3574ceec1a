import { checkPermeability, extraVolumeM3, floodingSafetyFactor, measureFloodingVolume } from '@rainplan/engine/sizing';
import { FLOODING_SAFETY_MARGIN_IDS, type FloodingSafetyMarginId, type RuleEdition } from '@rainplan/engine/tables';
import { rainInput, rainSpec, type RainEcho } from '../rain.ts';
import { childPath } from '../schema.ts';
import { num, req, opt, def, enumOf, EDITION, F_SITE, F_METHOD, commonChecks, n, on, rateOf, governing, perDuration, clean, type CalcKind } from '../shared.ts';

export const flooding: CalcKind = {
  name: 'flooding',
  title: 'Flooding volume of a measure (DWA-A 138-1 eq. 10 form)',
  notes: [
    'V_f(D) = [r(D,T_f)·(Σ A_E·C_s + A_VA)·1e-7 − (A_S·q + Q_Dr·1e-3)]·D·60·f_flood − V_up; maximum over D;',
    'extra volume = max(0, V_f − available volume). f_flood = 1.10 / 1.15 / 1.20 for Fz10 / Fz15 / Fz20.',
  ],
  input: {
    type: 'object',
    fields: {
      edition: EDITION,
      peakAreaM2: req(num('m²', 0), 'Σ A_E · C_s of the surfaces (peak runoff coefficients)'),
      avaM2: def(num('m²', 0), 0, 'the facility\'s own rain-receiving area A_VA'),
      asM2: def(num('m²', 0), 0, 'infiltration area A_S'),
      kfMs: opt(num('m/s', 0, true), 'k_f (required when asM2 > 0)'),
      fSite: F_SITE,
      fMethod: F_METHOD,
      throttleLs: def(num('l/s', 0), 0, 'throttle discharge Q_Dr'),
      floodingMargin: opt(enumOf(FLOODING_SAFETY_MARGIN_IDS), 'safety margin option (default Fz15)'),
      floodingFactor: opt(num(undefined, 0, true), 'f_flood directly (instead of floodingMargin)'),
      storedUpstreamM3: def(num('m³', 0), 0, 'volume stored upstream (a trough above a tank), subtracted'),
      availableVolumeM3: opt(num('m³', 0), 'the measure\'s available volume: gives the extra volume'),
      annualityA: def(num('a', 0, true), 30, 'the flooding annuality T_f of the rain (recorded only)'),
      rain: req(rainSpec, 'the rain of the flooding annuality T_f'),
    },
    check: (v, path) => {
      const errors = commonChecks(v, path);
      if (v['floodingMargin'] !== undefined && v['floodingFactor'] !== undefined) errors.push({ path: childPath(path, 'floodingFactor'), expected: 'either floodingMargin or floodingFactor, not both' });
      if (n(v, 'asM2') > 0 && v['kfMs'] === undefined) errors.push({ path: childPath(path, 'kfMs'), expected: 'a number > 0 (m/s) (required when asM2 > 0)', received: 'nothing' });
      return errors;
    },
  },
  run(v) {
    const edition = v['edition'] as RuleEdition;
    const q = v['kfMs'] === undefined ? 0 : rateOf(v);
    const margin = (v['floodingMargin'] as FloodingSafetyMarginId | undefined) ?? 'Fz15';
    const factor = on(v, 'floodingFactor') ?? floodingSafetyFactor(margin)!;
    const r = measureFloodingVolume(
      { peakAreaM2: n(v, 'peakAreaM2'), avaM2: n(v, 'avaM2'), asM2: n(v, 'asM2'), qMs: q, throttleLs: n(v, 'throttleLs'), floodingFactor: factor, storedUpstreamM3: n(v, 'storedUpstreamM3') },
      rainInput(v['rain'] as RainEcho),
    );
    const available = on(v, 'availableVolumeM3');
    return {
      edition,
      standard: `${edition} (flooding verification)`,
      results: {
        infiltrationRateMs: q,
        floodingFactor: factor,
        floodingVolumeM3: r.floodingVolumeM3,
        standardVolumeM3: r.standardVolumeM3,
        drainingTimeH: r.drainingTimeH,
        ...governing(r),
        ...(available === undefined ? {} : { availableVolumeM3: available, extraVolumeM3: r.floodingVolumeM3 === undefined ? undefined : extraVolumeM3(r.floodingVolumeM3, available) }),
        perDuration: perDuration(r.chart),
      },
      issues: clean([...(v['kfMs'] === undefined ? [] : checkPermeability(n(v, 'kfMs'))), ...r.issues]),
    };
  },
};
