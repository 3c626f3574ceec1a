/**
 * The attribution DWD asks for when its KOSTRA data is shown or used (open data, CC BY 4.0): one
 * place for the web app's rain data view, the documents and the docs. DWD's terms: "Quelle:
 * Deutscher Wetterdienst" for unchanged data, "Datenbasis: Deutscher Wetterdienst, eigene
 * Bearbeitung" for modified data (https://www.dwd.de/copyright). The note is German in every UI
 * language (it is DWD's wording); the modification is described in both languages.
 */
import type { RainDatasetEdition as RainEdition } from '../tables/rain.ts';

export interface RainDataAttribution {
  /** DWD's required notice for the data as rainplan uses it (modified: rain yields computed). */
  readonly notice: string;
  readonly source: string;
  readonly dataset: string;
  readonly license: 'CC BY 4.0';
  readonly licenseUrl: string;
  readonly sourceUrl: string;
  /** What rainplan changed, per UI language. */
  readonly modifications: { readonly de: string; readonly en: string };
}

const DWD = {
  notice: 'Datenbasis: Deutscher Wetterdienst, eigene Bearbeitung',
  source: 'Deutscher Wetterdienst (DWD), Climate Data Center',
  license: 'CC BY 4.0',
  licenseUrl: 'https://creativecommons.org/licenses/by/4.0/',
} as const;

/** The attribution of the KOSTRA editions rainplan reads; undefined for custom rain data. */
export const KOSTRA_ATTRIBUTION: Readonly<Partial<Record<RainEdition, RainDataAttribution>>> = {
  'KOSTRA-DWD-2020': {
    ...DWD,
    dataset: 'KOSTRA-DWD-2020',
    sourceUrl: 'https://opendata.dwd.de/climate_environment/CDC/grids_germany/return_periods/precipitation/KOSTRA/KOSTRA_DWD_2020/',
    modifications: {
      de: 'Regenspenden r = hN · 10000 / (60 · D) aus DWDs Niederschlagshöhen berechnet.',
      en: "Rain yields r = hN · 10000 / (60 · D) computed from DWD's rain heights.",
    },
  },
  'KOSTRA-DWD-2010R': {
    ...DWD,
    dataset: 'KOSTRA-DWD-2010R',
    sourceUrl: 'https://opendata.dwd.de/climate_environment/CDC/grids_germany/return_periods/precipitation/KOSTRA/KOSTRA_DWD_2010R/',
    modifications: {
      de: 'Die GIS-Dateien der 18 Dauerstufen zu einer kompakten Tabelle je Rasterfeld zusammengefasst; Regenspenden r = hN · 10000 / (60 · D) aus DWDs Niederschlagshöhen berechnet.',
      en: "DWD's GIS files of the 18 durations combined into one compact table per grid cell; rain yields r = hN · 10000 / (60 · D) computed from DWD's rain heights.",
    },
  },
};

/** One line for a document or a footer: `KOSTRA-DWD-2010R — Datenbasis: …, CC BY 4.0`. */
export function kostraAttributionLine(edition: RainEdition): string | undefined {
  const a = KOSTRA_ATTRIBUTION[edition];
  return a === undefined ? undefined : `${a.dataset}: ${a.notice} (${a.source}, ${a.license})`;
}
