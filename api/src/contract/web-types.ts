/**
 * The web app's API types, written from the route schemas (docs/api.md): `npm run -w @rainplan/api
 * web-types` writes web/src/api/types.generated.ts, and web-types.test.ts fails while that file
 * differs from what this module writes. The names are the ones the web app imports.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Type } from 'typebox';
import { ProjectSummary, ProjectTransfer } from '../schemas/admin.ts';
import { BoxItem, BoxItemsDto, ConfigurationDto, CreateConfiguration, PatchConfiguration, PutBoxItems } from '../schemas/box-configurator.ts';
import { ErrorBody, MessageBody } from '../schemas/common.ts';
import { MassListQuery } from '../schemas/documents.ts';
import { ListQuery, Paged } from '../schemas/list-query.ts';
import { InviteResult, Member, OrganizationDto, PendingInvitation, ReceivedInvitation } from '../schemas/organization.ts';
import { CatalogueProductDto, Facilities, ProductLine, ProductLineDto } from '../schemas/products.ts';
import { AirPollution, ClientData, CreateProjectBody, Location, ProjectDetail, RuleEdition, SupportProjectEntry, UpdateProjectBody } from '../schemas/project.ts';
import { CustomRaindataBody, ImportResult, KostraCell, RaindataDto } from '../schemas/raindata.ts';
import { ServiceCatalogueQuery } from '../schemas/service-catalogue.ts';
import { CreatedShareLink, CreateShareLinkBody, ShareLinkDto, SharedProjectDto } from '../schemas/share.ts';
import { FormOfAddress, LoginBody, PersonalData, RegisterBody, ResetPasswordBody, ChangePasswordBody, RoleName, SessionResponse, UserDto, UserUpdateBody } from '../schemas/user.ts';
import { MeasureAnswer, MeasureNode, PurificationNode, SurfaceNode, WaterflowDto } from '../schemas/waterflow.ts';
import { emitTypes, type TypeEntry } from './emit.ts';

/** The file the web app imports the types from. */
export const WEB_TYPES_FILE = fileURLToPath(new URL('../../../web/src/api/types.generated.ts', import.meta.url));

/** Stands for the entry type of `Paged<T>`. */
const ENTRY = Type.Unknown();
/** The kinds of waterflow node, as the node routes' paths name them. */
const WaterflowKind = Type.Union([Type.Literal('surface'), Type.Literal('purification'), Type.Literal('measure')]);

/** The fields every waterflow node has (the engine's node base), as the surface's schema holds them. */
const NODE_BASE = Type.Object(Object.fromEntries(['id', 'name', 'parentId', 'drain', 'changed', 'fullyCompleted'].map((key) => [key, SurfaceNode.properties[key as keyof typeof SurfaceNode.properties]])));
/** The shapes that stand in several places of the node schemas, declared once by name. */
const A102_DATA = PurificationNode.properties.data.properties.purificationA102Data.anyOf[0];
const VARIANT = MeasureNode.properties.variants.items;
const BAND = MeasureAnswer.properties.uncertaintyBand.anyOf[0];

const ENTRIES: readonly TypeEntry[] = [
  { name: 'FormOfAddress', schema: FormOfAddress },
  { name: 'RoleName', schema: RoleName },
  { name: 'UserStatus', schema: UserDto.properties.status },
  { name: 'PersonRef', schema: Member, doc: 'A member of an organization, its owner, a user named in an answer.' },
  { name: 'User', schema: UserDto },
  { name: 'Session', schema: SessionResponse, doc: '`GET /User`: the signed-in user and the anti-forgery token.' },
  { name: 'MessageBody', schema: MessageBody },
  { name: 'ErrorBody', schema: ErrorBody },
  { name: 'Notification', schema: Type.Union([MessageBody, ErrorBody]), doc: '`{ type, code, message }` answers of action calls.' },
  { name: 'LoginPayload', schema: LoginBody, input: true },
  { name: 'PersonalData', schema: PersonalData, input: true, doc: 'The personal data a user enters at registration and edits on the account page.' },
  { name: 'RegistrationPayload', schema: RegisterBody, input: true, extends: 'PersonalData' },
  { name: 'UserUpdate', schema: UserUpdateBody, input: true, extends: 'PersonalData', doc: 'PATCH /User and PATCH /Admin/{userId}/edit: the personal data.' },
  { name: 'PasswordChange', schema: ChangePasswordBody, input: true },
  { name: 'PasswordReset', schema: ResetPasswordBody, input: true },
  { name: 'ProjectTransfer', schema: ProjectTransfer, input: true },
  { name: 'Paged', schema: Paged(ENTRY), parameters: [{ name: 'T', schema: ENTRY }], doc: 'The answer of a paged list.' },
  { name: 'ListParams', schema: ListQuery, input: true, doc: 'The list parameters of section 7 (names exactly as the API takes them).' },
  { name: 'Organization', schema: OrganizationDto },
  { name: 'InviteResult', schema: InviteResult },
  { name: 'PendingInvitation', schema: PendingInvitation, doc: 'An open invitation into an organization, as its owner sees it (decision 0070).' },
  { name: 'ReceivedInvitation', schema: ReceivedInvitation, doc: 'An open invitation into an organization, as the invited user sees it.' },
  { name: 'SupportState', schema: ProjectSummary.properties.state },
  { name: 'AirPollution', schema: AirPollution },
  { name: 'RuleEdition', schema: RuleEdition },
  { name: 'ProjectPerson', schema: ProjectSummary.properties.creator, doc: "A project's creator or owner: null when the account was deleted and the project anonymised." },
  { name: 'ProjectSummary', schema: ProjectSummary, doc: 'A project list entry (spec section 3, "Project summary").' },
  { name: 'SupportProjectEntry', schema: SupportProjectEntry, doc: 'A support list entry: the support request\'s date and the project.' },
  { name: 'Location', schema: Location },
  { name: 'ClientData', schema: ClientData, input: true },
  { name: 'ProjectLocation', schema: ProjectDetail.properties.location, doc: "Where a project is, as its data answers it (null: not placed)." },
  { name: 'ProjectDetail', schema: ProjectDetail },
  { name: 'ProjectCreation', schema: CreateProjectBody, input: true, doc: '`POST /Project`.' },
  { name: 'ProjectUpdate', schema: UpdateProjectBody, input: true, doc: '`PUT /Project/{id}`.' },
  { name: 'RaindataSeriesEntry', schema: RaindataDto.properties.raindataSeries.items },
  { name: 'KostraCell', schema: KostraCell },
  { name: 'Raindata', schema: RaindataDto },
  { name: 'CustomRaindata', schema: CustomRaindataBody, input: true, doc: '`PUT /Project/{id}/customRaindata`: the series and the KOSTRA cell they belong to.' },
  { name: 'ImportResult', schema: ImportResult },
  { name: 'MeasureData', schema: MeasureNode.properties.data, doc: "A measure's or a variant's data." },
  { name: 'NodeBase', schema: NODE_BASE, doc: 'The fields every waterflow node has.' },
  { name: 'SurfaceNode', schema: SurfaceNode, extends: 'NodeBase' },
  { name: 'A102CategoryBlock', schema: A102_DATA.properties.categoryI, doc: "A category's share of a purification's ablation (DWA-A 102-2 figures)." },
  { name: 'PurificationNode', schema: PurificationNode, extends: 'NodeBase' },
  { name: 'AdditionalProduct', schema: VARIANT.properties.additionalProducts.items, doc: 'A catalogue product added to a measure or a variant by hand.' },
  { name: 'MeasureVariant', schema: VARIANT, doc: 'A variant of a measure that is not chosen (schema version 3).' },
  { name: 'MeasureNode', schema: MeasureNode, extends: 'NodeBase', doc: 'A measure as a PUT sends it.' },
  { name: 'UncertaintyBandEnd', schema: BAND.properties.lower, doc: 'A measure sized at one end of the rain uncertainty band (or at the design rain).' },
  { name: 'MeasureAnswer', schema: MeasureAnswer, extends: 'MeasureNode' },
  { name: 'WaterflowNode', schema: Type.Union([SurfaceNode, PurificationNode, MeasureAnswer]), doc: 'A waterflow node (sealed surface, purification or measure) as the API stores it (planning spec).' },
  { name: 'WaterflowKind', schema: WaterflowKind },
  { name: 'Waterflow', schema: WaterflowDto, doc: '`GET /Project/{projectId}/waterflow`.' },
  { name: 'TreatmentFacility', schema: Facilities.items },
  { name: 'CatalogueProduct', schema: CatalogueProductDto, doc: '`GET /Project/products`: a product of the catalogue.' },
  { name: 'ProductLine', schema: ProductLineDto, doc: 'A line of a product list as answered.' },
  { name: 'ProductLineInput', schema: ProductLine, input: true, doc: 'A line of a product list as a PUT sends it.' },
  { name: 'BoxConfiguratorProject', schema: ConfigurationDto },
  { name: 'BoxConfiguratorCreation', schema: CreateConfiguration, input: true },
  { name: 'BoxConfiguratorUpdate', schema: PatchConfiguration, input: true },
  { name: 'BoxItem', schema: BoxItem, input: true, doc: 'A box item on the wire (planning spec section 3); `boxId` null on a PUT = a new item, the server assigns its id.' },
  { name: 'BoxItems', schema: PutBoxItems, input: true, doc: 'PUT /BoxConfigurator/{id}/boxItems: the whole item list with the configuration version read.' },
  { name: 'StoredBoxItems', schema: BoxItemsDto, doc: 'GET and PUT /BoxConfigurator/{id}/boxItems: the stored item list with the configuration version.' },
  { name: 'MassListGroupBy', schema: MassListQuery.properties.groupBy },
  { name: 'GaebFileType', schema: ServiceCatalogueQuery.properties.gaebFileType },
  { name: 'ShareLinkState', schema: ShareLinkDto.properties.state },
  { name: 'ShareLink', schema: ShareLinkDto, doc: "A share link as the project's list shows it (never with its token)." },
  { name: 'CreatedShareLink', schema: CreatedShareLink, extends: 'ShareLink', doc: 'The answer of creating a share link: the only time its token is shown.' },
  { name: 'ShareLinkCreation', schema: CreateShareLinkBody, input: true, doc: '`POST /Project/{projectId}/shareLinks`.' },
  { name: 'EngineProject', schema: SharedProjectDto.properties.file, imported: true },
  { name: 'ItemType', schema: SharedProjectDto.properties.itemTypes.items, imported: true },
  { name: 'SharedProject', schema: SharedProjectDto, doc: "`GET /Share/{token}`: the project's data and its engine project file." },
];

/** The imports of the entries marked `imported`. */
const IMPORTS = "import type { Project as EngineProject } from '@rainplan/engine';\nimport type { ItemType } from '@rainplan/engine/catalogue';\n";

const HEADER = `/**
 * The API's request and answer shapes, written from its route schemas (api/src/contract/web-types.ts).
 * Do not edit: \`npm run -w @rainplan/api web-types\` writes this file; api/src/contract/web-types.test.ts
 * checks that it is current.
 */
`;

/** The text of web/src/api/types.generated.ts. */
export function webTypesSource(): string {
  return `${HEADER}\n${IMPORTS}\n${emitTypes(ENTRIES)}`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  writeFileSync(WEB_TYPES_FILE, webTypesSource());
  console.log(`wrote ${WEB_TYPES_FILE}`);
}
