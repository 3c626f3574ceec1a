import Type, { type Static } from 'typebox';
import { A102_CATEGORIES } from '../tables/a102.ts';
import { ABOVE_GROUND_PROPORTION_IDS, PRETREATMENT_OPTION_IDS, WATER_CATEGORY_IDS } from '../tables/m153.ts';
import { BYPASS_TYPES, REGULATION_TYPES } from '../tables/measures.ts';
import { NodeId, Num, Opt, StringEnum } from './common.ts';
import { nodeBase } from './surface.ts';

export const SurfaceM153DataSchema = Type.Object(
  {
    surfaceId: NodeId,
    area: Num('connected area A_u,i of the surface, m²'),
    areaShare: Num('share f_i of the purification connected area, 0 … 1'),
    dischargedLoad: Num('discharged load f_i · (L + F_i), points'),
  },
  { additionalProperties: false },
);
export type SurfaceM153Data = Static<typeof SurfaceM153DataSchema>;

export const A102CategoryBlockSchema = Type.Object(
  {
    totalAblation: Num('ablation of the category, kg/a'),
    area: Num('surface area A_E of the category, m²'),
    areaProportion: Num('share of the purification surface area, 0 … 1'),
  },
  { additionalProperties: false },
);
export type A102CategoryBlock = Static<typeof A102CategoryBlockSchema>;

const categoryKeys = Object.fromEntries(
  A102_CATEGORIES.map((c) => [`category${c.id}`, Type.Optional(A102CategoryBlockSchema)]),
) as Record<'categoryI' | 'categoryII' | 'categoryIII', ReturnType<typeof Type.Optional<typeof A102CategoryBlockSchema>>>;

export const PurificationA102DataSchema = Type.Object(
  {
    totalAblation: Num('total ablation AFS63, kg/a'),
    areaSpecificAblation: Num('area-specific ablation, kg/(ha·a)'),
    ablationOfBypass: Num('ablation passing the external bypass, kg/a'),
    intakeWithBypass: Num('ablation entering the facility with bypass, kg/a'),
    permittedAblation: Num('permitted ablation 280 · A_E/10⁴, kg/a'),
    requiredRestraint: Type.Optional(Num('required restraint total − permitted, kg/a')),
    ...categoryKeys,
  },
  { additionalProperties: false },
);
export type PurificationA102Data = Static<typeof PurificationA102DataSchema>;

export const PurificationDataSchema = Type.Object(
  {
    waterCategory: Opt(StringEnum(WATER_CATEGORY_IDS, 'DWA-M 153 water category G')),
    dischargedLoad: Opt(Num('DWA-M 153 total discharged load B, points')),
    externalBypass: Opt(Type.Boolean({ description: 'DWA-A 102-2 external bypass (10 % untreated)' })),
    surfacesM153Data: Opt(Type.Array(SurfaceM153DataSchema)),
    purificationFacilityData: Opt(
      Type.Object(
        {
          businessId: Type.String({ description: 'treatment facility id' }),
          neededAmount: Opt(Type.Integer({ description: 'ceil(A_C / maxArea)', minimum: 0 })),
        },
        { additionalProperties: false },
      ),
    ),
    purificationAboveGround: Opt(
      Type.Object(
        {
          proportion: Opt(StringEnum(ABOVE_GROUND_PROPORTION_IDS, 'area ratio A_u : A_s')),
          pretreatmentOption: Opt(StringEnum(PRETREATMENT_OPTION_IDS, 'pretreatment (passage through soil)')),
          withD4: Opt(Type.Boolean({ description: 'apply the D4 factor' })),
        },
        { additionalProperties: false },
      ),
    ),
    purificationA102Data: Opt(PurificationA102DataSchema),
  },
  { additionalProperties: false },
);
export type PurificationData = Static<typeof PurificationDataSchema>;

export const PurificationSchema = Type.Object(
  {
    ...nodeBase,
    value: Opt(Num('M 153 throughput value G/B, or A 102-2 required efficiency 0 … 1')),
    sealedSurfaces: Type.Array(NodeId, { description: 'ids of the surfaces treated here' }),
    AC: Opt(Num('connected area A_C, m²')),
    data: PurificationDataSchema,
  },
  { additionalProperties: false, description: 'purification (treatment before discharge)' },
);
export type Purification = Static<typeof PurificationSchema>;

export const TreatmentFacilitySchema = Type.Object(
  {
    businessId: Type.String({ minLength: 1 }),
    type: Type.String({ description: 'facility family, e.g. sedimentShaft' }),
    m153Type: Opt(Type.String({ description: 'DWA-M 153 facility type (e.g. D21, D24)' })),
    value: Num('throughput value D (M153) or efficiency η (A102), 0 … 1', { minimum: 0, maximum: 1 }),
    maxArea: Num('maximum connected area per unit, m²', { exclusiveMinimum: 0 }),
    bypassType: StringEnum(BYPASS_TYPES),
    regulationType: StringEnum(REGULATION_TYPES),
    url: Opt(Type.String({ description: 'data sheet file name' })),
    neededAmount: Opt(Type.Integer({ minimum: 0 })),
  },
  { additionalProperties: false, description: 'treatment facility of the catalogue' },
);
export type TreatmentFacility = Static<typeof TreatmentFacilitySchema>;
