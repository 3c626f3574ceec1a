/** Schemas of the share-link calls (issue 19, part 3; decisions 0135–0137). */
import { ItemTypeSchema } from '@rainplan/engine/catalogue';
import { Type } from 'typebox';
import { AIR_POLLUTION_TYPES, RULE_EDITIONS } from '../db/entities/project.ts';
import { TOKEN_PATTERN } from '../projects/share-links.ts';
import { OptionalText } from './common.ts';

export const ShareLinksParams = Type.Object({ projectId: Type.String({ format: 'uuid', maxLength: 36, description: 'project id' }) });
export const ShareLinkParams = Type.Object({
  projectId: ShareLinksParams.properties.projectId,
  id: Type.String({ format: 'uuid', maxLength: 36, description: 'share link id' }),
});
export const TokenParams = Type.Object({
  token: Type.String({ minLength: 43, maxLength: 43, pattern: TOKEN_PATTERN, description: 'the share link token (43 characters of base64url)' }),
});

export const CreateShareLinkBody = Type.Object({
  label: OptionalText(200, { description: 'What the link is for (e.g. "Untere Wasserbehörde"); null or "" = none' }),
  expiresAt: Type.Optional(
    Type.Union([Type.String({ format: 'date-time', maxLength: 40 }), Type.Null()], {
      description: 'When the link stops working: in the future and at most one year (366 days) ahead; null = never',
    }),
  ),
});

const LINK_STATES = ['active', 'revoked', 'expired'] as const;

export const ShareLinkDto = Type.Object({
  id: Type.String(),
  label: Type.Union([Type.String(), Type.Null()]),
  creationDate: Type.String({ format: 'date-time' }),
  expiresAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  revokedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  state: Type.Enum(LINK_STATES, { description: 'active, revoked or expired (now)' }),
  lastAccess: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], { description: 'Last call with the token' }),
  accessCount: Type.Integer({ description: 'How often the shared view was opened' }),
});

export const CreatedShareLink = Type.Object({
  ...ShareLinkDto.properties,
  token: Type.String({ description: 'The token: shown once, only in this answer' }),
  path: Type.String({ description: 'The web app path of the read-only view: /share/{token}' }),
});

export const ShareLinkList = Type.Array(ShareLinkDto);

/** The read-only view's data: the project's data and the engine's project file (no people, no ids of accounts). */
export const SharedProjectDto = Type.Object({
  link: Type.Object({
    label: Type.Union([Type.String(), Type.Null()]),
    expiresAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  }),
  planner: Type.Union([Type.String(), Type.Null()], { description: "The name of the planner who issued the link (the report's cover names them, as on the planner's own report); null once that account is deleted" }),
  project: Type.Object({
    name: Type.String(),
    comment: Type.Union([Type.String(), Type.Null()]),
    location: Type.Union([
      Type.Object({ latitude: Type.Number(), longitude: Type.Number(), address: Type.Union([Type.String(), Type.Null()]) }),
      Type.Null(),
    ]),
    airPollution: Type.Union([Type.Enum(AIR_POLLUTION_TYPES), Type.Null()]),
    clientData: Type.Union([Type.Record(Type.String(), Type.Unknown()), Type.Null()]),
    ruleEdition: Type.Enum(RULE_EDITIONS),
    usesCustomRaindata: Type.Boolean(),
    creationDate: Type.String({ format: 'date-time' }),
  }),
  file: Type.Object({}, {
    additionalProperties: true,
    description: "The project as the engine's project file (docs/project-file.md) as the planner downloads it: project, rain data, treatment facilities, the waterflow with its stored results, box configurations with their items and product lists; the web app evaluates it with the engine",
  }),
  itemTypes: Type.Array(ItemTypeSchema, { description: "The box catalogue's item types (geometry for the report's drawings)" }),
});
