import type { Issue } from '@rainplan/engine';
import { checkDrainingTime, checkPermeability, infiltrationRateMs, sizingIssue, tankInfiltrationAreaM2, troughTankSizing } from '@rainplan/engine/sizing';
import { CONVERSIONS } from '@rainplan/engine/tables';
import { rainInput, rainSpec, type RainEcho } from '../rain.ts';
import { childPath, type ObjectSpec } from '../schema.ts';
import { num, req, opt, INFILTRATION_FIELDS, RAIN, commonChecks, both, exactlyOne, n, on, sizingTerms, governing, perDuration, sufficient, clean, TANK_SECTION_FIELDS, tankSectionChecks, sectionVolumeM3, sectionOf, tankParamsOf, tankResults, type Input, type CalcKind } from '../shared.ts';

const TROUGH_PART: ObjectSpec = {
  type: 'object',
  fields: {
    volumeM3: opt(num('m³', 0), 'the trough as the textbook gives it: its volume V_M (with areaM2)'),
    areaM2: opt(num('m²', 0), 'the trough\'s rain-receiving area A_VA (the textbook\'s A_s,M), with volumeM3'),
    lengthM: opt(num('m', 0, true), 'or its dimensions: top length L (with widthM, depthM, slope)'),
    widthM: opt(num('m', 0, true), 'top width B'),
    depthM: opt(num('m', 0, true), 'depth z (required with the dimensions; with volumeM3 it gives the draining time z/q, default V_M/A_VA)'),
    slope: opt(num(undefined, 0), 'side slope 1:m'),
    kfMs: opt(num('m/s', 0, true), 'k_f of the trough soil (default: the tank\'s kfMs)'),
    rain: opt(rainSpec, 'the trough\'s own design rain (default: the tank\'s rain)'),
  },
  check: (v, path) => {
    const errors = exactlyOne([['volumeM3', 'areaM2'], ['lengthM', 'widthM', 'slope']])(v, path);
    if (errors.length === 0 && v['lengthM'] !== undefined && v['depthM'] === undefined) {
      errors.push({ path: childPath(path, 'depthM'), expected: 'a value (required together with lengthM, widthM, slope)', received: 'nothing' });
    }
    return errors;
  },
};

export const troughTank: CalcKind = {
  name: 'trough-tank',
  title: 'Trough with tank below (Mulden-Rigole): the tank length that stores what the trough does not',
  notes: [
    'L = [(A_C + A_VA)·1e-7·r − V_M/(D·60·f_Z·f_A) − β·q − Q_Dr·1e-3] / [B·H·s/(D·60·f_Z·f_A) + α·q], maximum',
    'over D, with the trough\'s volume V_M and rain-receiving area A_VA: as given (volumeM3, areaM2), or',
    'from its dimensions (V_M by the prismoid rule, A_VA = L·B; the trough is then also sized).',
  ],
  input: {
    type: 'object',
    fields: {
      ...INFILTRATION_FIELDS,
      trough: req(TROUGH_PART, 'the trough above the tank'),
      ...TANK_SECTION_FIELDS,
      rain: RAIN,
    },
    check: both(commonChecks, tankSectionChecks),
  },
  run(v) {
    const { edition, q, fZ, fA, rain } = sizingTerms(v);
    const section = sectionOf(v);
    const t = v['trough'] as Input;
    const troughRain = t['rain'] === undefined ? rain : rainInput(t['rain'] as RainEcho);
    const qTrough = t['kfMs'] === undefined ? q : (infiltrationRateMs(n(t, 'kfMs'), edition, { fSite: on(v, 'fSite'), fMethod: on(v, 'fMethod') }) ?? Number.NaN);
    const issues: Issue[] = [...checkPermeability(n(v, 'kfMs')), ...checkPermeability(on(t, 'kfMs'))];
    const results: Record<string, unknown> = { infiltrationRateMs: q, troughInfiltrationRateMs: qTrough, safetyFactor: fZ, heightM: section.heightM, storageCoefficient: section.storageCoefficient };
    const tankParams = tankParamsOf(v, section, edition, q, fZ);
    if (tankParams === undefined) {
      issues.push(sizingIssue('PIPES_DO_NOT_FIT', { field: 'pipes' }));
      return { edition, standard: edition, results, issues: clean(issues) };
    }
    let vM: number | undefined;
    if (t['volumeM3'] !== undefined) {
      vM = n(t, 'volumeM3');
      const ava = n(t, 'areaM2');
      // The trough empties through its sole: t_E = z/q (as in the trough design), with z as given
      // or the mean depth V_M/A_VA of the textbook's trough.
      const depthM = on(t, 'depthM') ?? (ava > 0 ? vM / ava : undefined);
      const troughDrainingTimeH = depthM === undefined || !(qTrough > 0) ? undefined : depthM / qTrough / CONVERSIONS.secondsPerHour;
      issues.push(...checkDrainingTime(troughDrainingTimeH, edition, 'trough'));
      results['trough'] = { volumeM3: vM, rainReceivingAreaM2: ava, depthM, drainingTimeH: troughDrainingTimeH };
      Object.assign(results, tankResults({ ...tankParams, avaM2: n(t, 'areaM2'), storedUpstreamM3: vM }, section, on(v, 'lengthM'), rain, issues));
    } else {
      const r = troughTankSizing(
        {
          acM2: n(v, 'acM2'),
          edition,
          trough: { lengthM: n(t, 'lengthM'), widthM: n(t, 'widthM'), depthM: n(t, 'depthM'), slope: n(t, 'slope'), qMs: qTrough, safetyFactor: fZ, reductionFactor: fA },
          tank: { ...tankParams, lengthM: on(v, 'lengthM') },
        },
        troughRain,
        rain,
      );
      vM = r.troughVolumeM3;
      issues.push(...r.trough.issues, ...checkDrainingTime(r.trough.drainingTimeH, edition, 'trough'), ...r.requiredTankLength.issues);
      const L = r.requiredTankLength.lengthM;
      results['trough'] = {
        volumeM3: vM,
        rainReceivingAreaM2: r.trough.geometry?.topAreaM2,
        infiltrationAreaM2: r.trough.geometry?.meanAreaM2,
        requiredVolumeM3: r.trough.requiredVolumeM3,
        drainingTimeH: r.trough.drainingTimeH,
        ...governing(r.trough),
      };
      results['requiredLength'] = {
        lengthM: L,
        volumeM3: sectionVolumeM3(section, L),
        infiltrationAreaM2: L === undefined ? undefined : tankInfiltrationAreaM2({ lengthM: L, widthM: section.widthM, heightM: section.heightM }, tankParams.direction, edition),
        ...governing(r.requiredTankLength),
      };
      if (r.tank !== undefined) {
        issues.push(...r.tank.issues, ...checkDrainingTime(r.tank.drainingTimeH, edition, 'tank'));
        results['check'] = {
          lengthM: on(v, 'lengthM'),
          infiltrationAreaM2: r.tank.infiltrationAreaM2,
          availableVolumeM3: sectionVolumeM3(section, on(v, 'lengthM')),
          requiredVolumeM3: r.tank.requiredVolumeM3,
          sufficient: sufficient(sectionVolumeM3(section, on(v, 'lengthM')), r.tank.requiredVolumeM3),
          drainingTimeH: r.tank.drainingTimeH,
          ...governing(r.tank),
          perDuration: perDuration(r.tank.chart),
        };
      }
    }
    const tankVolume = (results['requiredLength'] as { volumeM3?: number } | undefined)?.volumeM3;
    results['totalVolumeM3'] = vM === undefined || tankVolume === undefined ? undefined : vM + tankVolume;
    return { edition, standard: edition, results, issues: clean(issues) };
  },
};
