import type { Measure, MeasureData, Project, Purification, RainData, SealedSurface } from '../src/index.ts';
import { ANNUALITIES_A, RAIN_DURATIONS_MIN } from '../src/tables/index.ts';

/** A full rain table (22 durations × 9 annualities) with a KOSTRA-like shape, l/(s·ha). */
export function benchRainData(): RainData {
  return {
    source: { edition: 'KOSTRA-DWD-2020', cell: '129102' },
    kostraCell: { row: 129, column: 102 },
    raindataSeries: ANNUALITIES_A.map((annuality) => ({
      annuality,
      valuesForDurations: RAIN_DURATIONS_MIN.map((duration) => ({ duration, value: (2500 * (1 + 0.35 * Math.log(annuality))) / (duration + 9) ** 0.8 })),
    })),
  };
}

const soil = { soilData: 'S3', permeabilityCoefficientX: 1.04, permeabilityCoefficientY: 4 } as const;
const trough = { length: 20, width: 3, depth: 0.3, slope: 2 };

/** Sizeable measure data of every kind: groundwater measures infiltrate, watercourse measures retain. */
function measureData(m: number, groundwater: boolean): MeasureData {
  const common = { recurrenceInterval: 5, safetyMargin: 20, recurrenceIntervalFloodingVerification: 30, safetyMarginFlooding: 'Fz15' } as const;
  if (!groundwater) {
    return m % 4 === 1
      ? { installationTarget: 'Retention', installationType: 'retentionBasin', ...common, throttleDischarge: 2, dimensioningInfiltrationTank: { width: 3.2, length: 8, levels: 2, storageCoefficient: 95 } }
      : { installationTarget: 'Retention', installationType: 'backwaterChannel', ...common, throttleDischarge: 1, dimensioningInfiltrationTank: { length: 40, pipeType: 'DN_OD_1000' } };
  }
  switch (m % 8) {
    case 0:
      return { installationTarget: 'Infiltration', installationVariant: 'trough', ...common, ...soil, dimensioningTrough: trough };
    case 2:
      return {
        installationTarget: 'Infiltration',
        installationVariant: 'infiltrationTank',
        infiltrationTankType: 'Pipe',
        ...common,
        ...soil,
        throttleDischarge: 0,
        dimensioningInfiltrationTank: { width: 1.2, length: 20, height: 0.8, numberOfPipes: 2, pipeType: 'DN_ID_200', storageCoefficientMaterial: 30 },
      };
    case 4:
      return {
        installationTarget: 'Infiltration',
        installationVariant: 'troughInfiltrationTank',
        infiltrationTankType: 'Box',
        ...common,
        ...soil,
        soilDataTrough: 'S1',
        permeabilityCoefficientXTrough: 1.13,
        permeabilityCoefficientYTrough: 5,
        recurrenceIntervalTrough: 1,
        throttleDischarge: 0,
        dimensioningTrough: trough,
        dimensioningInfiltrationTank: { width: 0.8, length: 8, levels: 1, storageCoefficient: 95 },
      };
    default:
      return {
        installationTarget: 'Infiltration',
        installationVariant: 'infiltrationTank',
        infiltrationTankType: 'Box',
        ...common,
        ...soil,
        throttleDischarge: 0,
        dimensioningInfiltrationTank: { width: 1.6, length: 8, levels: 1, height: 0.66, storageCoefficient: 95 },
      };
  }
}

/**
 * A deterministic project of `measures` measures, each with `surfacesPerMeasure` surfaces of
 * which the first half pass through one purification per measure. Alternates groundwater
 * (M 153, infiltration: box and pipe tanks, troughs, troughs with box tanks) and watercourse
 * (A 102-2, retention basins and backwater channels) drains; every measure is sizeable against
 * the full rain table of `benchRainData()` (A_C up to ~2,400 m², so some flooding checks run).
 * Default: 50 measures × 3 surfaces + 50 purifications = 250 nodes.
 */
export function generateProject(measures = 50, surfacesPerMeasure = 3): Project {
  const sealedSurfaces: SealedSurface[] = [];
  const purifications: Purification[] = [];
  const measureNodes: Measure[] = [];
  const facilities = [
    { businessId: 'SED-1500', type: 'sedimentShaft', value: 0.45, maxArea: 1500, bypassType: 'NoBypass' as const, regulationType: 'M153' as const },
    { businessId: 'HYD-2000', type: 'hydrodynamicSeparator', value: 0.6, maxArea: 2000, bypassType: 'Required' as const, regulationType: 'A102' as const },
  ];
  const groups = ['D', 'V1', 'V2', 'V3', 'BF', 'SD2'] as const;
  const pollution = ['F1', 'F2', 'F3', 'F4', 'F5', 'F6', 'F7'] as const;
  for (let m = 0; m < measures; m++) {
    const groundwater = m % 2 === 0;
    const drain = groundwater ? 'Groundwater' : 'Watercourse';
    const mId = `m${m}`;
    const pId = `p${m}`;
    const ids: string[] = [];
    for (let s = 0; s < surfacesPerMeasure; s++) {
      const id = `s${m}_${s}`;
      ids.push(id);
      const treated = s < Math.ceil(surfacesPerMeasure / 2);
      sealedSurfaces.push({
        id,
        name: `Fläche ${m}.${s}`,
        value: 100 + ((m * 37 + s * 91) % 900),
        drain,
        parentId: treated ? pId : mId,
        data: groundwater
          ? { runoff: 'concrete', cm: 0.9, cs: 1, groundPollutionM153: pollution[(m + s) % pollution.length]! }
          : { runoff: 'concreteBlockPaving', cm: 0.7, cs: 0.9, areaGroupA102: groups[(m + s) % groups.length]! },
      });
    }
    const treated = ids.slice(0, Math.ceil(surfacesPerMeasure / 2));
    purifications.push({
      id: pId,
      name: `Reinigung ${m}`,
      parentId: mId,
      sealedSurfaces: treated,
      data: groundwater
        ? { waterCategory: 'G12', purificationFacilityData: { businessId: 'SED-1500' }, purificationAboveGround: { proportion: 'FIFTEEN', pretreatmentOption: 'TOPSOIL_20CM' } }
        : { externalBypass: m % 4 === 1, purificationFacilityData: { businessId: 'HYD-2000' } },
    });
    measureNodes.push({
      id: mId,
      name: `Maßnahme ${m}`,
      value: 20 + m,
      sealedSurfaces: ids,
      data: measureData(m, groundwater),
    });
  }
  return {
    schemaVersion: 4,
    project: { name: 'Benchmark', airPollution: 'L2' },
    rainData: benchRainData(),
    purificationFacilities: facilities,
    waterflow: { sealedSurfaces, purifications, measures: measureNodes },
  };
}
