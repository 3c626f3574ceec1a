/**
 * Schemas of the Admin calls and of project transfers (spec sections 3 and 7): project summaries,
 * transfer lists, role lists.
 */
import { Type, type Static } from 'typebox';
import { SUPPORT_STATES } from '../db/entities/project.ts';
import { LIST_QUERY_FIELDS } from './list-query.ts';
import { RoleName } from './user.ts';

export const UserParams = Type.Object({ userId: Type.String({ format: 'uuid' }) });

const PersonRef = Type.Union([Type.Object({ id: Type.String(), name: Type.String() }), Type.Null()], {
  description: 'null when the account was deleted and the project anonymised',
});

/** A project list entry (spec section 3, "Project summary"). */
export const ProjectSummary = Type.Object({
  projectId: Type.String(),
  name: Type.String(),
  creationDate: Type.String({ format: 'date-time' }),
  creator: PersonRef,
  owner: PersonRef,
  address: Type.Union([Type.String(), Type.Null()]),
  comment: Type.Union([Type.String(), Type.Null()]),
  isUserProject: Type.Boolean({ description: 'The user owns the project (false: a project of their organization)' }),
  state: Type.Enum(SUPPORT_STATES, { description: 'Support state' }),
});
export type ProjectSummary = Static<typeof ProjectSummary>;

export const ProjectTransfer = Type.Object({
  projectId: Type.String({ format: 'uuid' }),
  userId: Type.String({ format: 'uuid', description: 'The new owner' }),
});
export const ProjectTransfers = Type.Array(ProjectTransfer, { maxItems: 10_000, description: 'Which project goes to whom' });
export type ProjectTransfers = Static<typeof ProjectTransfers>;

export const TransferResult = Type.Object({
  type: Type.Literal('MESSAGE'),
  code: Type.Literal(0),
  message: Type.String(),
  transferredProjects: Type.Integer(),
});

export const AccountDeleted = Type.Object({
  type: Type.Literal('MESSAGE'),
  code: Type.Literal(0),
  message: Type.String(),
  transferredProjects: Type.Integer(),
  anonymisedProjects: Type.Integer(),
});

export const RolesBody = Type.Array(RoleName, { maxItems: 10, description: 'Every role the user shall have' });

export const UserProjectsQuery = Type.Object({
  ...LIST_QUERY_FIELDS,
  includeOrgProjects: Type.Boolean({ default: false, description: "Also the projects of the user's organization" }),
});
