/**
 * The API's request and answer shapes, written from its route schemas (api/src/contract/web-types.ts).
 * Do not edit: `npm run -w @rainplan/api web-types` writes this file; api/src/contract/web-types.test.ts
 * checks that it is current.
 */

import type { Project as EngineProject } from '@rainplan/engine';
import type { ItemType } from '@rainplan/engine/catalogue';

/** Form of address */
export type FormOfAddress = "MALE" | "FEMALE" | "NONE" | "COMPANY" | "OTHER";

export type RoleName = "Administrator" | "analyst" | "internal";

export type UserStatus = "UNCONFIRMED" | "ACTIVE";

/** A member of an organization, its owner, a user named in an answer. */
export type PersonRef = {
  readonly id: string;
  readonly name: string;
  readonly email: string;
};

/** A user as the spec describes it (section 3) */
export type User = {
  readonly id: string;
  /** Form of address */
  readonly formOfAddress: FormOfAddress;
  readonly name: string;
  readonly email: string;
  readonly company: string | null;
  readonly zipCode: string;
  readonly city: string;
  readonly street: string;
  readonly houseNumber: string;
  readonly phoneNumber: string | null;
  readonly organization: {
    readonly id: string;
    readonly name: string;
    readonly owner: PersonRef;
  } | null;
  readonly roles: readonly RoleName[];
  readonly isAdmin: boolean;
  readonly isInternal: boolean;
  readonly status: UserStatus;
  readonly lastLogin: string | null;
};

/** `GET /User`: the signed-in user and the anti-forgery token. */
export type Session = {
  /** A user as the spec describes it (section 3) */
  readonly user: User;
  /** Anti-forgery token: send it as header X-XSRF-TOKEN on every state-changing call */
  readonly token: string;
};

/** Success notice */
export type MessageBody = {
  readonly type: "MESSAGE";
  readonly code: 0;
  readonly message: string;
};

/** Every failure answers with this body */
export type ErrorBody = {
  readonly type: "ERROR";
  /** Error code (docs/api.md): 2 validation, 9 not signed in, 30–33 organizations, … */
  readonly code: number;
  readonly message: string;
};

/** `{ type, code, message }` answers of action calls. */
export type Notification = MessageBody | ErrorBody;

export type LoginPayload = {
  readonly email: string;
  readonly password: string;
};

/** The personal data a user enters at registration and edits on the account page. */
export type PersonalData = {
  /** Form of address */
  readonly formOfAddress?: FormOfAddress | undefined;
  readonly name: string;
  /** E-mail address */
  readonly email: string;
  readonly company?: string | null | undefined;
  readonly street: string;
  readonly houseNumber: string;
  readonly zipCode: string;
  readonly city: string;
  readonly phoneNumber?: string | null | undefined;
};

export type RegistrationPayload = PersonalData & {
  /** At least 12 characters with upper case, lower case, a digit and a special character */
  readonly password: string;
  /** Must equal password */
  readonly passwordRepeat: string;
  /** Consent to the privacy policy and terms of use */
  readonly gdprConsent: true;
  readonly uiCulture?: string | undefined;
};

/** PATCH /User and PATCH /Admin/{userId}/edit: the personal data. */
export type UserUpdate = PersonalData & {
  readonly uiCulture?: string | undefined;
};

export type PasswordChange = {
  readonly oldPassword: string;
  /** At least 12 characters with upper case, lower case, a digit and a special character */
  readonly newPassword: string;
  readonly repeatPassword: string;
};

export type PasswordReset = {
  readonly userId: string;
  readonly resetCode: string;
  /** At least 12 characters with upper case, lower case, a digit and a special character */
  readonly newPassword: string;
};

export type ProjectTransfer = {
  readonly projectId: string;
  /** The new owner */
  readonly userId: string;
};

/** The answer of a paged list. */
export type Paged<T> = {
  readonly entries: readonly T[];
  /** Entries on all pages */
  readonly totalCount: number;
};

/** The list parameters of section 7 (names exactly as the API takes them). */
export type ListParams = {
  /** Text to look for (case-insensitive, anywhere in the value) */
  readonly SearchString?: string | undefined;
  /** Page number, from 1 */
  readonly Page?: number | undefined;
  /** Entries per page (10, 20, 50, …); 2147483647 or "all" for every entry */
  readonly PageSize?: number | "all" | undefined;
  /** Sort order; default: the list's own */
  readonly SortAscending?: boolean | undefined;
  /** A sortable column of the list; default: the list's own */
  readonly SortByColumn?: string | undefined;
  /** Search only in this column; default: every searchable column */
  readonly SearchInColumn?: string | undefined;
};

export type Organization = {
  readonly id: string;
  readonly name: string;
  readonly owner: PersonRef;
  readonly creationDate: string;
  readonly memberCount: number;
  readonly members: readonly PersonRef[];
};

export type InviteResult = {
  /** Addresses without an account */
  readonly nonExistingUsers: readonly string[];
  /** Addresses whose users are in another organization */
  readonly usersWithOrganizations: readonly string[];
  readonly addedMembers: readonly PersonRef[];
  readonly addedMemberCount: number;
  /** Invalid or repeated addresses, and members already */
  readonly ignoredEmailCount: number;
};

/** An open invitation into an organization, as its owner sees it (decision 0070). */
export type PendingInvitation = {
  readonly id: string;
  readonly email: string;
  readonly createdAt: string;
  readonly expiresAt: string;
};

/** An open invitation into an organization, as the invited user sees it. */
export type ReceivedInvitation = {
  readonly id: string;
  readonly organization: {
    readonly id: string;
    readonly name: string;
  };
  readonly invitedBy: {
    readonly name: string;
    readonly email: string;
  } | null;
  readonly createdAt: string;
  readonly expiresAt: string;
};

/** Support state */
export type SupportState = "OPEN" | "CLOSED";

/** Air pollution category L1 … L4 (DWA-M 153) */
export type AirPollution = "L1" | "L2" | "L3" | "L4";

/** Sizing rule edition; default DWA-A 138-1:2024 */
export type RuleEdition = "DWA-A 138-1:2024" | "DWA-A 138:2005";

/** A project's creator or owner: null when the account was deleted and the project anonymised. */
export type ProjectPerson = {
  readonly id: string;
  readonly name: string;
} | null;

/** A project list entry (spec section 3, "Project summary"). */
export type ProjectSummary = {
  readonly projectId: string;
  readonly name: string;
  readonly creationDate: string;
  /** null when the account was deleted and the project anonymised */
  readonly creator: ProjectPerson;
  /** null when the account was deleted and the project anonymised */
  readonly owner: ProjectPerson;
  readonly address: string | null;
  readonly comment: string | null;
  /** The user owns the project (false: a project of their organization) */
  readonly isUserProject: boolean;
  /** Support state */
  readonly state: SupportState;
};

/** A support list entry: the support request's date and the project. */
export type SupportProjectEntry = {
  /** When support was requested */
  readonly creationDate: string;
  readonly project: ProjectSummary;
};

/** Where the project is */
export type Location = {
  /** WGS84 latitude, degrees */
  readonly latitude: number;
  /** WGS84 longitude, degrees */
  readonly longitude: number;
  /** The address as chosen by the planner */
  readonly address: string;
};

/** The client the project is planned for ("planned for") */
export type ClientData = {
  readonly formOfAddress?: FormOfAddress | null | undefined;
  readonly name?: string | null | undefined;
  readonly street?: string | null | undefined;
  readonly streetNo?: string | null | undefined;
  readonly zipCode?: string | null | undefined;
  readonly city?: string | null | undefined;
};

/** Where a project is, as its data answers it (null: not placed). */
export type ProjectLocation = {
  readonly latitude: number;
  readonly longitude: number;
  readonly address: string | null;
} | null;

export type ProjectDetail = {
  readonly id: string;
  readonly name: string;
  readonly comment: string | null;
  readonly location: ProjectLocation;
  readonly airPollution: AirPollution | null;
  readonly clientData: ClientData | null;
  readonly usesCustomRaindata: boolean;
  /** Sizing rule edition; default DWA-A 138-1:2024 */
  readonly ruleEdition: RuleEdition;
  /** Support state */
  readonly state: SupportState;
  readonly supportRequestDate: string | null;
  readonly creationDate: string;
  readonly creator: ProjectPerson;
  readonly owner: ProjectPerson;
  readonly isUserProject: boolean;
};

/** `POST /Project`. */
export type ProjectCreation = {
  readonly project: {
    /** Project name */
    readonly name: string;
    readonly comment?: string | null | undefined;
    /** Air pollution category L1 … L4 (DWA-M 153) */
    readonly airPollution?: AirPollution | undefined;
    /** Same as airPollution (the creation payload of the spec calls it so) */
    readonly airPollutionType?: AirPollution | undefined;
    /** Sizing rule edition; default DWA-A 138-1:2024 */
    readonly ruleEdition?: RuleEdition | undefined;
  };
  /** Where the project is */
  readonly location: Location;
  readonly clientData?: ClientData | null | undefined;
};

/** `PUT /Project/{id}`. */
export type ProjectUpdate = {
  readonly project?: {
    /** Project name */
    readonly name?: string | undefined;
    readonly comment?: string | null | undefined;
    /** Air pollution category L1 … L4 (DWA-M 153) */
    readonly airPollution?: AirPollution | undefined;
    /** Same as airPollution (the creation payload of the spec calls it so) */
    readonly airPollutionType?: AirPollution | undefined;
    /** Sizing rule edition; default DWA-A 138-1:2024 */
    readonly ruleEdition?: RuleEdition | undefined;
  } | undefined;
  /** Where the project is */
  readonly location?: Location | undefined;
  readonly clientData?: ClientData | null | undefined;
};

export type RaindataSeriesEntry = {
  /** annuality T, years */
  readonly annuality: 1 | 2 | 3 | 5 | 10 | 20 | 30 | 50 | 100;
  readonly valuesForDurations: readonly {
    /** rain duration D, min */
    readonly duration: 5 | 10 | 15 | 20 | 30 | 45 | 60 | 90 | 120 | 180 | 240 | 360 | 540 | 720 | 1080 | 1440 | 2880 | 4320 | 5760 | 7200 | 8640 | 10080;
    /** rain yield r, l/(s·ha); 0 = missing */
    readonly value: number;
    readonly uncertainty?: number | null;
  }[];
};

export type KostraCell = {
  readonly row: number;
  readonly column: number;
};

/** Rain series r(D, T) in l/(s·ha) per annuality and duration; 0 = missing */
export type Raindata = {
  /** KOSTRA cell (row, column); null for custom data without one */
  readonly kostraCell: KostraCell | null;
  readonly raindataSeries: readonly RaindataSeriesEntry[];
  readonly source: {
    readonly edition: "KOSTRA-DWD-2020" | "KOSTRA-DWD-2010R" | "custom";
    readonly cell?: string | null;
  };
};

/** `PUT /Project/{id}/customRaindata`: the series and the KOSTRA cell they belong to. */
export type CustomRaindata = {
  readonly raindataSeries: readonly {
    /** annuality T, years */
    readonly annuality: 1 | 2 | 3 | 5 | 10 | 20 | 30 | 50 | 100;
    readonly valuesForDurations: readonly {
      /** rain duration D, min */
      readonly duration: 5 | 10 | 15 | 20 | 30 | 45 | 60 | 90 | 120 | 180 | 240 | 360 | 540 | 720 | 1080 | 1440 | 2880 | 4320 | 5760 | 7200 | 8640 | 10080;
      /** rain yield r, l/(s·ha); 0 = missing */
      readonly value: number;
      readonly uncertainty?: number | null | undefined;
    }[];
  }[];
  readonly kostraCell?: KostraCell | null | undefined;
};

export type ImportResult = {
  /** Cells that had no rain data before */
  readonly newLocations: number;
  /** Cells whose series were added or changed */
  readonly newRainDatasets: number;
  /** Files that were not used */
  readonly ignoredFiles: readonly string[];
};

/** A measure's or a variant's data. */
export type MeasureData = {
  readonly installationTarget?: "Infiltration" | "Retention" | null;
  readonly installationVariant?: "infiltrationTank" | "troughInfiltrationTank" | "trough" | null;
  readonly infiltrationTankType?: "Box" | "Pipe" | null;
  readonly installationType?: "retentionBasin" | "backwaterChannel" | null;
  readonly infiltrationDirection?: "everySide" | "sealedSides" | "sealedSole" | null;
  readonly soilData?: "S1" | "S2" | "S3" | "S4" | "S5" | "S6" | "S7" | "S8" | null;
  readonly soilDataTrough?: "S1" | "S2" | "S3" | "S4" | "S5" | "S6" | "S7" | "S8" | null;
  readonly permeabilityCoefficientX?: number | null;
  readonly permeabilityCoefficientY?: number | null;
  readonly permeabilityCoefficientXTrough?: number | null;
  readonly permeabilityCoefficientYTrough?: number | null;
  readonly permeabilityFactorSite?: number | null;
  readonly permeabilityFactorMethod?: number | null;
  readonly recurrenceInterval?: 1 | 2 | 3 | 5 | 10 | 20 | 30 | 50 | 100 | null;
  readonly recurrenceIntervalTrough?: 1 | 2 | 3 | 5 | 10 | 20 | 30 | 50 | 100 | null;
  readonly safetyMargin?: number | null;
  readonly throttleDischarge?: number | null;
  readonly throttleType?: "float" | "perforated" | "grid" | null;
  readonly degreeOfSealing?: boolean | null;
  readonly floodingVerification?: boolean | null;
  readonly calculateFlooding?: boolean | null;
  readonly recurrenceIntervalFloodingVerification?: 1 | 2 | 3 | 5 | 10 | 20 | 30 | 50 | 100 | null;
  readonly safetyMarginFlooding?: "Fz10" | "Fz15" | "Fz20" | null;
  readonly dimensioningTrough?: {
    readonly width?: number | null;
    readonly length?: number | null;
    readonly depth?: number | null;
    readonly slope?: number | null;
  } | null;
  readonly dimensioningInfiltrationTank?: {
    readonly width?: number | null;
    readonly length?: number | null;
    readonly height?: number | null;
    readonly levels?: number | null;
    readonly numberOfPipes?: number | null;
    readonly pipeType?: "DN_ID_200" | "DN_ID_350" | "DN_ID_500" | "DN_OD_630" | "DN_ID_600" | "DN_OD_800" | "DN_ID_800" | "DN_OD_1000" | "DN_OD_1200" | "DN_ID_1200" | null;
    readonly storageCoefficient?: number | null;
    readonly storageCoefficientMaterial?: number | null;
  } | null;
  readonly groundLevel?: number | null;
  readonly meanHighestGroundwaterLevel?: number | null;
  readonly baseLevel?: number | null;
  readonly coverDepth?: number | null;
  readonly AC?: number | null;
  readonly duration?: number | null;
  readonly precipitation?: number | null;
  readonly standardVolume?: number | null;
  readonly drainingTime?: number | null;
  readonly durationTrough?: number | null;
  readonly precipitationTrough?: number | null;
  readonly standardVolumeTrough?: number | null;
  readonly drainingTimeTrough?: number | null;
  readonly durationFlooding?: number | null;
  readonly precipitationFlooding?: number | null;
  readonly standardVolumeFlooding?: number | null;
  readonly drainingTimeFlooding?: number | null;
  readonly durationInfiltrationTank?: number | null;
  readonly precipitationInfiltrationTank?: number | null;
  readonly standardVolumeInfiltrationTank?: number | null;
  readonly drainingTimeInfiltrationTank?: number | null;
  readonly durationFloodingInfiltrationTank?: number | null;
  readonly precipitationFloodingInfiltrationTank?: number | null;
  readonly standardVolumeFloodingInfiltrationTank?: number | null;
  readonly drainingTimeFloodingInfiltrationTank?: number | null;
  readonly requiredVolume?: number | null;
  readonly requiredVolumeTrough?: number | null;
  readonly requiredVolumeInfiltrationTank?: number | null;
  readonly plannedVolumeTrough?: number | null;
  readonly plannedVolumeInfiltrationTank?: number | null;
  readonly floodingVolume?: number | null;
  readonly floodingVolumeInfiltrationTank?: number | null;
  readonly extraVolume?: number | null;
  readonly extraVolumeInfiltrationTank?: number | null;
  readonly permeability?: number | null;
  readonly permeabilityTrough?: number | null;
  readonly troughArea?: number | null;
  readonly troughGroundArea?: number | null;
  readonly reportData?: {
    readonly troughDrainingTimeChart?: readonly {
      /** rain duration D, min */
      readonly duration: number;
      /** required volume V(D), m³ */
      readonly volume: number;
    }[] | null;
    readonly infiltrationTankDrainingTimeChart?: readonly {
      /** rain duration D, min */
      readonly duration: number;
      /** required volume V(D), m³ */
      readonly volume: number;
    }[] | null;
    readonly retentionDrainingTimeChart?: readonly {
      /** rain duration D, min */
      readonly duration: number;
      /** required volume V(D), m³ */
      readonly volume: number;
    }[] | null;
  } | null;
  readonly seepageZoneBaseLevel?: number | null;
  readonly seepageZoneThickness?: number | null;
  readonly groundwaterClearance?: "pass" | "fail" | "incomplete" | null;
};

/** The fields every waterflow node has. */
export type NodeBase = {
  /** node id */
  readonly id: string;
  /** display name (required, not blank) */
  readonly name: string;
  readonly parentId?: string | null;
  readonly drain?: "Groundwater" | "Watercourse" | null;
  /** unsaved flag of the editor */
  readonly changed?: boolean;
  /** computed completion flag */
  readonly fullyCompleted?: boolean;
};

/** sealed surface */
export type SurfaceNode = NodeBase & {
  readonly value?: number | null;
  readonly data: {
    readonly runoff?: "pitchedRoof" | "pitchedRoofBricks" | "flatRoof" | "flatRoofGravel" | "extensiveGreenRoofAbove5Deg" | "intensiveGreenRoof" | "extensiveGreenRoofBelow5Deg" | "extensiveGreenRoofBelow5DegThin" | "concrete" | "blacktop" | "pavingJointCompaction" | "aboveGroundTrackSystem" | "rampsSlopingToBuilding" | "syntheticSportsSurfaces" | "concreteBlockPaving" | "pavingOver15PercentJoints" | "waterBoundSurfaces" | "looseGravel" | "interlockingBlocksSeepageJoints" | "grassPaversHighTraffic" | "grassPaversLowTraffic" | "ballastPermeableSubstructure" | "ballastSlightlyPermeableSubstructure" | "sportsAreaSynthetic" | "dirt" | "lawn" | "greenSpaceFlat" | "greenSpaceSteep" | "permanentlyDammedWater" | null;
    readonly cm?: number | null;
    readonly cs?: number | null;
    readonly groundPollutionM153?: "F1" | "F2" | "F3" | "F4" | "F5" | "F6" | "F7" | null;
    readonly areaGroupA102?: "D" | "VW1" | "V1" | "VW2" | "V2" | "V3" | "BG1" | "BF" | "BL" | "BG2" | "SD1" | "SD2" | "SV" | "SF" | "SL" | "BG3" | "SG" | "SA" | null;
  };
  /** The version read with the node; a PUT with an older one answers 409 (code 56) with the current node */
  readonly version: number;
};

/** A category's share of a purification's ablation (DWA-A 102-2 figures). */
export type A102CategoryBlock = {
  /** ablation of the category, kg/a */
  readonly totalAblation: number;
  /** surface area A_E of the category, m² */
  readonly area: number;
  /** share of the purification surface area, 0 … 1 */
  readonly areaProportion: number;
};

/** purification */
export type PurificationNode = NodeBase & {
  readonly value?: number | null;
  /** ids of the surfaces treated here */
  readonly sealedSurfaces: readonly string[];
  readonly AC?: number | null;
  readonly data: {
    readonly waterCategory?: "G1" | "G2" | "G3" | "G4" | "G5" | "G6" | "G7" | "G8" | "G9" | "G10" | "G11" | "G12" | "G13" | "G21" | "G22" | "G23" | "G24" | "G25" | "G26" | "G27" | "G28" | null;
    readonly dischargedLoad?: number | null;
    readonly externalBypass?: boolean | null;
    readonly surfacesM153Data?: readonly {
      /** node id */
      readonly surfaceId: string;
      /** connected area A_u,i of the surface, m² */
      readonly area: number;
      /** share f_i of the purification connected area, 0 … 1 */
      readonly areaShare: number;
      /** discharged load f_i · (L + F_i), points */
      readonly dischargedLoad: number;
    }[] | null;
    readonly purificationFacilityData?: {
      /** treatment facility id */
      readonly businessId: string;
      readonly neededAmount?: number | null;
    } | null;
    readonly purificationAboveGround?: {
      readonly proportion?: "FIVE" | "FIFTEEN" | "FIFTY" | null;
      readonly pretreatmentOption?: "TOPSOIL_30CM" | "SUBSTRATE_20CM" | "TOPSOIL_20CM" | "TOPSOIL_10CM" | null;
      readonly withD4?: boolean | null;
    } | null;
    readonly purificationA102Data?: {
      /** total ablation AFS63, kg/a */
      readonly totalAblation: number;
      /** area-specific ablation, kg/(ha·a) */
      readonly areaSpecificAblation: number;
      /** ablation passing the external bypass, kg/a */
      readonly ablationOfBypass: number;
      /** ablation entering the facility with bypass, kg/a */
      readonly intakeWithBypass: number;
      /** permitted ablation 280 · A_E/10⁴, kg/a */
      readonly permittedAblation: number;
      /** required restraint total − permitted, kg/a */
      readonly requiredRestraint?: number;
      readonly categoryI?: A102CategoryBlock;
      readonly categoryII?: A102CategoryBlock;
      readonly categoryIII?: A102CategoryBlock;
    } | null;
  };
  /** The version read with the node; a PUT with an older one answers 409 (code 56) with the current node */
  readonly version: number;
};

/** A catalogue product added to a measure or a variant by hand. */
export type AdditionalProduct = {
  /** article number of a catalogue product */
  readonly materialNumber: string;
  readonly orderNumber?: string | null;
  readonly text?: string | null;
  readonly longText?: string | null;
  readonly unit?: string | null;
  /** non-negative decimal string, at most 3 decimals */
  readonly quantity: string;
  readonly unitPrice?: string | null;
};

/** A variant of a measure that is not chosen (schema version 3). */
export type MeasureVariant = {
  /** variant id, unique within its measure */
  readonly id: string;
  /** display name of the variant */
  readonly name: string;
  readonly value?: number | null;
  readonly data: MeasureData;
  readonly additionalProducts?: readonly AdditionalProduct[];
};

/** A measure as a PUT sends it. */
export type MeasureNode = NodeBase & {
  readonly value?: number | null;
  /** ids of every surface draining here (directly or through a purification) */
  readonly sealedSurfaces: readonly string[];
  readonly AC?: number | null;
  readonly data: MeasureData;
  readonly variantName?: string | null;
  /** the variants not chosen (schema version 3) */
  readonly variants?: readonly MeasureVariant[];
  /** The version read with the node; a PUT with an older one answers 409 (code 56) with the current node */
  readonly version: number;
};

/** A measure sized at one end of the rain uncertainty band (or at the design rain). */
export type UncertaintyBandEnd = {
  /** required storage volume in m³ (null: not sized) */
  readonly requiredVolumeM3: number | null;
  /** required length in m of a measure sized by its length (trench, pipe, tank); null otherwise */
  readonly requiredLengthM: number | null;
  /** the design rain duration D in min */
  readonly durationMin: number | null;
  /** the rain yield r(D,T) in l/(s·ha) */
  readonly rLsHa: number | null;
};

/** measure */
export type MeasureAnswer = MeasureNode & {
  /** Read-only (ignored in a PUT): the measure sized at the lower and upper end of the rain's uncertainty, as `rainplan evaluate` prints it; null with `uncertaintyBandReason` when there is none */
  readonly uncertaintyBand?: {
    /** where the band's percentages come from */
    readonly source: "KOSTRA-DWD-2020-UC" | "KOSTRA-DWD-2010R-tolerance" | "rain-data";
    /** sized with r · (1 − u/100) */
    readonly lower: UncertaintyBandEnd;
    /** sized with r (the design figures) */
    readonly design: UncertaintyBandEnd;
    /** sized with r · (1 + u/100) */
    readonly upper: UncertaintyBandEnd;
    /** available storage volume in m³ */
    readonly availableVolumeM3: number | null;
    /** whether the available volume covers the upper end */
    readonly coversUpper: boolean | null;
  } | null;
  /** Read-only (ignored in a PUT): why `uncertaintyBand` is null; null when there is a band */
  readonly uncertaintyBandReason?: "noRainData" | "customRainData" | "uncertaintyNotGiven" | "uncertaintyIncomplete" | "notSized" | null;
};

/** A waterflow node (sealed surface, purification or measure) as the API stores it (planning spec). */
export type WaterflowNode = SurfaceNode | PurificationNode | MeasureAnswer;

export type WaterflowKind = "surface" | "purification" | "measure";

/** `GET /Project/{projectId}/waterflow`. */
export type Waterflow = {
  readonly sealedSurfaces: readonly SurfaceNode[];
  readonly purifications: readonly PurificationNode[];
  readonly measures: readonly MeasureAnswer[];
};

/** treatment facility of the catalogue */
export type TreatmentFacility = {
  readonly businessId: string;
  /** facility family, e.g. sedimentShaft */
  readonly type: string;
  readonly m153Type?: string | null;
  /** throughput value D (M153) or efficiency η (A102), 0 … 1 */
  readonly value: number;
  /** maximum connected area per unit, m² */
  readonly maxArea: number;
  readonly bypassType: "NoBypass" | "Optional" | "Required" | "DIBtApproved";
  readonly regulationType: "M153" | "A102";
  readonly url?: string | null;
  readonly neededAmount?: number | null;
};

/** `GET /Project/products`: a product of the catalogue. */
export type CatalogueProduct = {
  /** Article number */
  readonly materialNumber: string;
  readonly orderNumber: string | null;
  /** Name in the requested language (German when there is no English one) */
  readonly text: string;
  readonly longText: string | null;
  readonly unit: string;
  /** Decimal string, two decimals, excluding VAT */
  readonly unitPrice: string;
  readonly currency: string;
};

/** A line of a product list as answered. */
export type ProductLine = {
  readonly orderNumber: string | null;
  readonly materialNumber: string;
  readonly text: string;
  readonly longText: string | null;
  readonly unit: string;
  readonly quantity: number;
  /** Decimal string, two decimals, excluding VAT */
  readonly unitPrice: string;
  /** Decimal string, two decimals, excluding VAT */
  readonly totalPrice: string;
};

/** A line of a product list as a PUT sends it. */
export type ProductLineInput = {
  readonly orderNumber?: string | null | undefined;
  /** Article number */
  readonly materialNumber: string;
  readonly text?: string | null | undefined;
  readonly longText?: string | null | undefined;
  readonly unit?: string | null | undefined;
  /** Amount ≥ 0, at most 3 decimals (as in the project file) */
  readonly quantity: number | string;
  /** Unit price; default: the catalogue list price */
  readonly unitPrice?: number | string | null | undefined;
  /** Ignored: the server computes unitPrice × quantity */
  readonly totalPrice?: unknown | undefined;
};

export type BoxConfiguratorProject = {
  readonly id: string;
  readonly projectId: string;
  readonly measureId: string | null;
  readonly name: string;
  readonly dimensioning: {
    /** grid width in m (rounded down to multiples of 0.8 m; at most 160 m) */
    readonly width: number;
    /** grid length in m (rounded down to multiples of 0.8 m; at most 160 m) */
    readonly length: number;
    /** height in m (recomputed from the items) */
    readonly height: number;
    /** layers (step 0.5) */
    readonly levels: number;
    /** storage coefficient of the boxes, percent */
    readonly storageCoefficient: number;
    /** height override, m; null or absent: the height of the items */
    readonly heightOverride?: number | null;
  };
  readonly projectionAxes: {
    readonly xProjectionAxes: readonly number[];
    readonly yProjectionAxes: readonly number[];
  };
  readonly groundLevel: number;
  readonly plantBottomLevel: number;
  readonly stormwaterObjective: "retention" | "infiltration";
  readonly itemCount: number;
  readonly version: number;
  /** Soil cover above the boxes, m: groundLevel − (plantBottomLevel + height); height 0 while the configuration holds no item (engine coverDepth) */
  readonly coverDepthM: number;
  /** The cover checks of the engine (coverChecks, decision 0172): PLANT_BOTTOM_TOO_HIGH below 0 m, GROUND_LEVEL_TOO_LOW below the minimum cover of 0.5 m; empty while the configuration holds no item */
  readonly checks: readonly {
    readonly code: string;
    readonly messageKey: string;
    readonly severity: "error" | "warning" | "info";
    readonly params: {
      readonly [key: string]: string | number;
    };
  }[];
};

export type BoxConfiguratorCreation = {
  readonly projectId: string;
  /** Linked measure; null = custom configuration */
  readonly measureId: string | null;
  readonly name?: string | null | undefined;
};

export type BoxConfiguratorUpdate = {
  /** The version read; an older one answers 409 (code 56) with the current configuration */
  readonly version: number;
  /** Name; empty becomes "newConfig" */
  readonly name?: string | undefined;
  /** Linked measure; null = custom configuration */
  readonly measureId?: string | null | undefined;
  readonly dimensioning?: {
    /** grid width in m (rounded down to multiples of 0.8 m; at most 160 m) */
    readonly width?: number | undefined;
    /** grid length in m (rounded down to multiples of 0.8 m; at most 160 m) */
    readonly length?: number | undefined;
    /** height in m (recomputed from the items) */
    readonly height?: number | undefined;
    /** layers (step 0.5) */
    readonly levels?: number | undefined;
    /** storage coefficient of the boxes, percent */
    readonly storageCoefficient?: number | undefined;
    /** height override, m; null or absent: the height of the items */
    readonly heightOverride?: number | null | undefined;
  } | undefined;
  readonly projectionAxes?: {
    readonly xProjectionAxes: readonly number[];
    readonly yProjectionAxes: readonly number[];
  } | undefined;
  /** ground level, m */
  readonly groundLevel?: number | undefined;
  /** plant bottom level, m */
  readonly plantBottomLevel?: number | undefined;
  readonly stormwaterObjective?: "retention" | "infiltration" | undefined;
};

/** A box item on the wire (planning spec section 3); `boxId` null on a PUT = a new item, the server assigns its id. */
export type BoxItem = {
  /** The item id; null, "" or an id starting with "temp" is a new item and gets an id from the server */
  readonly boxId: string | null;
  /** businessId of the item type */
  readonly boxTypeId: string;
  /** cell along the length */
  readonly x: number;
  /** layer (0 = lowest) */
  readonly y: number;
  /** cell along the width */
  readonly z: number;
  /** North, West, South, East = 0°, 90°, 180°, 270° */
  readonly rotation: "North" | "West" | "South" | "East";
  readonly options?: readonly {
    readonly propertyId: string;
    readonly optionId?: string | null | undefined;
    readonly value?: number | string | boolean | null | undefined;
  }[] | undefined;
};

/** PUT /BoxConfigurator/{id}/boxItems: the whole item list with the configuration version read. */
export type BoxItems = {
  /** The configuration version read */
  readonly version: number;
  readonly boxItems: readonly BoxItem[];
};

/** GET and PUT /BoxConfigurator/{id}/boxItems: the stored item list with the configuration version. */
export type StoredBoxItems = {
  readonly version: number;
  readonly boxItems: readonly {
    readonly boxId: string;
    readonly boxTypeId: string;
    readonly x: number;
    readonly y: number;
    readonly z: number;
    readonly rotation: string;
    readonly options: readonly {
      readonly propertyId: string;
      readonly optionId?: string | null;
      readonly value?: unknown;
    }[];
  }[];
};

/** none (default), measure or configuration */
export type MassListGroupBy = "none" | "measure" | "configuration";

/** Gaebd81: GAEB 90 D81 without prices; Gaebd82: GAEB 90 D82 with prices (80-column records, code page 850); GaebX81 / GaebX82: GAEB DA XML 3.3 X81 / X82 (UTF-8) */
export type GaebFileType = "Gaebd81" | "Gaebd82" | "GaebX81" | "GaebX82";

/** active, revoked or expired (now) */
export type ShareLinkState = "active" | "revoked" | "expired";

/** A share link as the project's list shows it (never with its token). */
export type ShareLink = {
  readonly id: string;
  readonly label: string | null;
  readonly creationDate: string;
  readonly expiresAt: string | null;
  readonly revokedAt: string | null;
  /** active, revoked or expired (now) */
  readonly state: ShareLinkState;
  /** Last call with the token */
  readonly lastAccess: string | null;
  /** How often the shared view was opened */
  readonly accessCount: number;
};

/** The answer of creating a share link: the only time its token is shown. */
export type CreatedShareLink = ShareLink & {
  /** The token: shown once, only in this answer */
  readonly token: string;
  /** The web app path of the read-only view: /share/{token} */
  readonly path: string;
};

/** `POST /Project/{projectId}/shareLinks`. */
export type ShareLinkCreation = {
  readonly label?: string | null | undefined;
  /** When the link stops working: in the future and at most one year (366 days) ahead; null = never */
  readonly expiresAt?: string | null | undefined;
};

/** `GET /Share/{token}`: the project's data and its engine project file. */
export type SharedProject = {
  readonly link: {
    readonly label: string | null;
    readonly expiresAt: string | null;
  };
  /** The name of the planner who issued the link (the report's cover names them, as on the planner's own report); null once that account is deleted */
  readonly planner: string | null;
  readonly project: {
    readonly name: string;
    readonly comment: string | null;
    readonly location: ProjectLocation;
    readonly airPollution: AirPollution | null;
    readonly clientData: {
      readonly [key: string]: unknown;
    } | null;
    readonly ruleEdition: RuleEdition;
    readonly usesCustomRaindata: boolean;
    readonly creationDate: string;
  };
  /** The project as the engine's project file (docs/project-file.md) as the planner downloads it: project, rain data, treatment facilities, the waterflow with its stored results, box configurations with their items and product lists; the web app evaluates it with the engine */
  readonly file: EngineProject;
  /** The box catalogue's item types (geometry for the report's drawings) */
  readonly itemTypes: readonly ItemType[];
};
