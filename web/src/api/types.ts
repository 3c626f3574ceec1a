/**
 * Shapes of the API (platform spec section 3, planning spec section 3; docs/api.md). Fields the
 * spec leaves open are typed loosely (`unknown` / index signatures) until the API defines them.
 */
export type FormOfAddress = 'MALE' | 'FEMALE' | 'NONE' | 'COMPANY' | 'OTHER';
export type RoleName = 'Administrator' | 'analyst' | 'internal';
export type UserStatus = 'UNCONFIRMED' | 'ACTIVE';

export interface PersonRef {
  readonly id: string;
  readonly name: string;
  readonly email?: string;
}

export interface User {
  readonly id: string;
  readonly formOfAddress: FormOfAddress;
  readonly name: string;
  readonly email: string;
  readonly company: string | null;
  readonly zipCode: string;
  readonly city: string;
  readonly street: string;
  readonly houseNumber: string;
  readonly phoneNumber: string | null;
  readonly organization: { readonly id: string; readonly name: string; readonly owner: PersonRef } | null;
  readonly roles: readonly RoleName[];
  readonly isAdmin: boolean;
  readonly isInternal: boolean;
  readonly status: UserStatus;
  readonly lastLogin: string | null;
}

/** `GET /User`. */
export interface Session {
  readonly user: User;
  readonly token: string;
}

/** `{ type, code, message }` answers of action calls. */
export interface Notification {
  readonly type: 'MESSAGE' | 'ERROR';
  readonly code: number;
  readonly message: string;
}

export interface LoginPayload {
  readonly email: string;
  readonly password: string;
}

export interface RegistrationPayload {
  readonly formOfAddress: FormOfAddress;
  readonly name: string;
  readonly email: string;
  readonly company: string;
  readonly street: string;
  readonly houseNumber: string;
  readonly zipCode: string;
  readonly city: string;
  readonly phoneNumber: string;
  readonly password: string;
  readonly passwordRepeat: string;
  readonly gdprConsent: boolean;
}

/** PATCH /User and PATCH /Admin/{userId}/edit: the personal data. */
export interface UserUpdate {
  readonly formOfAddress?: FormOfAddress;
  readonly name?: string;
  readonly email?: string;
  readonly company?: string | null;
  readonly street?: string;
  readonly houseNumber?: string;
  readonly zipCode?: string;
  readonly city?: string;
  readonly phoneNumber?: string | null;
}

export interface PasswordChange {
  readonly oldPassword: string;
  readonly newPassword: string;
  readonly repeatPassword: string;
}

export interface PasswordReset {
  readonly userId: string;
  readonly resetCode: string;
  readonly newPassword: string;
}

export interface ProjectTransfer {
  readonly projectId: string;
  readonly userId: string;
}

export interface Paged<T> {
  readonly entries: readonly T[];
  readonly totalCount: number;
}

/** The list parameters of section 7 (names exactly as the API takes them). */
export interface ListParams {
  readonly SearchString?: string | undefined;
  readonly Page?: number | undefined;
  readonly PageSize?: number | undefined;
  readonly SortAscending?: boolean | undefined;
  readonly SortByColumn?: string | undefined;
  readonly SearchInColumn?: string | undefined;
}

export interface Organization {
  readonly id: string;
  readonly name: string;
  readonly owner: PersonRef;
  readonly creationDate: string;
  readonly memberCount: number;
  readonly members: readonly PersonRef[];
}

export interface InviteResult {
  readonly nonExistingUsers: readonly string[];
  readonly usersWithOrganizations: readonly string[];
  readonly addedMembers: readonly PersonRef[];
  readonly addedMemberCount: number;
  readonly ignoredEmailCount: number;
}

/** An open invitation into an organization, as its owner sees it (decision 0070). */
export interface PendingInvitation {
  readonly id: string;
  readonly email: string;
  readonly createdAt: string;
  readonly expiresAt: string;
}

/** An open invitation into an organization, as the invited user sees it. */
export interface ReceivedInvitation {
  readonly id: string;
  readonly organization: { readonly id: string; readonly name: string };
  readonly invitedBy: { readonly name: string; readonly email: string } | null;
  readonly createdAt: string;
  readonly expiresAt: string;
}

export type SupportState = 'OPEN' | 'CLOSED';
export type AirPollution = 'L1' | 'L2' | 'L3' | 'L4';

export interface ProjectSummary {
  readonly projectId: string;
  readonly name: string;
  readonly creationDate: string;
  /** null once the account was deleted and the project anonymised. */
  readonly creator: PersonRef | null;
  readonly owner: PersonRef | null;
  readonly address: string;
  readonly comment: string | null;
  readonly isUserProject: boolean;
  readonly state: SupportState;
}

export interface SupportProjectEntry {
  readonly creationDate: string;
  readonly project: ProjectSummary;
}

export interface Location {
  readonly latitude: number;
  readonly longitude: number;
  readonly address: string;
}

export interface ClientData {
  readonly formOfAddress: FormOfAddress | null;
  readonly name: string | null;
  readonly street: string | null;
  readonly streetNo: string | null;
  readonly zipCode: string | null;
  readonly city: string | null;
}

/** Sizing rule edition (api extension `ruleEdition`; default DWA-A 138-1:2024). */
export type RuleEdition = 'DWA-A 138-1:2024' | 'DWA-A 138:2005';

export interface ProjectDetail {
  readonly id: string;
  readonly name: string;
  readonly comment: string | null;
  readonly location: { readonly latitude: number; readonly longitude: number; readonly address: string | null } | null;
  readonly airPollution: AirPollution | null;
  readonly clientData: Partial<ClientData> | null;
  readonly usesCustomRaindata: boolean;
  /** api extensions (schemas/project.ts) */
  readonly ruleEdition?: RuleEdition;
  readonly state?: SupportState;
  readonly supportRequestDate?: string | null;
  readonly creationDate?: string;
  readonly creator?: PersonRef | null;
  readonly owner?: PersonRef | null;
  readonly isUserProject?: boolean;
}

export interface ProjectCreation {
  readonly project: { readonly name: string; readonly airPollutionType: AirPollution; readonly comment?: string | null; readonly ruleEdition?: RuleEdition };
  readonly location: Location;
  readonly clientData?: ClientData | null;
}

export interface ProjectUpdate {
  readonly project: { readonly name: string; readonly airPollution: AirPollution; readonly comment?: string | null; readonly ruleEdition?: RuleEdition };
  readonly location: Location;
  readonly clientData?: ClientData | null;
}

export interface RaindataSeriesEntry {
  readonly annuality: number;
  /** r in l/(s·ha) per rain duration in minutes (spec order 5 … 10080); 0 for a missing value. */
  readonly valuesForDurations: readonly { readonly duration: number; readonly value: number }[];
}

export interface KostraCell {
  readonly row: number;
  readonly column: number;
}

export interface Raindata {
  readonly raindataSeries: readonly RaindataSeriesEntry[];
  readonly kostraCell: KostraCell | null;
  /** Dataset edition (KOSTRA-DWD-2020, KOSTRA-DWD-2010R, custom) and cell id (api). */
  readonly source?: { readonly edition: string; readonly cell?: string };
}

export interface ImportResult {
  readonly newLocations: number;
  readonly newRainDatasets: number;
  readonly ignoredFiles: readonly string[];
}

/** A waterflow node (sealed surface, purification or measure) as the API stores it (planning spec). */
export interface WaterflowNode {
  readonly id: string;
  readonly name: string;
  readonly [field: string]: unknown;
}

export type WaterflowKind = 'surface' | 'purification' | 'measure';

/** `GET /Project/{projectId}/waterflow` (api extension). */
export interface Waterflow {
  readonly sealedSurfaces: readonly WaterflowNode[];
  readonly purifications: readonly WaterflowNode[];
  readonly measures: readonly WaterflowNode[];
}

export interface Product {
  readonly [field: string]: unknown;
}

export interface BoxConfiguratorProject {
  readonly id: string;
  readonly name: string;
  readonly [field: string]: unknown;
}

export interface BoxConfiguratorCreation {
  readonly projectId: string;
  /** The linked measure; null = a custom configuration. */
  readonly measureId: string | null;
  readonly name: string;
}

export interface BoxConfiguratorUpdate {
  /** The configuration version read (required; an older one answers 409, code 56). */
  readonly version: number;
  readonly dimensioning?: unknown;
  readonly projectionAxes?: unknown;
  readonly plantBottomLevel?: number;
  readonly groundLevel?: number;
  readonly stormwaterObjective?: unknown;
  readonly measureId?: string;
  readonly name?: string;
}

/** A box item on the wire (planning spec section 3); `boxId` null on a PUT = a new item, the server assigns its id. */
export interface BoxItem {
  readonly boxId: string | null;
  readonly boxTypeId: string;
  readonly x: number;
  readonly y: number;
  readonly z: number;
  readonly rotation: 'North' | 'West' | 'South' | 'East';
  readonly options?: readonly { readonly propertyId: string; readonly optionId?: string | null; readonly value?: string | number | boolean | null }[];
}

/** GET / PUT /BoxConfigurator/{id}/boxItems: the whole item list with the configuration version. */
export interface BoxItems {
  readonly version: number;
  readonly boxItems: readonly BoxItem[];
}

export type MassListGroupBy = 'none' | 'measure' | 'configuration';
/** The spec's GAEB 90 types Gaebd81 / Gaebd82 plus GAEB DA XML 3.3 X81 / X82 (api extension, issue 18). */
export type GaebFileType = 'Gaebd81' | 'Gaebd82' | 'GaebX81' | 'GaebX82';

/** Nominatim-compatible search answer entry. */
export interface GeocodingResult {
  readonly display_name: string;
  readonly lat: string;
  readonly lon: string;
}
