/**
 * The report's calculation path: for a measure the governing equations with the design values
 * substituted and the result, as a reviewer re-checks them by hand — the storage balance of each
 * part at its governing duration (DWA-A 138-1:2024 / DWA-A 138:2005 / DWA-A 117), the infiltration
 * rate, the draining time, the flooding volume and its extra volume, the groundwater clearance;
 * for a purification the DWA-M 153 and DWA-A 102-2 lines; for the site DIN 1986-100 eqs. 20 and 21.
 *
 * Every number is a field of the evaluation (`evaluate(…, { calculationPath: true })`:
 * `MeasureResult.balances`, the result fields, the assessments) printed with the decimals of the
 * result block, so each result here equals the block's to the printed digit; nothing is computed
 * here but the text.
 */
import type { MeasureResult, PurificationResult } from '../../evaluate/types.ts';
import type { PartBalance } from '../../sizing/sizeMeasure.ts';
import type { Din1986CheckResult } from '../../sizing/flooding.ts';
import { formatNumber, formatScientific, type DocumentLanguage, type Translate } from '../labels/index.ts';

/** A pdfmake content node (plain data). */
type Node = Readonly<Record<string, unknown>>;

export interface CalculationContext {
  readonly t: Translate;
  readonly language: DocumentLanguage;
}

/** Decimals of each quantity, as the result block prints it. */
export const CALCULATION_DECIMALS = { area: 2, volume: 2, rain: 1, duration: 0, drainingTime: 1, factor: 2, level: 2 } as const;

const SUP7 = '10⁻⁷';
const SUP3 = '10⁻³';

function line(text: string, result = false): Node {
  return { text, style: result ? 'calcResult' : 'calcLine' };
}

/**
 * The balance's symbolic form and the same with the values substituted, ending in `= V m³`:
 * `V = [(A_C + A_VA)·10⁻⁷·r − A_S·q − Q_Dr·10⁻³]·D·60·f_Z − V_up`, terms that are zero left out.
 */
export function balanceLines(b: PartBalance, symbol: string, c: CalculationContext, factorSymbol = 'f_Z'): { symbolic: string; substituted: string } {
  const n = (v: number, d: number) => formatNumber(v, c.language, { decimals: d });
  const d = CALCULATION_DECIMALS;
  const inflowSym = b.avaM2 > 0 ? `(A_C + A_VA) · ${SUP7} · r` : `A_C · ${SUP7} · r`;
  const inflowVal = b.avaM2 > 0 ? `(${n(b.acM2, d.area)} + ${n(b.avaM2, d.area)}) · ${SUP7} · ${n(b.rLsHa, d.rain)}` : `${n(b.acM2, d.area)} · ${SUP7} · ${n(b.rLsHa, d.rain)}`;
  const outSym: string[] = [];
  const outVal: string[] = [];
  if (b.asM2 > 0 && b.qMs > 0) {
    outSym.push('A_S · q');
    outVal.push(`${n(b.asM2, d.area)} · ${formatScientific(b.qMs, c.language)}`);
  }
  if (b.throttleLs > 0) {
    outSym.push(`Q_Dr · ${SUP3}`);
    outVal.push(`${n(b.throttleLs, d.factor)} · ${SUP3}`);
  }
  const factors = b.reductionFactor === 1 ? factorSymbol : `${factorSymbol} · f_A`;
  const factorVal = b.reductionFactor === 1 ? n(b.safetyFactor, d.factor) : `${n(b.safetyFactor, d.factor)} · ${n(b.reductionFactor, d.factor)}`;
  const up = b.storedUpstreamM3 > 0;
  const bracket = (first: string, rest: string[]) => (rest.length === 0 ? first : `[${first} − ${rest.join(' − ')}]`);
  const symbolic = `${symbol} = ${bracket(inflowSym, outSym)} · D · 60 · ${factors}${up ? ' − V_up' : ''}`;
  const substituted = `${symbol} = ${bracket(inflowVal, outVal)} · ${n(b.durationMin, d.duration)} · 60 · ${factorVal}${up ? ` − ${n(b.storedUpstreamM3, d.volume)}` : ''} = ${n(b.requiredM3, d.volume)} m³`;
  return { symbolic, substituted };
}

/** The draining time `t_E = V / (A_S·q + Q_Dr·10⁻³) / 3600` with its values, or null without outflow. */
export function drainingLine(b: PartBalance, volumeM3: number, drainingTimeH: number | undefined | null, c: CalculationContext): string | null {
  if (drainingTimeH === undefined || drainingTimeH === null) return null;
  const n = (v: number, d: number) => formatNumber(v, c.language, { decimals: d });
  const d = CALCULATION_DECIMALS;
  const terms: string[] = [];
  const syms: string[] = [];
  if (b.asM2 > 0 && b.qMs > 0) {
    syms.push('A_S · q');
    terms.push(`${n(b.asM2, d.area)} · ${formatScientific(b.qMs, c.language)}`);
  }
  if (b.throttleLs > 0) {
    syms.push(`Q_Dr · ${SUP3}`);
    terms.push(`${n(b.throttleLs, d.factor)} · ${SUP3}`);
  }
  if (terms.length === 0) return null;
  const wrap = (parts: string[]) => `(${parts.join(' + ')})`;
  return `t_E = V / ${wrap(syms)} / 3600 = ${n(volumeM3, d.volume)} / ${wrap(terms)} / 3600 = ${n(drainingTimeH, d.drainingTime)} h`;
}

/** The design infiltration rate q from k_f and the edition (2005: k_f / 2; 2024: k_f · f_Ort · f_Methode). */
function rateLine(m: MeasureResult, kf: number | undefined | null, q: number, c: CalculationContext): string | null {
  if (kf === undefined || kf === null || !(q > 0)) return null;
  const s = (v: number) => formatScientific(v, c.language);
  if (m.ruleEdition === 'DWA-A 138:2005') return `q = k_f / 2 = ${s(kf)} / 2 = ${s(q)} m/s`;
  const d = m.data;
  const f = (v: number | null | undefined) => formatNumber(v ?? 1, c.language, { decimals: 2 });
  return `q = k_i = k_f · f_Ort · f_Methode = ${s(kf)} · ${f(d.permeabilityFactorSite)} · ${f(d.permeabilityFactorMethod)} = ${s(q)} m/s`;
}

/**
 * The calculation path of a measure: a heading and, per part that was sized, the infiltration
 * rate, the infiltration area, the balance (symbolic and substituted), the draining time; the
 * flooding volume and extra volume when computed; the groundwater clearance when checked.
 * Empty when the measure was not sized (its issues say why).
 */
export function measureCalculationPath(m: MeasureResult, c: CalculationContext): Node[] {
  const balances = m.balances;
  if (balances === undefined) return [];
  const d = m.data;
  const n = (v: number | null | undefined, decimals: number) => formatNumber(v, c.language, { decimals });
  const D = CALCULATION_DECIMALS;
  const out: Node[] = [];
  const combined = balances.trough !== undefined && balances.tank !== undefined;
  const parts = [
    { key: 'trough' as const, b: balances.trough, kf: d.permeabilityTrough ?? d.permeability, volume: d.requiredVolumeTrough, draining: d.drainingTimeTrough, symbol: combined ? 'V_M' : 'V' },
    { key: 'tank' as const, b: balances.tank, kf: d.permeability, volume: d.requiredVolumeInfiltrationTank, draining: d.drainingTimeInfiltrationTank, symbol: combined ? 'V_R' : 'V' },
  ];
  for (const part of parts) {
    const b = part.b;
    if (b === undefined) continue;
    const title = c.t(`calc.part.${m.data.installationTarget === 'Retention' ? 'retention' : part.key}`);
    out.push({ text: title, style: 'calcPart' });
    const rate = rateLine(m, part.kf, b.qMs, c);
    if (rate !== null) out.push(line(rate));
    if (part.key === 'trough' && d.troughArea != null && d.troughGroundArea != null && b.asM2 > 0) {
      out.push(line(`A_VA = A_o = ${n(d.troughArea, D.area)} m²; A_S = (A_o + A_u) / 2 = (${n(d.troughArea, D.area)} + ${n(d.troughGroundArea, D.area)}) / 2 = ${n(b.asM2, D.area)} m²`));
    } else if (b.asM2 > 0) {
      const direction = d.infiltrationDirection == null ? '' : ` (${c.t(`direction.${d.infiltrationDirection}`)})`;
      out.push(line(`A_S = ${n(b.asM2, D.area)} m²${direction}`));
    }
    if (b.storedUpstreamM3 > 0) out.push(line(c.t('calc.upstream', { volume: n(b.storedUpstreamM3, D.volume) })));
    out.push(line(c.t('calc.governing', { d: n(b.durationMin, D.duration), r: n(b.rLsHa, D.rain), t: n(part.key === 'trough' && combined ? d.recurrenceIntervalTrough : d.recurrenceInterval, 0) })));
    const { symbolic, substituted } = balanceLines(b, part.symbol, c);
    out.push(line(symbolic), line(substituted, true));
    const drain = drainingLine(b, b.requiredM3, part.draining ?? (combined ? undefined : d.drainingTime), c);
    if (drain !== null) out.push(line(drain, true));
  }
  const flood = balances.flooding;
  if (flood !== undefined) {
    out.push({ text: c.t(m.floodingVerification ? 'calc.part.flooding' : 'calc.part.floodingInformation', { t: n(d.recurrenceIntervalFloodingVerification ?? undefined, 0) }), style: 'calcPart' });
    const { symbolic, substituted } = balanceLines(flood, 'V_Ü', c, 'f_Ü');
    out.push(line(c.t('calc.floodingArea')), line(symbolic), line(substituted, true));
    if (d.extraVolume != null && m.value !== undefined) {
      out.push(line(`ΔV = max(0; V_Ü − V_vorh) = max(0; ${n(flood.requiredM3, D.volume)} − ${n(m.value, D.volume)}) = ${n(d.extraVolume, D.volume)} m³`, true));
    }
  }
  const g = m.groundwaterClearance;
  if (g != null && g.thicknessM !== undefined && g.baseLevelM !== undefined && g.groundwaterLevelM !== undefined) {
    out.push({ text: c.t('calc.part.groundwater'), style: 'calcPart' });
    const base =
      g.groundLevelM !== undefined && g.depthBelowGroundM !== undefined
        ? `(${n(g.groundLevelM, D.level)} − ${n(g.depthBelowGroundM, D.level)}) − ${n(g.groundwaterLevelM, D.level)}`
        : `${n(g.baseLevelM, D.level)} − ${n(g.groundwaterLevelM, D.level)}`;
    const holds = g.thicknessM >= g.minThicknessM;
    out.push(line(`s = z_Sohle − MHGW = ${base} = ${n(g.thicknessM, D.level)} m ${holds ? '≥' : '<'} ${n(g.minThicknessM, D.level)} m (${g.clause})`, true));
  }
  if (out.length === 0) return [];
  return [{ text: c.t('calc.heading'), style: 'h4' }, { stack: out, margin: [0, 0, 0, 6] }];
}

/** DWA-M 153: B = Σ f_i·(L + F_i), E = B·D against G; DWA-A 102-2: η from the ablation. */
export function purificationCalculationPath(r: PurificationResult, c: CalculationContext, pointsOfSurface: (surfaceId: string) => number | undefined): Node[] {
  const n = (v: number | null | undefined, decimals: number) => formatNumber(v, c.language, { decimals });
  const out: Node[] = [];
  const m = r.m153;
  if (m !== undefined && m.dischargedLoad !== undefined && m.airPollutionPoints !== undefined) {
    const L = m.airPollutionPoints;
    const terms = m.surfaces.map((s) => `${n(s.areaShare, 3)} · (${n(L, 0)} + ${n(pointsOfSurface(s.surfaceId), 0)})`);
    out.push({ text: c.t('calc.part.m153'), style: 'calcPart' });
    out.push(line(`B = Σ f_i · (L + F_i) = ${terms.join(' + ')} = ${n(m.dischargedLoad, 2)}`, true));
    if (m.emission !== undefined && m.waterCategoryPoints !== undefined) {
      const holds = m.emission <= m.waterCategoryPoints;
      out.push(line(`E = B · D = ${n(m.dischargedLoad, 2)} · ${n(m.combinedFactor, 3)} = ${n(m.emission, 2)} ${holds ? '≤' : '>'} G = ${n(m.waterCategoryPoints, 0)}`, true));
    }
  }
  const a = r.a102;
  if (a !== undefined) {
    const d = a.data;
    out.push({ text: c.t('calc.part.a102'), style: 'calcPart' });
    out.push(line(`B_R,zul = 280 kg/(ha·a) · A_E = ${n(d.permittedAblation, 2)} kg/a; B_R,erf = B_R,a − B_R,zul = ${n(d.totalAblation, 2)} − ${n(d.permittedAblation, 2)} → ${n(a.requiredRestraint, 2)} kg/a`));
    if (d.ablationOfBypass != null && d.ablationOfBypass > 0) {
      out.push(line(`η_erf = B_R,erf / B_R,zu = ${n(a.requiredRestraint, 2)} / ${n(d.intakeWithBypass, 2)} = ${n(a.requiredEfficiency, 3)}`, true));
    } else {
      out.push(line(`η_erf = 1 − 280 / b_R,a = 1 − 280 / ${n(d.areaSpecificAblation, 2)} = ${n(a.requiredEfficiency, 3)}`, true));
    }
  }
  if (out.length === 0) return [];
  return [{ text: c.t('calc.heading'), style: 'h4' }, { stack: out, margin: [0, 0, 0, 6] }];
}

/** DIN 1986-100 eqs. 20 and 21 with the governing duration's values substituted. */
export function din1986CalculationPath(
  site: { readonly total: number; readonly roof: number; readonly roofCs: number; readonly paved: number; readonly pavedCs: number; readonly fullFlowLs?: number | undefined },
  result: Din1986CheckResult,
  r2At: (durationMin: number) => number | undefined,
  c: CalculationContext,
): Node[] {
  const n = (v: number | null | undefined, decimals: number) => formatNumber(v, c.language, { decimals });
  const D = CALCULATION_DECIMALS;
  const out: Node[] = [];
  const e20 = result.eq20;
  if (e20.volumeM3 !== undefined && e20.durationMin !== undefined && e20.rLsHa !== undefined) {
    const r2 = r2At(e20.durationMin);
    out.push(line('V_Rück = [r(D,30) · A_ges − (r(D,2) · A_Dach · C_s,Dach + r(D,2) · A_FaG · C_s,FaG)] · D · 60 / 10⁷'));
    out.push(
      line(
        `V_Rück = [${n(e20.rLsHa, D.rain)} · ${n(site.total, D.area)} − (${n(r2, D.rain)} · ${n(site.roof, D.area)} · ${n(site.roofCs, D.factor)} + ${n(r2, D.rain)} · ${n(site.paved, D.area)} · ${n(site.pavedCs, D.factor)})] · ${n(e20.durationMin, 0)} · 60 / 10⁷ = ${n(e20.volumeM3, D.volume)} m³`,
        true,
      ),
    );
  }
  const e21 = result.eq21;
  if (e21.volumeM3 !== undefined && e21.durationMin !== undefined && e21.rLsHa !== undefined && site.fullFlowLs !== undefined) {
    out.push(line('V_Rück = [r(D,30) · A_ges / 10⁴ − Q_voll] · D · 60 / 1000'));
    out.push(line(`V_Rück = [${n(e21.rLsHa, D.rain)} · ${n(site.total, D.area)} / 10⁴ − ${n(site.fullFlowLs, D.factor)}] · ${n(e21.durationMin, 0)} · 60 / 1000 = ${n(e21.volumeM3, D.volume)} m³`, true));
  }
  if (out.length === 0) return [];
  return [{ text: c.t('calc.heading'), style: 'h4' }, { stack: out, margin: [0, 0, 0, 6] }];
}
