/**
 * The signed-in user as every api call sees it (`request.user`): a plain, read-only snapshot of
 * the user row with its organization and the organization's owner, read by one SQL statement.
 * Calls that change the user load the entity themselves (`signedInUserEntity` in auth.ts).
 *
 * Reading and hydrating the user through the ORM was most of the cost of a signed-in call
 * (decision 0045); safe calls (GET, HEAD) take the snapshot from the per-process account cache
 * (plugins/app/account-cache.ts).
 */
import type { Culture, FormOfAddress, Role, UserStatus } from '../db/entities/user.ts';
import type { EntityManager } from '../db/orm.ts';

export interface SignedInUser {
  readonly id: string;
  readonly email: string;
  readonly formOfAddress: FormOfAddress;
  readonly name: string;
  readonly company: string | null;
  readonly street: string;
  readonly houseNumber: string;
  readonly zipCode: string;
  readonly city: string;
  readonly phoneNumber: string | null;
  readonly roles: readonly Role[];
  readonly status: UserStatus;
  readonly culture: Culture;
  readonly lastLogin: Date | null;
  readonly organization: {
    readonly id: string;
    readonly name: string;
    readonly owner: { readonly id: string; readonly name: string; readonly email: string };
  } | null;
}

/** What the role checks need of a user (a snapshot or an entity). */
export interface HasRoles {
  readonly roles: readonly Role[];
}

export const isAdmin = (user: HasRoles): boolean => user.roles.includes('Administrator');
export const isInternal = (user: HasRoles): boolean => user.roles.includes('internal');

interface Row {
  id: string;
  email: string;
  form_of_address: FormOfAddress;
  name: string;
  company: string | null;
  street: string;
  house_number: string;
  zip_code: string;
  city: string;
  phone_number: string | null;
  roles: Role[] | string;
  status: UserStatus;
  culture: Culture;
  last_login: Date | string | null;
  organization_id: string | null;
  organization_name: string | null;
  owner_id: string | null;
  owner_name: string | null;
  owner_email: string | null;
}

const SELECT =
  'select u.id, u.email, u.form_of_address, u.name, u.company, u.street, u.house_number, u.zip_code, u.city, u.phone_number, ' +
  'u.roles, u.status, u.culture, u.last_login, o.id as organization_id, o.name as organization_name, ' +
  'w.id as owner_id, w.name as owner_name, w.email as owner_email ' +
  'from app_user u left join organization o on o.id = u.organization_id left join app_user w on w.id = o.owner_id ' +
  "where u.id = ? and u.status = 'ACTIVE'";

/** A text[] as the driver answers it: an array (pg, PGlite) or, defensively, the literal `{a,b}`. */
function roleList(value: Role[] | string): Role[] {
  if (Array.isArray(value)) return value;
  const inner = value.replace(/^\{|\}$/g, '');
  return inner === '' ? [] : (inner.split(',').map((role) => role.replace(/^"|"$/g, '')) as Role[]);
}

/** The active user `id` with organization and owner, or null when there is none (deleted, unconfirmed). */
export async function loadSignedInUser(em: EntityManager, id: string): Promise<SignedInUser | null> {
  const [row] = await em.getConnection().execute<Row[]>(SELECT, [id]);
  if (row === undefined) return null;
  return Object.freeze({
    id: row.id,
    email: row.email,
    formOfAddress: row.form_of_address,
    name: row.name,
    company: row.company,
    street: row.street,
    houseNumber: row.house_number,
    zipCode: row.zip_code,
    city: row.city,
    phoneNumber: row.phone_number,
    roles: Object.freeze(roleList(row.roles)),
    status: row.status,
    culture: row.culture,
    lastLogin: row.last_login === null ? null : new Date(row.last_login),
    organization:
      row.organization_id === null
        ? null
        : Object.freeze({
            id: row.organization_id,
            name: row.organization_name ?? '',
            owner: Object.freeze({ id: row.owner_id ?? '', name: row.owner_name ?? '', email: row.owner_email ?? '' }),
          }),
  });
}
