/**
 * Project files (issue 7): the engine's JSON format (`serializeProject` / `parseProject`, the same
 * file `rainplan evaluate` reads; docs/project-file.md). Pure helpers: name a project file (the api builds
 * the file of a server project: GET /Documents/{projectId}/projectFile), and turn a parsed file into what the api needs to create it (the
 * creation body, the nodes in save order with remapped ids and without computed values).
 */
import {
  MEASURE_COMPUTED_FIELDS,
  parseError,
  type AdditionalProduct,
  type BoxConfiguration,
  type Measure,
  type ParseError,
  type Project,
  type Purification,
  type RainData,
  type SealedSurface,
  type Waterflow,
} from '@rainplan/engine';
import type { BoxConfiguratorUpdate, BoxItem, ProductLineInput, ProjectCreation, WaterflowKind } from '../api/index.ts';

/** One configuration as the api answers it: the settings (GET /BoxConfigurator/{id}), the items (…/boxItems) and the product lines (…/additionalProducts). */
export interface ServerConfiguration {
  readonly settings: unknown;
  readonly boxItems: readonly unknown[];
  readonly additionalProducts: readonly unknown[];
}

const CLIENT_DATA_KEYS = ['formOfAddress', 'name', 'street', 'streetNo', 'zipCode', 'city'] as const;

type Loose = Record<string, unknown>;

const isObject = (value: unknown): value is Loose => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Keeps the listed keys whose value is set (not null / undefined / blank text). */
function pick(source: Loose, keys: readonly string[]): Loose {
  const out: Loose = {};
  for (const key of keys) {
    const value = source[key];
    if (value === null || value === undefined || (typeof value === 'string' && value.trim() === '')) continue;
    out[key] = value;
  }
  return out;
}


/** A number as the file's decimal string (`quantity`: at most 3 decimals, `unitPrice`: 2), or the string as it is. */
function decimalText(value: unknown, decimals: number): string | undefined {
  if (typeof value === 'string') return value.trim().replace(',', '.');
  if (typeof value !== 'number' || !Number.isFinite(value)) return undefined;
  return value.toFixed(decimals).replace(/(\.\d*?)0+$/, '$1').replace(/\.$/, '');
}

/**
 * A product line of the api (`{ orderNumber, materialNumber, text, longText, unit, quantity (number),
 * unitPrice, totalPrice }`) as a file line: quantity and unit price as decimal strings, the line's
 * text, unit and price kept (so the file's bill equals the mass list), `totalPrice` left out (computed).
 */
export function fileProductLine(line: unknown): AdditionalProduct {
  const source = isObject(line) ? line : {};
  const text = pick(source, ['orderNumber', 'text', 'longText', 'unit']);
  const unitPrice = decimalText(source['unitPrice'], 2);
  return {
    materialNumber: String(source['materialNumber'] ?? ''),
    ...text,
    quantity: decimalText(source['quantity'], 3) ?? '0',
    ...(unitPrice === undefined ? {} : { unitPrice }),
  } as AdditionalProduct;
}

/** A box item of the api as a file item (the same fields, options only when there are some). */
function fileBoxItem(item: unknown): NonNullable<BoxConfiguration['items']>[number] {
  const { options, ...rest } = (isObject(item) ? item : {}) as Loose;
  return (Array.isArray(options) && options.length > 0 ? { ...rest, options } : rest) as NonNullable<BoxConfiguration['items']>[number];
}

/** A configuration of the api (settings, items with their ids, product lines) in the file's form. */
export function fileConfiguration(configuration: ServerConfiguration): BoxConfiguration {
  const settings = isObject(configuration.settings) ? configuration.settings : {};
  const axes = settings['projectionAxes'];
  // no axes (the api's default, two empty lists) are left out
  const noAxes = !isObject(axes) || (Array.isArray(axes['xProjectionAxes']) && axes['xProjectionAxes'].length === 0 && Array.isArray(axes['yProjectionAxes']) && axes['yProjectionAxes'].length === 0);
  const kept = pick(settings, ['measureId', 'dimensioning', ...(noAxes ? [] : ['projectionAxes']), 'groundLevel', 'plantBottomLevel', 'stormwaterObjective']);
  return {
    id: String(settings['id'] ?? ''),
    name: String(settings['name'] ?? ''),
    ...kept,
    items: configuration.boxItems.map(fileBoxItem),
    additionalProducts: configuration.additionalProducts.map(fileProductLine),
  } as BoxConfiguration;
}

/** `<project name>.rainplan.json`, with characters that file systems refuse replaced. */
export function projectFileName(name: string): string {
  const base = name
    .normalize('NFC')
    // eslint-disable-next-line no-control-regex -- control characters are what file systems refuse
    .replace(/[\\/:*?"<>|\u0000-\u001f\u007f]+/g, '_')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\.+/, '')
    .slice(0, 120)
    .trim();
  return `${base === '' ? 'project' : base}.rainplan.json`;
}

/**
 * What the server needs that the file format leaves optional (POST /Project requires a location
 * with an address and the air pollution category): problems with JSON paths, like parse errors.
 */
export function serverRequirements(project: Project): ParseError[] {
  const errors: ParseError[] = [];
  const p = project.project;
  if (p.name.trim() === '') errors.push(parseError('SCHEMA', '$.project.name', 'a project name (not blank)', '""'));
  if (p.location === null || p.location === undefined) errors.push(parseError('SCHEMA', '$.project.location', 'the project location (latitude, longitude)', 'nothing'));
  if (p.airPollution === null || p.airPollution === undefined) errors.push(parseError('SCHEMA', '$.project.airPollution', 'the air pollution category (L1 … L4)', 'nothing'));
  return errors;
}

/** The body of POST /Project for a parsed file (call only when `serverRequirements` found nothing). */
export function creationBody(project: Project): ProjectCreation {
  const p = project.project;
  const location = p.location!;
  const address = location.address?.trim() || `${location.latitude}, ${location.longitude}`;
  const client = p.clientData === null || p.clientData === undefined ? undefined : pick(p.clientData as Loose, CLIENT_DATA_KEYS);
  return {
    project: {
      name: p.name.trim(),
      airPollutionType: p.airPollution!,
      ...(p.comment === null || p.comment === undefined || p.comment.trim() === '' ? {} : { comment: p.comment }),
      ...(p.ruleEdition === null || p.ruleEdition === undefined ? {} : { ruleEdition: p.ruleEdition }),
    },
    location: { latitude: location.latitude, longitude: location.longitude, address },
    ...(client === undefined || Object.keys(client).length === 0 ? {} : { clientData: client as unknown as ProjectCreation['clientData'] }),
  } as ProjectCreation;
}

const PURIFICATION_COMPUTED = ['dischargedLoad', 'surfacesM153Data', 'purificationA102Data'];

function omit(source: Loose, keys: readonly string[]): Loose {
  const out = { ...source };
  for (const key of keys) delete out[key];
  return out;
}

/** A node of a file without computed values and the editor's flags. */
export function inputsOnly<T extends { data: object }>(kind: WaterflowKind, node: T): T {
  const base = omit(node as unknown as Loose, ['changed', 'fullyCompleted', ...(kind === 'surface' ? [] : ['AC', 'value'])]);
  const data = node.data as Loose;
  if (kind === 'purification') {
    const facility = isObject(data['purificationFacilityData']) ? omit(data['purificationFacilityData'], ['neededAmount']) : data['purificationFacilityData'];
    base['data'] = { ...omit(data, PURIFICATION_COMPUTED), ...(facility === undefined ? {} : { purificationFacilityData: facility }) };
  } else if (kind === 'measure') {
    // The values the engine computes are left out (the api fills them in and refuses ones that disagree).
    base['data'] = omit(data, MEASURE_COMPUTED_FIELDS);
  }
  return base as unknown as T;
}

/** Replaces every node id (own id, parent, surface lists, M 153 surface rows) through `map`. */
export function remapWaterflow(waterflow: Waterflow, map: (id: string) => string): Waterflow {
  const parent = (id: string | null | undefined): string | null => (id === null || id === undefined ? null : map(id));
  return {
    sealedSurfaces: waterflow.sealedSurfaces.map((s) => ({ ...s, id: map(s.id), parentId: parent(s.parentId) })),
    purifications: waterflow.purifications.map((p) => ({
      ...p,
      id: map(p.id),
      parentId: parent(p.parentId),
      sealedSurfaces: p.sealedSurfaces.map(map),
      data: p.data.surfacesM153Data === null || p.data.surfacesM153Data === undefined ? p.data : { ...p.data, surfacesM153Data: p.data.surfacesM153Data.map((d) => ({ ...d, surfaceId: map(d.surfaceId) })) },
    })),
    measures: waterflow.measures.map((m) => ({ ...m, id: map(m.id), parentId: parent(m.parentId), sealedSurfaces: m.sealedSurfaces.map(map) })),
  };
}

/** One node to save, in the order that keeps the api's derived surface lists equal to the file's: surfaces, purifications, measures. */
export interface NodeToSave {
  readonly kind: WaterflowKind;
  readonly node: SealedSurface | Purification | Measure;
}

export function nodesInSaveOrder(waterflow: Waterflow): NodeToSave[] {
  return [
    ...waterflow.sealedSurfaces.map((node) => ({ kind: 'surface' as const, node: inputsOnly('surface', node) })),
    ...waterflow.purifications.map((node) => ({ kind: 'purification' as const, node: inputsOnly('purification', node) })),
    ...waterflow.measures.map((node) => ({ kind: 'measure' as const, node: inputsOnly('measure', node) })),
  ];
}

/** Custom rain data to upload (PUT /Project/{id}/customRaindata); KOSTRA data are looked up by the api at the project's location. */
export function customRainData(project: Project): { raindataSeries: RainData['raindataSeries']; kostraCell: RainData['kostraCell'] | null } | undefined {
  const rain = project.rainData;
  if (rain === null || rain === undefined || rain.source.edition !== 'custom') return undefined;
  return { raindataSeries: rain.raindataSeries, kostraCell: rain.kostraCell ?? null };
}

/** A parse error as one line: `$.waterflow.measures[0].data.safetyMargin: expected …, found …`. */
export function describeParseError(error: ParseError): string {
  return `${error.path}: ${error.expected}${error.received === undefined ? '' : ` (${error.received})`}`;
}

/** The settings of a file's configuration as a PATCH /BoxConfigurator/{id} body (without `version`); values not set are left out. */
export function configurationSettings(configuration: BoxConfiguration): Omit<BoxConfiguratorUpdate, 'version'> {
  const dimensioning = isObject(configuration.dimensioning) ? pick(configuration.dimensioning, ['width', 'length', 'height', 'levels', 'storageCoefficient']) : {};
  const rest = pick(configuration as unknown as Loose, ['projectionAxes', 'groundLevel', 'plantBottomLevel', 'stormwaterObjective']);
  return { ...(Object.keys(dimensioning).length === 0 ? {} : { dimensioning }), ...rest };
}

/** A file's box items as a PUT …/boxItems list: every `boxId` null, so the server assigns new ids. */
export function newBoxItems(configuration: BoxConfiguration): BoxItem[] {
  return (configuration.items ?? []).map((item) => ({ ...item, boxId: null }) as BoxItem);
}

/** A file's product lines as a PUT …/additionalProducts body (fields not set are left out: the catalogue's apply). */
export function wireProductLines(lines: readonly AdditionalProduct[] | null | undefined): ProductLineInput[] {
  return (lines ?? []).map((line) => ({
    materialNumber: line.materialNumber,
    quantity: line.quantity,
    ...pick(line, ['orderNumber', 'text', 'longText', 'unit', 'unitPrice']),
  }));
}
