/**
 * The words of the sealed-surface spreadsheet template v1.1: the version marker, the column
 * headers (German and English) and the cell values a planner may write (runoff types, drains,
 * DWA-M 153 categories, DWA-A 102-2 area groups). The layout is recorded in
 * docs/decisions/0038-surface-template-v1.1.md and ./README.md.
 *
 * These are the template's file format, not spec constants: the runoff coefficients, category
 * and area-group ids all come from `../tables`; this file only names them in a spreadsheet.
 * Matching is forgiving (see {@link normalizeWord}): case, spaces, punctuation, umlauts
 * (ä = ae) and units in brackets do not matter.
 */
import { AREA_GROUP_IDS, type AreaGroupId } from '../tables/a102.ts';
import { GROUND_POLLUTION_IDS, type GroundPollutionId } from '../tables/m153.ts';
import { DRAINS, type Drain } from '../tables/measures.ts';
import { RUNOFF_TYPE_IDS, type RunoffTypeId } from '../tables/runoff.ts';

/** The template version this engine reads and writes (platform spec section 5: "Surface template version must be v1.1"). */
export const SURFACE_TEMPLATE_VERSION = 'v1.1';

/** Languages the template is written in (the platform's UI languages). */
export type SurfaceTemplateLanguage = 'de' | 'en';
export const SURFACE_TEMPLATE_LANGUAGES = ['de', 'en'] as const satisfies readonly SurfaceTemplateLanguage[];

/** The columns of the template, in the order the template writes them (after the version column). */
export const SURFACE_TEMPLATE_FIELDS = ['name', 'value', 'runoff', 'cm', 'cs', 'drain', 'groundPollutionM153', 'areaGroupA102'] as const;
export type SurfaceTemplateField = (typeof SURFACE_TEMPLATE_FIELDS)[number];

/** The header texts the template writes, per language. */
export const SURFACE_TEMPLATE_HEADERS = {
  de: {
    name: 'Name',
    value: 'Fläche [m²]',
    runoff: 'Abflussart',
    cm: 'Cm',
    cs: 'Cs',
    drain: 'Ableitung',
    groundPollutionM153: 'Flächenverschmutzung M153',
    areaGroupA102: 'Flächengruppe A102',
  },
  en: {
    name: 'Name',
    value: 'Area [m²]',
    runoff: 'Runoff type',
    cm: 'Cm',
    cs: 'Cs',
    drain: 'Drain',
    groundPollutionM153: 'Ground pollution M153',
    areaGroupA102: 'Area group A102',
  },
} as const satisfies Record<SurfaceTemplateLanguage, Record<SurfaceTemplateField, string>>;

/**
 * Further header texts accepted on reading (besides the written ones of both languages and the
 * field names themselves). Compared after {@link normalizeHeader}.
 */
const HEADER_ALIASES: Record<SurfaceTemplateField, readonly string[]> = {
  name: ['Bezeichnung', 'Flächenname', 'Flächenbezeichnung', 'Surface name', 'Surface', 'Sealed surface', 'Label', 'Description'],
  value: ['Fläche', 'Flächeninhalt', 'Größe', 'Versiegelte Fläche', 'A_E', 'AE', 'Area', 'Sealed area', 'Size', 'value'],
  runoff: ['Abflussart', 'Flächenart', 'Oberflächenart', 'Befestigungsart', 'Art der Befestigung', 'Flächentyp', 'Runoff', 'Runoff surface type', 'Surface type', 'Type'],
  cm: ['C_m', 'Ψm', 'Psi m', 'Mittlerer Abflussbeiwert', 'Abflussbeiwert Cm', 'Mean runoff coefficient'],
  cs: ['C_s', 'Ψs', 'Psi s', 'Spitzenabflussbeiwert', 'Abflussbeiwert Cs', 'Peak runoff coefficient'],
  drain: ['Ableitung in', 'Ableitungsziel', 'Einleitung', 'Einleitung in', 'Entwässerung', 'Entwässerung in', 'Drain target', 'Drain to', 'Drainage', 'Discharge', 'Discharge to'],
  groundPollutionM153: [
    'Flächenverschmutzung',
    'Verschmutzung M153',
    'Belastung M153',
    'Flächenbelastung M153',
    'Kategorie M153',
    'M153',
    'Ground pollution',
    'Surface pollution',
    'Surface pollution M153',
    'Pollution M153',
    'Pollution category',
    'Pollution category M153',
    'Ground pollution category M153',
    'F class',
  ],
  areaGroupA102: ['Flächengruppe', 'Flächengruppe A102-2', 'Gruppe A102', 'A102', 'A102-2', 'Area group', 'Area group A102-2', 'A102 group', 'A102 area group'],
};

/** German and English labels of the runoff types the template accepts (and writes), besides the ids. */
export const SURFACE_TEMPLATE_RUNOFF_LABELS = {
  pitchedRoof: { de: 'Schrägdach', en: 'Pitched roof' },
  pitchedRoofBricks: { de: 'Schrägdach mit Ziegeln', en: 'Pitched roof with bricks' },
  flatRoof: { de: 'Flachdach', en: 'Flat roof' },
  flatRoofGravel: { de: 'Flachdach mit Kies', en: 'Flat roof with gravel' },
  extensiveGreenRoofAbove5Deg: { de: 'Extensives Gründach über 5°', en: 'Extensive green roof over 5°' },
  intensiveGreenRoof: { de: 'Intensives Gründach', en: 'Intensive green roof' },
  extensiveGreenRoofBelow5Deg: { de: 'Extensives Gründach unter 5°', en: 'Extensive green roof under 5°' },
  extensiveGreenRoofBelow5DegThin: { de: 'Extensives Gründach unter 5°, Aufbau unter 10 cm', en: 'Extensive green roof under 5°, thickness under 10 cm' },
  concrete: { de: 'Betonfläche', en: 'Concrete' },
  blacktop: { de: 'Asphalt', en: 'Blacktop' },
  pavingJointCompaction: { de: 'Pflaster mit Fugenverguss', en: 'Paving with joint compaction' },
  aboveGroundTrackSystem: { de: 'Oberirdische Gleisanlage', en: 'Above-ground track system' },
  rampsSlopingToBuilding: { de: 'Rampe mit Neigung zum Gebäude', en: 'Ramp sloping to building' },
  syntheticSportsSurfaces: { de: 'Kunststoffbelag', en: 'Synthetic sports surface' },
  concreteBlockPaving: { de: 'Betonsteinpflaster', en: 'Concrete block paving' },
  pavingOver15PercentJoints: { de: 'Pflaster mit über 15 % Fugenanteil', en: 'Paving with over 15 % joints' },
  waterBoundSurfaces: { de: 'Wassergebundene Decke', en: 'Water-bound surface' },
  looseGravel: { de: 'Lockerer Kiesbelag', en: 'Loose gravel' },
  interlockingBlocksSeepageJoints: { de: 'Verbundsteine mit Sickerfugen', en: 'Interlocking blocks with seepage joints' },
  grassPaversHighTraffic: { de: 'Rasengittersteine, häufig befahren', en: 'Grass pavers, high traffic' },
  grassPaversLowTraffic: { de: 'Rasengittersteine, selten befahren', en: 'Grass pavers, low traffic' },
  ballastPermeableSubstructure: { de: 'Schotter auf durchlässigem Unterbau', en: 'Ballast on permeable substructure' },
  ballastSlightlyPermeableSubstructure: { de: 'Schotter auf schwach durchlässigem Unterbau', en: 'Ballast on slightly permeable substructure' },
  sportsAreaSynthetic: { de: 'Sportfläche mit Dränung, Kunststoff', en: 'Sports area, synthetic, drained' },
  dirt: { de: 'Tennenfläche', en: 'Dirt' },
  lawn: { de: 'Rasenfläche', en: 'Lawn' },
  greenSpaceFlat: { de: 'Grünfläche, flach', en: 'Green space, flat' },
  greenSpaceSteep: { de: 'Grünfläche, steil', en: 'Green space, steep' },
  permanentlyDammedWater: { de: 'Dauerhaft eingestautes Wasser', en: 'Permanently dammed water' },
} as const satisfies Record<RunoffTypeId, Record<SurfaceTemplateLanguage, string>>;

/** Labels of the drain targets the template accepts and writes (besides the ids `Groundwater`, `Watercourse`). */
export const SURFACE_TEMPLATE_DRAIN_LABELS = {
  Groundwater: { de: 'Grundwasser', en: 'Groundwater' },
  Watercourse: { de: 'Gewässer', en: 'Watercourse' },
} as const satisfies Record<Drain, Record<SurfaceTemplateLanguage, string>>;

const DRAIN_ALIASES: Record<Drain, readonly string[]> = {
  Groundwater: ['Versickerung', 'Infiltration', 'M153', 'GW'],
  Watercourse: ['Oberflächengewässer', 'Fließgewässer', 'Vorfluter', 'Surface water', 'River', 'A102'],
};

/**
 * Folds text for comparison: lower case, ä/ö/ü/ß as ae/oe/ue/ss, other accents dropped, and
 * everything except letters, digits and the signs `<`, `>`, `%`, `°` removed (`Flat roof`,
 * `flat_roof` and `flatRoof` compare equal; `< 5°` and `> 5°` do not).
 */
export function normalizeWord(text: string): string {
  return text
    .normalize('NFC')
    .toLowerCase()
    .replaceAll('ä', 'ae')
    .replaceAll('ö', 'oe')
    .replaceAll('ü', 'ue')
    .replaceAll('ß', 'ss')
    .normalize('NFKD')
    .replace(/[^a-z0-9<>%°ψ]/g, '');
}

/** {@link normalizeWord} for headers: a unit in brackets (`[m²]`, `(m2)`) and a trailing `in m²` are dropped first; `DWA-M 153` reads as `M153`. */
export function normalizeHeader(text: string): string {
  const word = normalizeWord(
    text
      .replace(/\[[^\]]*\]|\([^)]*\)/g, ' ')
      .replace(/\bin\s+m(?:²|2)\s*$/i, ' ')
      .trim(),
  );
  return word.replace(/^dwa(?=m153|a102)/, '').replace(/a1022$/, 'a102').replace(/a1022(?=group|gruppe)/, 'a102');
}

function lookup<K extends string>(entries: readonly (readonly [K, readonly string[]])[], normalize: (text: string) => string): ReadonlyMap<string, K> {
  const map = new Map<string, K>();
  for (const [key, words] of entries) {
    for (const word of words) {
      const n = normalize(word);
      const existing = map.get(n);
      if (existing !== undefined && existing !== key) throw new Error(`surface template: "${word}" names both ${existing} and ${key}`);
      map.set(n, key);
    }
  }
  return map;
}

/** Normalised header text → field. */
export const HEADER_LOOKUP: ReadonlyMap<string, SurfaceTemplateField> = lookup(
  SURFACE_TEMPLATE_FIELDS.map((f) => [f, [f, SURFACE_TEMPLATE_HEADERS.de[f], SURFACE_TEMPLATE_HEADERS.en[f], ...HEADER_ALIASES[f]]] as const),
  normalizeHeader,
);

/** Normalised runoff text (id, `runoff.<id>` message key, German or English label) → runoff type id. */
export const RUNOFF_LOOKUP: ReadonlyMap<string, RunoffTypeId> = lookup(
  RUNOFF_TYPE_IDS.map((id) => [id, [id, `runoff.${id}`, SURFACE_TEMPLATE_RUNOFF_LABELS[id].de, SURFACE_TEMPLATE_RUNOFF_LABELS[id].en]] as const),
  normalizeWord,
);

/** Normalised drain text → drain. */
export const DRAIN_LOOKUP: ReadonlyMap<string, Drain> = lookup(
  DRAINS.map((d) => [d, [d, SURFACE_TEMPLATE_DRAIN_LABELS[d].de, SURFACE_TEMPLATE_DRAIN_LABELS[d].en, ...DRAIN_ALIASES[d]]] as const),
  normalizeWord,
);

/** Reads a DWA-M 153 category: `F3`, `f 3`, `3` (or the number 3); undefined if none. */
export function groundPollutionFrom(text: string): GroundPollutionId | undefined {
  const n = normalizeWord(text).replace(/^f/, '');
  const id = `F${n}`;
  return (GROUND_POLLUTION_IDS as readonly string[]).includes(id) ? (id as GroundPollutionId) : undefined;
}

/** Reads a DWA-A 102-2 area group: `VW1`, `vw 1`, `V-1`; undefined if none. */
export function areaGroupFrom(text: string): AreaGroupId | undefined {
  const n = normalizeWord(text).toUpperCase();
  return (AREA_GROUP_IDS as readonly string[]).includes(n) ? (n as AreaGroupId) : undefined;
}
