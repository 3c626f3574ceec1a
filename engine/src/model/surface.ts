import Type, { type Static } from 'typebox';
import { AREA_GROUP_IDS } from '../tables/a102.ts';
import { GROUND_POLLUTION_IDS } from '../tables/m153.ts';
import { DRAINS } from '../tables/measures.ts';
import { RUNOFF_TYPE_IDS } from '../tables/runoff.ts';
import { NodeId, Num, Opt, StringEnum } from './common.ts';

export const DrainSchema = StringEnum(DRAINS, 'drain target: groundwater (DWA-M 153) or watercourse (DWA-A 102-2)');

/** Fields shared by every waterflow node (planning spec section 3, "Waterflow"). */
export const nodeBase = {
  id: NodeId,
  name: Type.String({ description: 'display name (required, not blank)' }),
  parentId: Opt(NodeId),
  drain: Opt(DrainSchema),
  changed: Type.Optional(Type.Boolean({ description: 'unsaved flag of the editor' })),
  fullyCompleted: Type.Optional(Type.Boolean({ description: 'computed completion flag' })),
};

export const SealedSurfaceDataSchema = Type.Object(
  {
    runoff: Opt(StringEnum(RUNOFF_TYPE_IDS, 'runoff surface type (sets cm and cs)')),
    cm: Opt(Num('mean runoff coefficient C_m, dimensionless, 0 … 1')),
    cs: Opt(Num('peak runoff coefficient C_s, dimensionless, 0 … 1')),
    groundPollutionM153: Opt(StringEnum(GROUND_POLLUTION_IDS, 'DWA-M 153 surface pollution category (groundwater drain)')),
    areaGroupA102: Opt(StringEnum(AREA_GROUP_IDS, 'DWA-A 102-2 area group (watercourse drain)')),
  },
  { additionalProperties: false },
);
export type SealedSurfaceData = Static<typeof SealedSurfaceDataSchema>;

export const SealedSurfaceSchema = Type.Object(
  {
    ...nodeBase,
    value: Opt(Num('sealed area A_E in m²', { minimum: 0 })),
    data: SealedSurfaceDataSchema,
  },
  { additionalProperties: false, description: 'sealed surface (roof or paved area)' },
);
export type SealedSurface = Static<typeof SealedSurfaceSchema>;
