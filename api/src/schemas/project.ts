/**
 * Schemas of the Project calls (platform spec sections 3 and 7): creation and update payloads,
 * the project detail, support lists and the support state.
 */
import { Type, type Static } from 'typebox';
import { AIR_POLLUTION_TYPES, RULE_EDITIONS, SUPPORT_STATES } from '../db/entities/project.ts';
import { FORMS_OF_ADDRESS } from '../db/entities/user.ts';
import { ProjectSummary } from './admin.ts';
import { NonBlank, OptionalText } from './common.ts';

export const ProjectParams = Type.Object({ id: Type.String({ format: 'uuid', description: 'project id' }) });

export const AirPollution = Type.Enum(AIR_POLLUTION_TYPES, { description: 'Air pollution category L1 … L4 (DWA-M 153)' });
export const RuleEdition = Type.Enum(RULE_EDITIONS, { description: 'Sizing rule edition; default DWA-A 138-1:2024' });

export const Location = Type.Object(
  {
    latitude: Type.Number({ minimum: -90, maximum: 90, description: 'WGS84 latitude, degrees' }),
    longitude: Type.Number({ minimum: -180, maximum: 180, description: 'WGS84 longitude, degrees' }),
    address: NonBlank(1000, 'The address as chosen by the planner'),
  },
  { description: 'Where the project is' },
);
export type Location = Static<typeof Location>;

export const ClientData = Type.Object(
  {
    formOfAddress: Type.Optional(Type.Union([Type.Enum(FORMS_OF_ADDRESS), Type.Null()])),
    name: OptionalText(200),
    street: OptionalText(200),
    streetNo: OptionalText(50),
    zipCode: OptionalText(20),
    city: OptionalText(200),
  },
  { description: 'The client the project is planned for ("planned for")' },
);
export type ClientData = Static<typeof ClientData>;

const projectFields = {
  comment: OptionalText(5000),
  airPollution: Type.Optional(AirPollution),
  airPollutionType: Type.Optional(Type.Enum(AIR_POLLUTION_TYPES, { description: 'Same as airPollution (the creation payload of the spec calls it so)' })),
  ruleEdition: Type.Optional(RuleEdition),
};

export const CreateProjectBody = Type.Object({
  project: Type.Object({ name: NonBlank(200, 'Project name'), ...projectFields }),
  location: Location,
  clientData: Type.Optional(Type.Union([ClientData, Type.Null()])),
});
export type CreateProjectBody = Static<typeof CreateProjectBody>;

export const UpdateProjectBody = Type.Object({
  project: Type.Optional(Type.Object({ name: Type.Optional(NonBlank(200, 'Project name')), ...projectFields })),
  location: Type.Optional(Location),
  clientData: Type.Optional(Type.Union([ClientData, Type.Null()])),
});
export type UpdateProjectBody = Static<typeof UpdateProjectBody>;

const PersonRef = Type.Union([Type.Object({ id: Type.String(), name: Type.String() }), Type.Null()]);

export const ProjectDetail = Type.Object({
  id: Type.String(),
  name: Type.String(),
  comment: Type.Union([Type.String(), Type.Null()]),
  location: Type.Union([
    Type.Object({ latitude: Type.Number(), longitude: Type.Number(), address: Type.Union([Type.String(), Type.Null()]) }),
    Type.Null(),
  ]),
  airPollution: Type.Union([AirPollution, Type.Null()]),
  clientData: Type.Union([ClientData, Type.Null()]),
  usesCustomRaindata: Type.Boolean(),
  ruleEdition: RuleEdition,
  state: Type.Enum(SUPPORT_STATES, { description: 'Support state' }),
  supportRequestDate: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  creationDate: Type.String({ format: 'date-time' }),
  creator: PersonRef,
  owner: PersonRef,
  isUserProject: Type.Boolean(),
});
export type ProjectDetail = Static<typeof ProjectDetail>;

export const SupportStateBody = Type.Object({
  state: Type.String({ maxLength: 6, pattern: '^([Oo][Pp][Ee][Nn]|[Cc][Ll][Oo][Ss][Ee][Dd])$', description: 'OPEN or CLOSED (any case)' }),
});

/** A support list entry: the support request's date and the project. */
export const SupportProjectEntry = Type.Object({
  creationDate: Type.String({ format: 'date-time', description: 'When support was requested' }),
  project: ProjectSummary,
});

export const CloneBody = Type.Union([
  Type.Object({
    name: Type.Optional(NonBlank(200, 'Name of the copy; default: the name with a copy suffix')),
  }),
  Type.Null(),
]);
