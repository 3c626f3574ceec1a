/**
 * Mass lists (bills of materials) of a project, a measure or a configuration, grouped by none,
 * measure or configuration, with or without prices, in German or English (spec §2 Documents,
 * §7 Documents; docs/configurator.md "Bill of materials"; decision 0090).
 *
 * Parts: every measure (waterflow order) with its linked configuration while it is a box tank, or with its own list
 * when it has none; then every custom configuration (no measure, or a measure that does not
 * exist). Grouping:
 * - `none`: one group (the project's name) with every product merged;
 * - `measure`: one group per measure (its configuration's lines and both additional-product lists
 *   merged), then one per custom configuration;
 * - `configuration`: one group per configuration (its lines and its additional products), then
 *   one per measure for what is not in a configuration (a measure's own list and its additional
 *   products).
 * Groups without lines are left out (except the single group of `none`).
 */
import { indexCatalogue, type Catalogue, type CatalogueIndex } from '../catalogue/catalogue.ts';
import type { Measure } from '../model/measure.ts';
import type { AdditionalProduct, BoxConfiguration, Project } from '../model/project.ts';
import { configurationNeeds, type ConfigurationQuantities } from './configuration.ts';
import { measureNeeds } from './measure.ts';
import { measureTakesConfiguration } from '../boxgrid/measureLink.ts';
import { Dec, money } from './money.ts';
import { addAdditional, mergeNeeds, newNeeds, toLines, type Needs } from './needs.ts';
import type { BillIssue, BillOfMaterials, GroupBy, Language, MassListGroup, SystemType } from './types.ts';

export interface MassListOptions {
  /** Default `none`. */
  readonly groupBy?: GroupBy | undefined;
  /** With unit and total prices (default true). */
  readonly prices?: boolean | undefined;
  /** Texts of the lines (default `de`). */
  readonly language?: Language | undefined;
}

interface Part {
  readonly systemType: SystemType;
  readonly ownerId: string;
  readonly name: string;
  readonly needs: Needs;
}

const cache = new WeakMap<Catalogue, CatalogueIndex>();
function indexOf(catalogue: Catalogue): CatalogueIndex {
  let index = cache.get(catalogue);
  if (index === undefined) cache.set(catalogue, (index = indexCatalogue(catalogue)));
  return index;
}

function build(parts: readonly { name: string; systemType: SystemType; ownerId: string | null; needs: Needs }[], keepEmpty: boolean, index: CatalogueIndex, options: MassListOptions, groupBy: GroupBy, issues: BillIssue[]): BillOfMaterials {
  const language = options.language ?? 'de';
  const prices = options.prices ?? true;
  const groups: MassListGroup[] = [];
  let total = new Dec(0);
  for (const part of parts) {
    const { lines, total: sum } = toLines(part.needs, index, language, issues, part.ownerId);
    if (lines.length === 0 && !keepEmpty) continue;
    total = total.plus(sum);
    groups.push({
      order: groups.length + 1,
      groupName: part.name,
      systemType: part.systemType,
      ownerId: part.ownerId,
      lines: prices ? lines : lines.map((l) => ({ ...l, unitPrice: null, totalPrice: null })),
      totalPrice: prices ? money(sum) : null,
    });
  }
  return { massListGroups: groups, totalPrice: prices ? money(total) : null, currency: index.catalogue.currency, language, groupBy, issues };
}

function additionalOf(project: Project, measureId: string): readonly AdditionalProduct[] {
  return project.measureProducts?.find((m) => m.measureId === measureId)?.products ?? [];
}

/** The parts of a project: measures with their configuration (or own list), then custom configurations. */
function projectParts(project: Project, index: CatalogueIndex, issues: BillIssue[]): { measures: { measure: Measure; config?: Part; own: Part }[]; custom: Part[] } {
  const configurations = project.boxConfigurations ?? [];
  const measureIds = new Set(project.waterflow.measures.map((m) => m.id));
  const configPart = (c: BoxConfiguration, i: number): Part => {
    const r = configurationNeeds(c, index, `$.boxConfigurations[${i}]`);
    issues.push(...r.issues);
    return { systemType: 'configuration', ownerId: c.id, name: c.name, needs: r.needs };
  };
  // A measure's first linked configuration is its bill only while the measure is a box tank
  // (the rule `evaluate` follows, decision 0140); otherwise it rests unbilled (e.g. while a trough
  // variant is chosen) and the measure is billed from its own dimensions.
  const resting = new Set<string>();
  const measures = project.waterflow.measures.map((measure, mi) => {
    const first = configurations.findIndex((c) => c.measureId === measure.id);
    if (first >= 0 && !measureTakesConfiguration(measure)) resting.add(configurations[first]!.id);
    const ci = measureTakesConfiguration(measure) ? first : -1;
    const additional = additionalOf(project, measure.id);
    if (ci >= 0) {
      const own = newNeeds();
      for (const p of additional) addAdditional(own, p);
      return { measure, config: configPart(configurations[ci]!, ci), own: { systemType: 'measure' as const, ownerId: measure.id, name: measure.name, needs: own } };
    }
    const r = measureNeeds(measure, index, additional, `$.waterflow.measures[${mi}]`);
    issues.push(...r.issues);
    return { measure, own: { systemType: 'measure' as const, ownerId: measure.id, name: measure.name, needs: r.needs } };
  });
  const linked = new Set(measures.flatMap((m) => (m.config === undefined ? [] : [m.config.ownerId])));
  const custom = configurations.flatMap((c, i) => ((linked.has(c.id) || resting.has(c.id)) && c.measureId != null && measureIds.has(c.measureId) ? [] : [configPart(c, i)]));
  return { measures, custom };
}

/**
 * The mass list of a whole project.
 *
 * @example
 * const bill = projectMassList(project, catalogue, { groupBy: 'measure', prices: true, language: 'en' });
 * bill.massListGroups[0].lines[0]; // { materialNumber: '100100', quantity: '24', unitPrice: '189.00', totalPrice: '4536.00', … }
 */
export function projectMassList(project: Project, catalogue: Catalogue, options: MassListOptions = {}): BillOfMaterials {
  const index = indexOf(catalogue);
  const issues: BillIssue[] = [];
  const groupBy = options.groupBy ?? 'none';
  const { measures, custom } = projectParts(project, index, issues);
  if (groupBy === 'none') {
    const all = newNeeds();
    for (const m of measures) {
      if (m.config !== undefined) mergeNeeds(all, m.config.needs);
      mergeNeeds(all, m.own.needs);
    }
    for (const c of custom) mergeNeeds(all, c.needs);
    return build([{ name: project.project.name, systemType: 'project', ownerId: null, needs: all }], true, index, options, groupBy, issues);
  }
  if (groupBy === 'measure') {
    const parts = measures.map((m) => {
      if (m.config === undefined) return m.own;
      const needs = newNeeds();
      mergeNeeds(needs, m.config.needs);
      mergeNeeds(needs, m.own.needs);
      return { ...m.own, needs };
    });
    return build([...parts, ...custom], false, index, options, groupBy, issues);
  }
  const configs = measures.flatMap((m) => (m.config === undefined ? [] : [m.config]));
  return build([...configs, ...custom, ...measures.map((m) => m.own)], false, index, options, groupBy, issues);
}

/** The mass list of one measure (with its configuration, if it has one); undefined for an unknown id. */
export function measureMassList(project: Project, measureId: string, catalogue: Catalogue, options: Omit<MassListOptions, 'groupBy'> = {}): BillOfMaterials | undefined {
  const index = indexOf(catalogue);
  const issues: BillIssue[] = [];
  const mi = project.waterflow.measures.findIndex((m) => m.id === measureId);
  if (mi < 0) return undefined;
  const measure = project.waterflow.measures[mi]!;
  const configurations = project.boxConfigurations ?? [];
  const ci = measureTakesConfiguration(measure) ? configurations.findIndex((c) => c.measureId === measureId) : -1;
  const needs = newNeeds();
  if (ci >= 0) {
    const r = configurationNeeds(configurations[ci]!, index, `$.boxConfigurations[${ci}]`);
    issues.push(...r.issues);
    mergeNeeds(needs, r.needs);
    for (const p of additionalOf(project, measureId)) addAdditional(needs, p);
  } else {
    const r = measureNeeds(measure, index, additionalOf(project, measureId), `$.waterflow.measures[${mi}]`);
    issues.push(...r.issues);
    mergeNeeds(needs, r.needs);
  }
  return build([{ name: measure.name, systemType: 'measure', ownerId: measure.id, needs }], true, index, options, 'measure', issues);
}

/** The bill of one configuration (its items and additional products) and the quantities it was made of. */
export function configurationBill(
  configuration: BoxConfiguration,
  catalogue: Catalogue,
  options: Omit<MassListOptions, 'groupBy'> = {},
): BillOfMaterials & { readonly quantities: ConfigurationQuantities } {
  const index = indexOf(catalogue);
  const r = configurationNeeds(configuration, index, '$');
  const issues = [...r.issues];
  const bill = build([{ name: configuration.name, systemType: 'configuration', ownerId: configuration.id, needs: r.needs }], true, index, options, 'configuration', issues);
  return { ...bill, quantities: r.quantities };
}
