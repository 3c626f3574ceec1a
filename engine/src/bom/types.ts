/**
 * The bill of materials on the wire: product lines grouped into mass-list groups (spec §3
 * "Product line", "Bill of materials"; §7 Documents). Money and quantities are decimal strings.
 */
import type { MessageKeys, Problem } from '../problems.ts';

export type Language = 'de' | 'en';
export const LANGUAGES = ['de', 'en'] as const satisfies readonly Language[];
export type GroupBy = 'none' | 'measure' | 'configuration';
export const GROUP_BY = ['none', 'measure', 'configuration'] as const satisfies readonly GroupBy[];

/** One line of a bill. Without prices, `unitPrice` and `totalPrice` are null. */
export interface ProductLine {
  readonly orderNumber: string | null;
  /** Article number of the product. */
  readonly materialNumber: string;
  readonly text: string;
  readonly longText: string | null;
  readonly unit: string;
  /** Decimal string, ≥ 0. */
  readonly quantity: string;
  /** List price per unit excluding VAT, 2 decimals; null in a mass list without prices. */
  readonly unitPrice: string | null;
  /** unitPrice × quantity, rounded half-up to cents; null without prices. */
  readonly totalPrice: string | null;
}

/** What a group of a mass list belongs to. */
export type SystemType = 'project' | 'measure' | 'configuration';

/** One group of a mass list (`massListGroups`: order, groupName, systemType). */
export interface MassListGroup {
  /** 1-based position. */
  readonly order: number;
  readonly groupName: string;
  readonly systemType: SystemType;
  /** The measure or configuration id the group is about (null for the whole project). */
  readonly ownerId: string | null;
  readonly lines: readonly ProductLine[];
  /** Exact sum of the line totals; null without prices. */
  readonly totalPrice: string | null;
}

/** A bill of materials / mass list. */
export interface BillOfMaterials {
  readonly massListGroups: readonly MassListGroup[];
  /** Exact sum of all line totals; null without prices. */
  readonly totalPrice: string | null;
  readonly currency: string;
  readonly language: Language;
  readonly groupBy: GroupBy;
  /** Problems in the data that left something out of the bill (unknown item type, option, product …). */
  readonly issues: readonly BillIssue[];
}

/** Codes of bill issues; each has the message key `bom.<code in camelCase>` (BILL_ISSUE_MESSAGE_KEYS). */
export const BILL_ISSUE_CODES = [
  /** An item's boxTypeId is not in the catalogue: the item is left out. */
  'UNKNOWN_ITEM_TYPE',
  /** An item's position is not a whole cell inside the grid limits: the item is left out. */
  'ITEM_OUTSIDE_GRID',
  /** A box stands in a shaft's column: the box is left out (a shaft takes its whole column). */
  'SHAFT_COLUMN_OCCUPIED',
  /** Two items in one cell: the later one replaces the earlier (spec §4: placing replaces). */
  'CELL_OCCUPIED_TWICE',
  /** A selected option that no property set of the item knows: it adds nothing. */
  'UNKNOWN_OPTION',
  /** A connected plant the cube side cannot take (unknown plant, no adapter, DN above maxPipeDiameter, more than 2). */
  'CONNECTION_NOT_POSSIBLE',
  /** A product the catalogue does not have (and whose line carries no price): left out. */
  'UNKNOWN_PRODUCT',
  /** A measure's dimensions are missing or not positive: its list lacks the lines that need them. */
  'MEASURE_DIMENSIONS_MISSING',
] as const;
export type BillIssueCode = (typeof BILL_ISSUE_CODES)[number];

export const BILL_ISSUE_MESSAGE_KEYS = {
  UNKNOWN_ITEM_TYPE: 'bom.unknownItemType',
  ITEM_OUTSIDE_GRID: 'bom.itemOutsideGrid',
  SHAFT_COLUMN_OCCUPIED: 'bom.shaftColumnOccupied',
  CELL_OCCUPIED_TWICE: 'bom.cellOccupiedTwice',
  UNKNOWN_OPTION: 'bom.unknownOption',
  CONNECTION_NOT_POSSIBLE: 'bom.connectionNotPossible',
  UNKNOWN_PRODUCT: 'bom.unknownProduct',
  MEASURE_DIMENSIONS_MISSING: 'bom.measureDimensionsMissing',
} as const satisfies MessageKeys<BillIssueCode>;

/** A data problem that left something out of a bill (never thrown). */
export interface BillIssue extends Problem<BillIssueCode> {
  readonly severity: 'warning';
  /** The configuration or measure the problem is in. */
  readonly ownerId: string | null;
  /** JSON path in the project file, when known (e.g. `$.boxConfigurations[0].items[3]`). */
  readonly path: string | null;
  readonly params: Readonly<Record<string, string | number>>;
}

export function billIssue(code: BillIssueCode, ownerId: string | null, path: string | null, params: Record<string, string | number> = {}): BillIssue {
  return { code, messageKey: BILL_ISSUE_MESSAGE_KEYS[code], severity: 'warning', ownerId, path, params };
}
