/** The report's flooding checks: per measure, and DIN 1986-100 eqs. 20 and 21 for the site with their calculation path. */
import { siteFloodingCheck } from '../../../evaluate/siteFlooding.ts';
import { headingName } from '../../labels/index.ts';
import { dataTable, fields, heading, paragraph, type PdfContent, type PdfNode } from '../../kit/pdf.ts';
import { din1986CalculationPath } from '../calculationPath.ts';
import { num, verdict, type Ctx } from '../context.ts';

export function floodingSection(c: Ctx): PdfContent[] {
  const { evaluation } = c.input;
  const out: PdfContent[] = [heading(c.t('section.flooding'), 1, { pageBreak: true }), heading(c.t('flooding.perMeasure'), 2)];
  let informationRows = 0;
  const rows = evaluation.measures.map((m) => {
    const d = m.data;
    const volume = d.floodingVolume ?? d.floodingVolumeInfiltrationTank ?? undefined;
    // calculated without the verification (calculate flooding, decision 0216): the figures, marked as information, no verdict
    const information = !m.floodingVerification;
    if (information && volume === undefined) return [headingName(m.name), { text: c.t('flooding.notRequested'), italics: true }, '–', '–', '–', '–', '–'];
    if (information) informationRows++;
    const extra = d.extraVolume ?? d.extraVolumeInfiltrationTank ?? undefined;
    const passing = volume === undefined ? undefined : extra === undefined ? undefined : extra <= 0;
    return [
      headingName(m.name),
      information ? { text: c.t('flooding.information'), italics: true } : verdict(c, passing),
      num(c, d.recurrenceIntervalFloodingVerification, 0),
      num(c, d.durationFlooding ?? d.durationFloodingInfiltrationTank, 0),
      num(c, volume),
      num(c, m.value),
      num(c, extra),
    ];
  });
  if (rows.length === 0) out.push(paragraph(c.t('flooding.none'), { italics: true }));
  else
    out.push(
      dataTable(
        [c.t('flooding.measure'), c.t('flooding.required'), c.t('flooding.interval'), c.t('flooding.duration'), c.t('flooding.volume'), c.t('flooding.available'), c.t('flooding.extra')],
        rows as (string | PdfNode)[][],
        [false, false, true, true, true, true, true],
        ['*', 55, 35, 40, 55, 55, 60],
      ),
    );
  if (informationRows > 0) out.push(paragraph(c.t('flooding.informationNote'), { italics: true }));
  out.push(heading(c.t('flooding.site'), 2));
  const { params, result } = siteFloodingCheck(c.input.project, c.input.evaluation);
  const site: [string, string | PdfNode][] = [
    [c.t('flooding.siteTotalArea'), num(c, params.total)],
    [c.t('flooding.siteRoofArea'), num(c, params.roof)],
    [c.t('flooding.siteRoofCs'), num(c, params.roofCs)],
    [c.t('flooding.sitePavedArea'), num(c, params.paved)],
    [c.t('flooding.sitePavedCs'), num(c, params.pavedCs)],
    [c.t('flooding.siteAc'), num(c, params.ac)],
    [c.t('flooding.siteRequired'), result.required === undefined ? '–' : c.t(result.required ? 'yes' : 'no')],
  ];
  if (result.volumeM3 === undefined) {
    out.push(fields(site), paragraph(c.t('flooding.siteNotComputable'), { italics: true }));
    return out;
  }
  // Eq. 21 needs the full-flow capacity Q_full of the site's drain, which the project does not hold
  // (nor can it be derived from the measures' throttle discharges): say exactly what is missing (decision 0154).
  const eq21 = result.eq21.volumeM3;
  site.push(
    [c.t('flooding.eq20', { d: num(c, result.eq20.durationMin, 0) }), num(c, result.eq20.volumeM3)],
    [c.t('flooding.eq21'), eq21 === undefined ? { text: c.t('flooding.eq21Skipped'), italics: true } : num(c, eq21)],
    [c.t(eq21 === undefined ? 'flooding.governingEq20Only' : 'flooding.governing'), { text: num(c, result.volumeM3), bold: true }],
  );
  out.push(fields(site));
  const r2 = (d: number) => c.input.project.rainData?.raindataSeries.find((x) => x.annuality === 2)?.valuesForDurations.find((v) => v.duration === d)?.value;
  out.push(...din1986CalculationPath(params, result, r2, { t: c.t, language: c.lang }));
  if (eq21 === undefined) out.push(paragraph(c.t('flooding.eq21Missing', { area: num(c, params.total) }), { italics: true }));
  return out;
}
