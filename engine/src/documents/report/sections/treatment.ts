/** The report's treatment assessments: one page per purification with DWA-M 153, DWA-A 102-2, the calculation path, the facility and the verdict. */
import type { PurificationResult } from '../../../evaluate/types.ts';
import { GROUND_POLLUTION } from '../../../tables/m153.ts';
import { headingName } from '../../labels/index.ts';
import { dataTable, fields, heading, paragraph, type PdfContent } from '../../kit/pdf.ts';
import { purificationCalculationPath } from '../calculationPath.ts';
import { issueList, label, num, verdict, type Ctx } from '../context.ts';

function m153Part(c: Ctx, r: PurificationResult): PdfContent[] {
  const m = r.m153;
  if (m === undefined) return [];
  const { project } = c.input;
  const purification = project.waterflow.purifications.find((p) => p.id === r.id);
  const surfaces = new Map(project.waterflow.sealedSurfaces.map((s) => [s.id, s]));
  const out: PdfContent[] = [
    { text: c.t('treatment.m153'), style: 'h4' },
    fields([
      [c.t('treatment.acTotal') + ' [m²]', num(c, r.AC)],
      [c.t('treatment.airPollution'), m.airPollutionPoints === undefined ? '–' : num(c, m.airPollutionPoints, 0)],
      [c.t('treatment.waterCategory'), purification?.data.waterCategory === undefined || purification.data.waterCategory === null ? '–' : `${label(c, `waterCategory.${purification.data.waterCategory}`, purification.data.waterCategory)}`],
    ]),
  ];
  if (m.surfaces.length > 0) {
    out.push(
      dataTable(
        [c.t('treatment.surface'), 'A_u,i [m²]', c.t('treatment.areaShare'), c.t('treatment.pollution'), c.t('treatment.load')],
        m.surfaces.map((s) => {
          const surface = surfaces.get(s.surfaceId);
          const f = surface?.data.groundPollutionM153 ?? undefined;
          return [headingName(surface?.name ?? s.surfaceId), num(c, s.area), num(c, s.areaShare, 3), f === undefined ? '–' : label(c, `groundPollution.${f}`, f), num(c, s.dischargedLoad)];
        }),
        [false, true, true, false, true],
      ),
    );
  }
  out.push(
    fields([
      [c.t('treatment.dischargedLoad'), num(c, m.dischargedLoad)],
      [c.t('treatment.factor'), num(c, m.combinedFactor, 3)],
      [c.t('treatment.emission'), num(c, m.emission)],
      [c.t('treatment.throughput'), num(c, m.throughputValue, 3)],
      [c.t('treatment.needed'), m.treatmentNeeded === undefined ? '–' : c.t(m.treatmentNeeded ? 'yes' : 'no')],
    ]),
  );
  return out;
}

function a102Part(c: Ctx, r: PurificationResult): PdfContent[] {
  const a = r.a102;
  if (a === undefined) return [];
  const d = a.data;
  const out: PdfContent[] = [{ text: c.t('treatment.a102'), style: 'h4' }];
  const categories = (['I', 'II', 'III'] as const).map((k) => [k, d[`category${k}`]] as const).filter(([, b]) => b !== undefined && b !== null);
  if (categories.length > 0) {
    out.push(
      dataTable(
        [c.t('treatment.category'), c.t('treatment.categoryArea'), c.t('treatment.categoryShare'), c.t('treatment.categoryAblation')],
        categories.map(([k, b]) => [k, num(c, b!.area), num(c, b!.areaProportion, 3), num(c, b!.totalAblation)]),
        [false, true, true, true],
      ),
    );
  }
  out.push(
    fields([
      [c.t('treatment.totalAblation'), num(c, d.totalAblation)],
      [c.t('treatment.areaSpecificAblation'), num(c, d.areaSpecificAblation)],
      [c.t('treatment.permittedAblation'), num(c, d.permittedAblation)],
      [c.t('treatment.bypass'), num(c, d.ablationOfBypass)],
      [c.t('treatment.intake'), num(c, d.intakeWithBypass)],
      [c.t('treatment.requiredRestraint'), num(c, a.requiredRestraint)],
      [c.t('treatment.requiredEfficiency'), num(c, a.requiredEfficiency, 3)],
    ]),
  );
  return out;
}

export function treatmentSection(c: Ctx): PdfContent[] {
  const { project, evaluation } = c.input;
  const out: PdfContent[] = [heading(c.t('section.treatment'), 1, { pageBreak: true })];
  if (evaluation.purifications.length === 0) return [...out, paragraph(c.t('treatment.none'), { italics: true })];
  const facilities = project.purificationFacilities ?? [];
  // One page per purification (planning spec §9); the first shares the section's page.
  evaluation.purifications.forEach((r, index) => {
    out.push(heading(headingName(r.name), 2, { pageBreak: index > 0 }));
    out.push(...m153Part(c, r), ...a102Part(c, r));
    const pollution = new Map(project.waterflow.sealedSurfaces.map((x) => [x.id, x.data.groundPollutionM153 ?? undefined]));
    out.push(...purificationCalculationPath(r, { t: c.t, language: c.lang }, (id) => GROUND_POLLUTION.find((g) => g.id === pollution.get(id))?.points));
    const chosen = project.waterflow.purifications.find((p) => p.id === r.id)?.data.purificationFacilityData?.businessId;
    const facility = chosen === undefined ? undefined : facilities.find((f) => f.businessId === chosen);
    const facilityName = chosen === undefined ? c.t('treatment.noFacility') : facility === undefined ? chosen : `${label(c, `facilityType.${facility.type}`, facility.type)} (${facility.businessId}${facility.m153Type !== undefined && facility.m153Type !== null ? `, ${facility.m153Type}` : ''})`;
    out.push(
      fields([
        [c.t('treatment.facility'), facilityName],
        [c.t('treatment.neededAmount'), r.neededAmount === undefined ? '–' : num(c, r.neededAmount, 0)],
        [c.t('treatment.result'), r.passing === undefined ? { text: c.t('treatment.notAssessed'), italics: true } : verdict(c, r.passing)],
      ]),
    );
    const issues = evaluation.issues.filter((i) => i.nodeId === r.id);
    if (issues.length > 0) out.push(issueList(c, issues));
  });
  return out;
}
