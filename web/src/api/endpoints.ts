/**
 * Typed functions for every call of both specs' section 7, grouped by controller. Paths, methods
 * and field names exactly as the specs (and docs/api.md) give them, relative to the base path.
 * `uiCulture` / `languageCode` come from the `culture` callback (the current i18n language).
 */
import { required, type HttpClient, type Query } from './http.ts';
import type { VariantComparison } from '@rainplan/engine';
import type { Branding } from '@rainplan/engine/documents';
import type {
  BoxConfiguratorCreation,
  BoxConfiguratorProject,
  BoxConfiguratorUpdate,
  BoxItems,
  StoredBoxItems,
  CatalogueProduct,
  CustomRaindata,
  GaebFileType,
  ImportResult,
  InviteResult,
  ListParams,
  LoginPayload,
  MassListGroupBy,
  Notification,
  Organization,
  Paged,
  PasswordChange,
  PasswordReset,
  PendingInvitation,
  PersonRef,
  ProductLine,
  ProductLineInput,
  ProjectCreation,
  ProjectDetail,
  ProjectSummary,
  ProjectTransfer,
  ProjectUpdate,
  Raindata,
  ReceivedInvitation,
  RegistrationPayload,
  RoleName,
  Session,
  SupportProjectEntry,
  SupportState,
  User,
  UserUpdate,
  Waterflow,
  WaterflowKind,
  TreatmentFacility,
  WaterflowNode,
} from './types.ts';
import type { CreatedShareLink, SharedProject, ShareLink, ShareLinkCreation } from './shareTypes.ts';

/** Per-call options every endpoint accepts (see RequestOptions). */
export interface CallOptions {
  readonly silent?: boolean;
  readonly signal?: AbortSignal;
}

/** `GET /Project/{id}/catalogueVersion` (decision 0100): the version whose prices the project keeps. */
export interface ProjectCatalogueVersion {
  readonly catalogueVersion: { readonly version: number; readonly importedAt: string };
  readonly newerPricesAvailable: boolean;
  readonly newestCatalogueVersion?: { readonly version: number; readonly importedAt: string } | null;
}

const enc = encodeURIComponent;

function listQuery(params: ListParams | undefined, extra: Query = {}): Query {
  return { ...params, ...extra };
}

/** The id of `POST /Project`: a quoted text (or a JSON string); quotes are stripped. */
export function stripQuotes(value: unknown): string {
  return String(value ?? '').trim().replace(/^"+|"+$/g, '');
}

export function createEndpoints(http: HttpClient, culture: () => string) {
  const user = {
    login: (body: LoginPayload, o?: CallOptions) => http.request<Notification | undefined>('POST', '/User/login', { json: required(body, 'body', 'login'), ...o }),
    get: (o?: CallOptions) => http.request<Session>('GET', '/User', o),
    logout: (o?: CallOptions) => http.request<Notification | undefined>('POST', '/User/logout', o),
    register: (body: RegistrationPayload, o?: CallOptions) =>
      http.request<Notification>('POST', '/User/register', { json: { ...required(body, 'body', 'register'), uiCulture: culture() }, query: { uiCulture: culture() }, ...o }),
    confirmEmail: (query: { userId: string; code: string; newEmail?: string | null }, o?: CallOptions) =>
      http.request<Notification>('GET', '/User/confirmEmail', { query: required(query, 'query', 'confirmEmail'), ...o }),
    forgotPassword: (email: string, o?: CallOptions) =>
      http.request<Notification>('POST', '/User/forgotPassword', { json: { email: required(email, 'email', 'forgotPassword'), uiCulture: culture() }, query: { uiCulture: culture() }, ...o }),
    resendConfirmationEmail: (email: string, o?: CallOptions) =>
      http.request<Notification>('POST', '/User/resendConfirmationEmail', {
        json: { email: required(email, 'email', 'resendConfirmationEmail'), uiCulture: culture() },
        query: { uiCulture: culture() },
        ...o,
      }),
    resetPassword: (body: PasswordReset, o?: CallOptions) => http.request<Notification>('POST', '/User/resetPassword', { json: required(body, 'body', 'resetPassword'), ...o }),
    changePassword: (body: PasswordChange, o?: CallOptions) => http.request<Notification>('POST', '/User/password', { json: required(body, 'body', 'changePassword'), ...o }),
    update: (body: UserUpdate, o?: CallOptions) =>
      http.request<User>('PATCH', '/User', { json: { ...required(body, 'body', 'updateUser'), uiCulture: culture() }, query: { uiCulture: culture() }, ...o }),
    roles: (o?: CallOptions) => http.request<RoleName[]>('GET', '/User/roles', o),
    /** DELETE /User/account; with transfers, they are applied in the same transaction (a refused delete hands nothing over). */
    deleteAccount: (transfers?: readonly ProjectTransfer[], o?: CallOptions) =>
      http.request<Notification | undefined>('DELETE', '/User/account', { ...(transfers === undefined || transfers.length === 0 ? {} : { json: transfers }), ...o }),
    leaveOrganization: (o?: CallOptions) => http.request<Notification | undefined>('DELETE', '/User/leaveOrganization', o),
    /** The signed-in user's open invitations into organizations (decision 0070). */
    invitations: (o?: CallOptions) => http.request<ReceivedInvitation[]>('GET', '/User/invitations', o),
    acceptInvitation: (invitationId: string, o?: CallOptions) =>
      http.request<Notification | undefined>('POST', `/User/invitations/${enc(required(invitationId, 'invitationId', 'acceptInvitation'))}/accept`, { json: {}, ...o }),
    declineInvitation: (invitationId: string, o?: CallOptions) =>
      http.request<Notification | undefined>('POST', `/User/invitations/${enc(required(invitationId, 'invitationId', 'declineInvitation'))}/decline`, { json: {}, ...o }),
    transferProjects: (transfers: readonly ProjectTransfer[], o?: CallOptions) =>
      http.request<Notification | undefined>('POST', '/User/transferProjects', { json: required(transfers, 'transfers', 'transferProjects'), ...o }),
  };

  const admin = {
    setRoles: (userId: string, roles: readonly RoleName[], o?: CallOptions) =>
      http.request<User | Notification>('PUT', `/Admin/${enc(required(userId, 'userId', 'setRoles'))}/roles`, { json: required(roles, 'roles', 'setRoles'), ...o }),
    /** DELETE /Admin/{userId}/account; with transfers, they are applied in the same transaction. */
    deleteAccount: (userId: string, transfers?: readonly ProjectTransfer[], o?: CallOptions) =>
      http.request<Notification | undefined>('DELETE', `/Admin/${enc(required(userId, 'userId', 'deleteAccount'))}/account`, {
        ...(transfers === undefined || transfers.length === 0 ? {} : { json: transfers }),
        ...o,
      }),
    editUser: (userId: string, body: UserUpdate, o?: CallOptions) =>
      http.request<User>('PATCH', `/Admin/${enc(required(userId, 'userId', 'editUser'))}/edit`, { json: required(body, 'body', 'editUser'), ...o }),
    getUser: (userId: string, o?: CallOptions) => http.request<User>('GET', `/Admin/${enc(required(userId, 'userId', 'getUser'))}`, o),
    userProjects: (userId: string, params: ListParams & { includeOrgProjects?: boolean } = {}, o?: CallOptions) =>
      http.request<Paged<ProjectSummary>>('GET', `/Admin/${enc(required(userId, 'userId', 'userProjects'))}/projects`, { query: listQuery(params), ...o }),
    users: (params: ListParams = {}, o?: CallOptions) => http.request<Paged<User>>('GET', '/Admin/users', { query: listQuery(params), ...o }),
    organizations: (params: ListParams = {}, o?: CallOptions) => http.request<Paged<Organization>>('GET', '/Admin/organizations', { query: listQuery(params), ...o }),
    transferProjects: (userId: string, transfers: readonly ProjectTransfer[], o?: CallOptions) =>
      http.request<Notification | undefined>('POST', `/Admin/${enc(required(userId, 'userId', 'transferProjects'))}/transferProjects`, {
        json: required(transfers, 'transfers', 'transferProjects'),
        ...o,
      }),
  };

  const organization = {
    create: (name: string, o?: CallOptions) => http.request<Organization>('POST', '/Organization', { json: { name: required(name, 'name', 'createOrganization') }, ...o }),
    get: (id: string, o?: CallOptions) => http.request<Organization>('GET', `/Organization/${enc(required(id, 'id', 'getOrganization'))}`, o),
    rename: (id: string, name: string, o?: CallOptions) =>
      http.request<Organization>('PATCH', `/Organization/${enc(required(id, 'id', 'renameOrganization'))}`, { json: { name: required(name, 'name', 'renameOrganization') }, ...o }),
    delete: (id: string, o?: CallOptions) => http.request<Notification | undefined>('DELETE', `/Organization/${enc(required(id, 'id', 'deleteOrganization'))}`, o),
    members: (id: string, page = 1, pageSize = 10, o?: CallOptions) =>
      http.request<Paged<PersonRef>>('GET', `/Organization/${enc(required(id, 'id', 'members'))}/members`, { query: { page, pageSize }, ...o }),
    invite: (id: string, emails: readonly string[], o?: CallOptions) =>
      http.request<InviteResult>('PUT', `/Organization/${enc(required(id, 'id', 'invite'))}/members`, { json: required(emails, 'emails', 'invite'), ...o }),
    invitations: (id: string, o?: CallOptions) => http.request<PendingInvitation[]>('GET', `/Organization/${enc(required(id, 'id', 'invitations'))}/invitations`, o),
    withdrawInvitation: (id: string, invitationId: string, o?: CallOptions) =>
      http.request<Notification | undefined>(
        'DELETE',
        `/Organization/${enc(required(id, 'id', 'withdrawInvitation'))}/invitations/${enc(required(invitationId, 'invitationId', 'withdrawInvitation'))}`,
        o,
      ),
    changeOwner: (id: string, newOwnerId: string, o?: CallOptions) =>
      http.request<Organization>('PUT', `/Organization/${enc(required(id, 'id', 'changeOwner'))}/owner/${enc(required(newOwnerId, 'newOwnerId', 'changeOwner'))}`, o),
    removeMember: (id: string, userId: string, o?: CallOptions) =>
      http.request<Notification | undefined>('DELETE', `/Organization/${enc(required(id, 'id', 'removeMember'))}/member/${enc(required(userId, 'userId', 'removeMember'))}`, o),
  };

  const project = {
    /** Resolves to the new project's id (quotes stripped). */
    create: async (body: ProjectCreation, o?: CallOptions) =>
      stripQuotes(await http.request<unknown>('POST', '/Project', { json: required(body, 'body', 'createProject'), ...o })),
    userProjects: (params: ListParams = {}, o?: CallOptions) => http.request<Paged<ProjectSummary>>('GET', '/Project/userProjects', { query: listQuery(params), ...o }),
    supportProjects: (params: ListParams = {}, o?: CallOptions) =>
      http.request<Paged<SupportProjectEntry>>('GET', '/Project/supportProjects', { query: listQuery(params), ...o }),
    get: (id: string, o?: CallOptions) => http.request<ProjectDetail>('GET', `/Project/${enc(required(id, 'id', 'getProject'))}`, o),
    update: (id: string, body: ProjectUpdate, o?: CallOptions) =>
      http.request<ProjectDetail | undefined>('PATCH', `/Project/${enc(required(id, 'id', 'updateProject'))}`, { json: required(body, 'body', 'updateProject'), ...o }),
    delete: (id: string, o?: CallOptions) => http.request<Notification | undefined>('DELETE', `/Project/${enc(required(id, 'id', 'deleteProject'))}`, o),
    /**
     * rainplan extension (api): clones the project in one database transaction (instead of the
     * spec's many calls); resolves to the new id. `name` defaults to the name with a copy suffix.
     */
    clone: async (id: string, name?: string, o?: CallOptions) =>
      stripQuotes(await http.request<unknown>('POST', `/Project/${enc(required(id, 'id', 'cloneProject'))}/clone`, { json: name === undefined ? {} : { name }, ...o })),
    setSupportState: (id: string, state: SupportState, o?: CallOptions) =>
      http.request<ProjectDetail | Notification | undefined>('PUT', `/Project/${enc(required(id, 'id', 'setSupportState'))}/supportState`, { json: { state: required(state, 'state', 'setSupportState') }, ...o }),
    raindata: (id: string, o?: CallOptions) => http.request<Raindata>('GET', `/Project/${enc(required(id, 'id', 'projectRaindata'))}/raindata`, o),
    setCustomRaindata: (id: string, body: CustomRaindata, o?: CallOptions) =>
      http.request<Raindata>('PUT', `/Project/${enc(required(id, 'id', 'setCustomRaindata'))}/customRaindata`, { json: required(body, 'body', 'setCustomRaindata'), ...o }),
    deleteCustomRaindata: (id: string, o?: CallOptions) =>
      http.request<Notification | undefined>('DELETE', `/Project/${enc(required(id, 'id', 'deleteCustomRaindata'))}/customRaindata`, o),
    purificationFacilities: (o?: CallOptions) => http.request<TreatmentFacility[]>('GET', '/Project/purificationFacilities', o),
    products: (o?: CallOptions) => http.request<CatalogueProduct[]>('GET', '/Project/products', { query: { languageCode: culture() }, ...o }),
    additionalProducts: (projectId: string, measureId: string, o?: CallOptions) =>
      http.request<ProductLine[]>('GET', `/Project/${enc(required(projectId, 'projectId', 'additionalProducts'))}/measure/${enc(required(measureId, 'measureId', 'additionalProducts'))}/additionalProducts`, {
        query: { languageCode: culture() },
        ...o,
      }),
    setAdditionalProducts: (projectId: string, measureId: string, products: readonly ProductLineInput[], o?: CallOptions) =>
      http.request<ProductLine[] | undefined>(
        'PUT',
        `/Project/${enc(required(projectId, 'projectId', 'setAdditionalProducts'))}/measure/${enc(required(measureId, 'measureId', 'setAdditionalProducts'))}/additionalProducts`,
        { json: required(products, 'products', 'setAdditionalProducts'), query: { languageCode: culture() }, ...o },
      ),
    /** The comparison of a measure's variants with the bill totals at the project's catalogue prices (issue 19 part 2; the engine's compareVariants on the server). */
    variants: (projectId: string, measureId: string, o?: CallOptions) =>
      http.request<VariantComparison>('GET', `/Project/${enc(required(projectId, 'projectId', 'variants'))}/measure/${enc(required(measureId, 'measureId', 'variants'))}/variants`, {
        query: { languageCode: culture() },
        ...o,
      }),
    /**
     * Makes a variant the measure in one transaction (the node and the product lists swap; decisions 0145, 0146).
     * `version` is the measure's as read; an older one answers 409, code 56. Resolves to the measure node (with its new version).
     */
    chooseVariant: (projectId: string, measureId: string, variantId: string, version: number, o?: CallOptions) =>
      http.request<WaterflowNode>(
        'POST',
        `/Project/${enc(required(projectId, 'projectId', 'chooseVariant'))}/measure/${enc(required(measureId, 'measureId', 'chooseVariant'))}/variants/${enc(required(variantId, 'variantId', 'chooseVariant'))}/choose`,
        { json: { version }, query: { languageCode: culture() }, ...o },
      ),
    /** The catalogue version whose prices the project keeps, and whether newer list prices exist (decision 0100). */
    catalogueVersion: (projectId: string, o?: CallOptions) =>
      http.request<ProjectCatalogueVersion>('GET', `/Project/${enc(required(projectId, 'projectId', 'catalogueVersion'))}/catalogueVersion`, o),
    /** Moves the project to the current catalogue's list prices (edit right; decision 0100). */
    updatePrices: (projectId: string, o?: CallOptions) =>
      http.request<ProjectCatalogueVersion & { readonly updatedLines?: number }>('POST', `/Project/${enc(required(projectId, 'projectId', 'updatePrices'))}/updatePrices`, o),
  };

  /** Sealed surfaces, purifications and measures: `/Project/{projectId}/{kind}[/{nodeId}]`. */
  const waterflow = {
    /** rainplan extension (api): every node of the project in one call. */
    all: (projectId: string, o?: CallOptions) =>
      http.request<Waterflow>('GET', `/Project/${enc(required(projectId, 'projectId', 'waterflow'))}/waterflow`, o),
    create: (projectId: string, kind: WaterflowKind, name: string, o?: CallOptions) =>
      http.request<WaterflowNode>('POST', `/Project/${enc(required(projectId, 'projectId', `create ${kind}`))}/${kind}`, { json: { name }, ...o }),
    get: (projectId: string, kind: WaterflowKind, nodeId: string, o?: CallOptions) =>
      http.request<WaterflowNode>('GET', `/Project/${enc(required(projectId, 'projectId', `get ${kind}`))}/${kind}/${enc(required(nodeId, `${kind}Id`, `get ${kind}`))}`, o),
    save: (projectId: string, kind: WaterflowKind, node: WaterflowNode, o?: CallOptions) =>
      http.request<WaterflowNode | undefined>('PUT', `/Project/${enc(required(projectId, 'projectId', `save ${kind}`))}/${kind}/${enc(required(node?.id, `${kind}Id`, `save ${kind}`))}`, {
        json: node,
        ...o,
      }),
    /**
     * Deletes a node. `detach` (api default true) resolves links as the engine does; with false a
     * linked node is refused (codes 50–53). The last sealed surface cannot be deleted.
     */
    delete: (projectId: string | null | undefined, kind: WaterflowKind, nodeId: string, o?: CallOptions & { detach?: boolean }) => {
      if (projectId === null || projectId === undefined || projectId === '') return Promise.reject(new Error('No project id specified.'));
      const { detach, ...rest } = o ?? {};
      return http.request<Notification | undefined>('DELETE', `/Project/${enc(projectId)}/${kind}/${enc(required(nodeId, `${kind}Id`, `delete ${kind}`))}`, {
        ...(detach === undefined ? {} : { query: { detach } }),
        ...rest,
      });
    },
  };

  const raindata = {
    byLocation: (latitude: number, longitude: number, o?: CallOptions) =>
      http.request<Raindata>('GET', '/Raindata', { query: { latitude: required(latitude, 'latitude', 'raindata'), longitude: required(longitude, 'longitude', 'raindata') }, ...o }),
    /** The same lookup without an account, for the trial mode (rate-limited per address). */
    trial: (latitude: number, longitude: number, o?: CallOptions) =>
      http.request<Raindata>('GET', '/Raindata/trial', { query: { latitude: required(latitude, 'latitude', 'raindataTrial'), longitude: required(longitude, 'longitude', 'raindataTrial') }, ...o }),
    import: (fileType: string, files: readonly File[], o?: CallOptions) => {
      const form = new FormData();
      for (const file of files) form.append('files', file);
      return http.request<ImportResult>('POST', '/Raindata/import', { query: { fileType: required(fileType, 'fileType', 'importRaindata') }, form, ...o });
    },
  };

  const boxConfigurator = {
    create: (body: BoxConfiguratorCreation, o?: CallOptions) => http.request<BoxConfiguratorProject>('POST', '/BoxConfigurator', { json: required(body, 'body', 'createBoxConfigurator'), ...o }),
    delete: (id: string, o?: CallOptions) => http.request<Notification | undefined>('DELETE', `/BoxConfigurator/${enc(required(id, 'boxConfiguratorProjectId', 'deleteBoxConfigurator'))}`, o),
    configurations: (projectId: string, o?: CallOptions) =>
      http.request<BoxConfiguratorProject[]>('GET', `/BoxConfigurator/configurations/${enc(required(projectId, 'projectId', 'configurations'))}`, o),
    itemTypes: (o?: CallOptions) => http.request<unknown[]>('GET', '/BoxConfigurator/itemTypes', o),
    propertySets: (o?: CallOptions) => http.request<unknown[]>('GET', '/BoxConfigurator/propertySets', o),
    /** The catalogue's plants (pipe connections): `GET /BoxConfigurator/plants`. */
    plants: (o?: CallOptions) => http.request<unknown[]>('GET', '/BoxConfigurator/plants', o),
    get: (id: string, o?: CallOptions) => http.request<BoxConfiguratorProject>('GET', `/BoxConfigurator/${enc(required(id, 'boxConfiguratorProjectId', 'getBoxConfigurator'))}`, o),
    update: (id: string, body: BoxConfiguratorUpdate, o?: CallOptions) =>
      http.request<BoxConfiguratorProject | undefined>('PATCH', `/BoxConfigurator/${enc(required(id, 'boxConfiguratorProjectId', 'updateBoxConfigurator'))}`, {
        json: required(body, 'body', 'updateBoxConfigurator'),
        ...o,
      }),
    boxItems: (id: string, o?: CallOptions) => http.request<StoredBoxItems>('GET', `/BoxConfigurator/${enc(required(id, 'boxConfiguratorProjectId', 'boxItems'))}/boxItems`, o),
    /** Replaces the whole item list; `version` as read (stale → 409, code 56). Answers the items with their ids and the new version. */
    setBoxItems: (id: string, body: BoxItems, o?: CallOptions) =>
      http.request<StoredBoxItems>('PUT', `/BoxConfigurator/${enc(required(id, 'boxConfiguratorProjectId', 'setBoxItems'))}/boxItems`, { json: required(body, 'body', 'setBoxItems'), ...o }),
    additionalProducts: (id: string, o?: CallOptions) =>
      http.request<ProductLine[]>('GET', `/BoxConfigurator/${enc(required(id, 'boxConfiguratorProjectId', 'additionalProducts'))}/additionalProducts`, { query: { languageCode: culture() }, ...o }),
    setAdditionalProducts: (id: string, products: readonly ProductLineInput[], o?: CallOptions) =>
      http.request<ProductLine[] | undefined>('PUT', `/BoxConfigurator/${enc(required(id, 'boxConfiguratorProjectId', 'setAdditionalProducts'))}/additionalProducts`, {
        json: required(products, 'products', 'setAdditionalProducts'),
        query: { languageCode: culture() },
        ...o,
      }),
    importProducts: (file: File, o?: CallOptions) => {
      const form = new FormData();
      form.append('file', required(file, 'file', 'importProducts'));
      return http.request<unknown>('POST', '/BoxConfigurator/importProducts', { form, ...o });
    },
    /** The catalogue import template (administrators): the demo catalogue, or with `current` the catalogue in use. */
    importTemplate: (catalogue: 'demo' | 'current' = 'demo', o?: CallOptions) =>
      http.request<Blob>('GET', '/BoxConfigurator/importProducts/template', { query: { catalogue }, responseType: 'blob', ...o }),
  };

  const documents = {
    /**
     * The project as the engine's project file, built by the api's one function for every document
     * (comment, client, configurations with items, product lists): the same file a share link answers.
     */
    projectFile: (projectId: string, o?: CallOptions) => http.request<unknown>('GET', `/Documents/${enc(required(projectId, 'projectId', 'projectFile'))}/projectFile`, o),
    /** Mass-list data (the engine's bill); `prices` (api default true) adds unit and total prices. */
    massList: (projectId: string, groupBy: MassListGroupBy = 'none', o?: CallOptions & { prices?: boolean }) => {
      const { prices, ...rest } = o ?? {};
      return http.request<unknown>('GET', `/Documents/${enc(required(projectId, 'projectId', 'massList'))}/masslist/data`, {
        query: { groupBy, languageCode: culture(), ...(prices === undefined ? {} : { prices: String(prices) }) },
        ...rest,
      });
    },
    measureMassList: (projectId: string, measureId: string, o?: CallOptions & { prices?: boolean }) => {
      const { prices, ...rest } = o ?? {};
      return http.request<unknown>('GET', `/Documents/${enc(required(projectId, 'projectId', 'measureMassList'))}/measure/${enc(required(measureId, 'measureId', 'measureMassList'))}/masslist/data`, {
        query: { languageCode: culture(), ...(prices === undefined ? {} : { prices: String(prices) }) },
        ...rest,
      });
    },
    boxConfiguratorMassList: (projectId: string, boxConfiguratorId: string, groupBy: MassListGroupBy = 'none', o?: CallOptions & { prices?: boolean }) => {
      const { prices, ...rest } = o ?? {};
      return http.request<unknown>(
        'GET',
        `/Documents/${enc(required(projectId, 'projectId', 'boxConfiguratorMassList'))}/boxConfigurator/${enc(required(boxConfiguratorId, 'boxConfiguratorId', 'boxConfiguratorMassList'))}/masslist/data`,
        { query: { groupBy, languageCode: culture(), ...(prices === undefined ? {} : { prices: String(prices) }) }, ...rest },
      );
    },
    /** A box configuration's drawings (PNG and SVG), their texts in the UI language. */
    images: (boxConfiguratorProjectId: string, o?: CallOptions) =>
      http.request<unknown>('GET', `/Documents/images/${enc(required(boxConfiguratorProjectId, 'boxConfiguratorProjectId', 'images'))}`, { query: { languageCode: culture() }, ...o }),
    /** The GAEB service catalogue as a file. */
    serviceCatalogue: (projectId: string, gaebFileType: GaebFileType, o?: CallOptions) =>
      http.request<Blob>('GET', `/Documents/${enc(required(projectId, 'projectId', 'serviceCatalogue'))}/serviceCatalogue`, {
        query: { languageCode: culture(), gaebFileType },
        responseType: 'blob',
        ...o,
      }),
  };

  /** Read-only share links (rainplan extension; docs/api.md "Share links"). */
  const share = {
    links: (projectId: string, o?: CallOptions) => http.request<ShareLink[]>('GET', `/Project/${enc(required(projectId, 'projectId', 'shareLinks'))}/shareLinks`, o),
    create: (projectId: string, body: ShareLinkCreation, o?: CallOptions) =>
      http.request<CreatedShareLink>('POST', `/Project/${enc(required(projectId, 'projectId', 'createShareLink'))}/shareLinks`, { json: required(body, 'body', 'createShareLink'), ...o }),
    revoke: (projectId: string, id: string, o?: CallOptions) =>
      http.request<ShareLink>('DELETE', `/Project/${enc(required(projectId, 'projectId', 'revokeShareLink'))}/shareLinks/${enc(required(id, 'id', 'revokeShareLink'))}`, o),
    /** Public: the shared project (no session needed). */
    get: (token: string, o?: CallOptions) => http.request<SharedProject>('GET', `/Share/${enc(required(token, 'token', 'sharedProject'))}`, o),
    massList: (token: string, groupBy: MassListGroupBy = 'none', o?: CallOptions) =>
      http.request<unknown>('GET', `/Share/${enc(required(token, 'token', 'sharedMassList'))}/masslist/data`, { query: { groupBy, languageCode: culture() }, ...o }),
    /** Public: the shared project's GAEB service catalogue as a file (decision 0160). */
    serviceCatalogue: (token: string, gaebFileType: GaebFileType, o?: CallOptions) =>
      http.request<Blob>('GET', `/Share/${enc(required(token, 'token', 'sharedServiceCatalogue'))}/serviceCatalogue`, {
        query: { languageCode: culture(), gaebFileType },
        responseType: 'blob',
        ...o,
      }),
  };

  /** The operator's branding (public; logo, sales contacts, footer links: docs/branding.md). */
  const branding = {
    get: (o?: CallOptions) => http.request<Branding>('GET', '/Branding', o),
  };

  return { user, admin, organization, project, waterflow, raindata, boxConfigurator, documents, share, branding };
}

export type Endpoints = ReturnType<typeof createEndpoints>;
