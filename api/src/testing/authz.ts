/**
 * The authorization table (routes/authorization.test.ts): who may call each api route.
 *
 * Each area keeps its rows in a file `src/routes/**\/<area>.authz.ts` exporting
 * `AUTHZ_ROWS: AuthzRow[]`; the test concatenates every such file, calls every route registered
 * under /api as each persona, and fails for a route without a row (and for a row without a route).
 * See docs/api.md, "Authorization table".
 */
import { randomUUID } from 'node:crypto';
import { BoxConfiguration, BoxConfigurationItems } from '../db/entities/box-configuration.ts';
import { Organization } from '../db/entities/organization.ts';
import { Project } from '../db/entities/project.ts';
import { User, type Role } from '../db/entities/user.ts';
import type { EntityManager } from '../db/orm.ts';
import { PASSWORD } from './accounts.ts';
import type { Call, Client, TestApp } from './test-app.ts';

/**
 * Who calls: nobody signed in; a user without organization or role; a member of organization O;
 * the owner (administrator) of O; a user with the role internal; a user with the role Administrator.
 */
export const PERSONAS = ['anonymous', 'user', 'member', 'owner', 'internal', 'admin'] as const;
export type Persona = (typeof PERSONAS)[number];
export type SignedInPersona = Exclude<Persona, 'anonymous'>;

/** Shorthands for `allowed`. */
export const EVERYONE: readonly Persona[] = PERSONAS;
export const SIGNED_IN: readonly Persona[] = ['user', 'member', 'owner', 'internal', 'admin'];
export const ADMINS: readonly Persona[] = ['admin'];

export interface WorldUser {
  readonly id: string;
  readonly email: string;
}

/**
 * A fresh set of accounts and projects for the calls of one row:
 * - `people`: the signed-in personas; `member` and `owner` (and `colleague`, a second member) are
 *   in organization `organizationId`; `user`, `internal`, `admin` and `subject` in none;
 * - `subject`: a user no persona is related to (the target of the Admin calls);
 * - `projects`: one owned (and created) by each of user, member, owner and subject, and
 *   `supportOpen`, owned by `user` with an open support request.
 */
export interface AuthzWorld {
  readonly people: Readonly<Record<SignedInPersona, WorldUser>>;
  readonly colleague: WorldUser;
  readonly subject: WorldUser;
  readonly organizationId: string;
  readonly projects: Readonly<Record<'user' | 'member' | 'owner' | 'subject' | 'supportOpen', string>>;
  readonly password: string;
  /** A fresh entity manager, for rows that need more data than this. */
  em(): EntityManager;
}

export interface AuthzRequest {
  /** The concrete url; default the route itself (fine for routes without parameters). */
  readonly url?: string;
  readonly body?: unknown;
  readonly query?: Record<string, string>;
}

export interface AuthzRow {
  readonly method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** The route as Fastify registers it, with the /api prefix: `/api/Organization/:id/members`. */
  readonly route: string;
  /**
   * The personas that pass authorization. The others must be refused: anonymous with 401 (code 9),
   * signed-in personas with 403 (code 10, or 31 "not part of this organization").
   */
  readonly allowed: readonly Persona[];
  /**
   * A valid call, so that validation does not answer before the permission check (handlers check
   * resource permissions after validation). May set up more data through `world.em()`.
   */
  readonly request?: (world: AuthzWorld, as: Persona) => AuthzRequest | Promise<AuthzRequest>;
  /**
   * The call changes what other calls see (deletes, ownership, sessions): every allowed persona
   * then calls on a world of its own.
   */
  readonly changesWorld?: boolean;
  /** Why these personas, when the spec's rule is not obvious. */
  readonly note?: string;
  /**
   * The support column (decision 0186): what internal staff may do with this call on a project
   * whose owner asked for support. By default what the organization's members may (read and
   * edit: 'allowed', else 'refused' with 403, code 10); 'cannotTake' for the calls that would
   * take the project out of the support request's reach (clone, share links): 403, code 80. The
   * authorization test calls every row that addresses the owner's project (`projects.owner`, or
   * `supportOpen` itself) on `supportOpen` as internal staff, and again after support was closed:
   * then 403, code 10.
   */
  readonly support?: SupportAccess;
}

/** What internal staff get on a project with an open support request (see `AuthzRow.support`). */
export type SupportAccess = 'allowed' | 'refused' | 'cannotTake';

/** The support column's entry of `row` (its own, or what the organization's members get). */
export function supportAccessOf(row: AuthzRow): SupportAccess {
  // the support rows (on `supportOpen`) name internal staff themselves
  return row.support ?? (row.allowed.includes('member') || row.allowed.includes('internal') ? 'allowed' : 'refused');
}

/**
 * `world` as the support column's calls see it: the owner's project is the one with the support
 * request (`supportOpen`); `touched()` tells whether a row's request used either.
 */
export function supportView(world: AuthzWorld): { world: AuthzWorld; touched: () => boolean } {
  let touched = false;
  const projects = new Proxy(world.projects, {
    get(target, property, receiver) {
      if (property === 'owner' || property === 'supportOpen') {
        touched = true;
        return target.supportOpen;
      }
      return Reflect.get(target, property, receiver) as unknown;
    },
  });
  return { world: { ...world, projects }, touched: () => touched };
}

let worldCounter = 0;

/** A world with signed-in clients for every persona. */
export async function createWorld(testApp: TestApp, passwordHash: string): Promise<{ world: AuthzWorld; clients: Record<Persona, Client> }> {
  worldCounter += 1;
  const tag = `${process.pid}.${worldCounter}.${randomUUID().slice(0, 8)}`;
  const em = testApp.app.orm.em.fork() as EntityManager;
  const make = (name: string, roles: Role[] = []) =>
    em.create(User, {
      email: `${name}.${tag}@authz.example.com`,
      passwordHash,
      formOfAddress: 'NONE',
      name: `${name} ${tag}`,
      street: 'Regenweg',
      houseNumber: '1',
      zipCode: '10115',
      city: 'Berlin',
      roles,
      status: 'ACTIVE',
      gdprConsentAt: new Date(),
    });
  const user = make('user');
  const member = make('member');
  const owner = make('owner');
  const internal = make('internal', ['internal']);
  const admin = make('admin', ['Administrator']);
  const colleague = make('colleague');
  const subject = make('subject');
  await em.flush();
  const organization = em.create(Organization, { name: `O ${tag}`, owner });
  await em.flush();
  for (const inOrganization of [member, owner, colleague]) inOrganization.organization = organization;
  const project = (who: User, extra: Partial<{ supportState: 'OPEN'; supportRequestDate: Date }> = {}) =>
    em.create(Project, { name: `P ${who.name}`, address: 'Regenweg 1, Berlin', owner: who, creator: who, ...extra });
  const projects = {
    user: project(user).id,
    member: project(member).id,
    owner: project(owner).id,
    subject: project(subject).id,
    supportOpen: project(user, { supportState: 'OPEN', supportRequestDate: new Date() }).id,
  };
  await em.flush();

  const ref = (u: User): WorldUser => ({ id: u.id, email: u.email });
  const world: AuthzWorld = {
    people: { user: ref(user), member: ref(member), owner: ref(owner), internal: ref(internal), admin: ref(admin) },
    colleague: ref(colleague),
    subject: ref(subject),
    organizationId: organization.id,
    projects,
    password: PASSWORD,
    em: () => testApp.app.orm.em.fork() as EntityManager,
  };
  const clients = { anonymous: testApp.client() } as Record<Persona, Client>;
  await Promise.all(
    (['user', 'member', 'owner', 'internal', 'admin'] as const).map(async (persona) => {
      const client = testApp.client();
      await client.signIn(world.people[persona].email, PASSWORD);
      clients[persona] = client;
    }),
  );
  return { world, clients };
}

/** The call of a row as `Client.call` takes it. */
export async function callOf(row: AuthzRow, world: AuthzWorld, as: Persona): Promise<Call> {
  const request = (await row.request?.(world, as)) ?? {};
  const url = request.url ?? row.route;
  if (url.includes('/:')) throw new Error(`${row.method} ${row.route}: the row needs a request() that fills in the path parameters`);
  return {
    method: row.method,
    url,
    ...(request.body === undefined ? {} : { body: request.body }),
    ...(request.query === undefined ? {} : { query: request.query }),
  };
}

/** A fresh custom configuration in the owner's project. */
export async function ownerConfiguration(world: AuthzWorld): Promise<string> {
  const em = world.em();
  const id = randomUUID();
  const now = new Date();
  await em.insert(BoxConfiguration, {
    id,
    project: world.projects.owner,
    measureId: null,
    name: 'Rigole',
    dimensioning: { width: 10, length: 10, height: 0.66, levels: 1, storageCoefficient: 95 },
    projectionAxes: { xProjectionAxes: [], yProjectionAxes: [] },
    groundLevel: 0,
    plantBottomLevel: 0,
    stormwaterObjective: 'infiltration',
    measureOwnDimensioning: null,
    additionalProducts: [],
    itemCount: 0,
    nextItemNumber: 1,
    version: 1,
    creationDate: now,
    updatedAt: now,
  });
  await em.insert(BoxConfigurationItems, { configuration: id, items: [] });
  return id;
}
