import type { Measure, Project, Purification, SealedSurface } from '../src/index.ts';

/**
 * A deterministic project of `measures` measures, each with `surfacesPerMeasure` surfaces of
 * which the first half pass through one purification per measure. Alternates groundwater
 * (M 153) and watercourse (A 102-2) drains. Default: 50 measures × 3 surfaces + 50
 * purifications = 250 nodes.
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
      data: {
        installationTarget: 'Infiltration',
        installationVariant: 'infiltrationTank',
        infiltrationTankType: 'Box',
        soilData: 'S3',
        permeabilityCoefficientX: 1.04,
        permeabilityCoefficientY: 4,
        recurrenceInterval: 5,
        safetyMargin: 20,
        throttleDischarge: 0,
        dimensioningInfiltrationTank: { width: 1.6, length: 8, levels: 1, height: 0.66, storageCoefficient: 95 },
      },
    });
  }
  return {
    schemaVersion: 1,
    project: { name: 'Benchmark', airPollution: 'L2' },
    purificationFacilities: facilities,
    waterflow: { sealedSurfaces, purifications, measures: measureNodes },
  };
}
