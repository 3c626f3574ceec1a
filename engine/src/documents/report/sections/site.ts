/** The report's site and rain data (dataset, cell, attribution, the rain table) and the connected surfaces. */
import { kostraAttributionLine } from '../../../rain/attribution.ts';
import { ANNUALITIES_A, RAIN_DURATIONS_MIN } from '../../../tables/rain.ts';
import { dataTable, fields, heading, paragraph, type PdfContent } from '../../kit/pdf.ts';
import { label, num, type Ctx } from '../context.ts';

export function siteSection(c: Ctx): PdfContent[] {
  const { project, evaluation } = c.input;
  const rain = project.rainData;
  const stamp = rain?.source ?? evaluation.rainDataset;
  const out: PdfContent[] = [heading(c.t('section.site'), 1, { pageBreak: true })];
  const rows: [string, string][] = [];
  if (stamp === null || stamp === undefined) {
    rows.push([c.t('site.dataset'), c.t('cover.notGiven')]);
  } else if (stamp.edition === 'custom') {
    rows.push([c.t('site.dataset'), c.t('site.customRain')], [c.t('site.attribution'), c.t('site.customSource')]);
  } else {
    rows.push([c.t('site.dataset'), stamp.edition]);
    rows.push([c.t('site.cell'), stamp.cell ?? (rain?.kostraCell !== undefined && rain.kostraCell !== null ? `${rain.kostraCell.row} / ${rain.kostraCell.column}` : c.t('cover.notGiven'))]);
    const attribution = kostraAttributionLine(stamp.edition);
    if (attribution !== undefined) rows.push([c.t('site.attribution'), attribution]);
  }
  const air = project.project.airPollution;
  if (air !== undefined && air !== null) rows.push([c.t('site.airPollution'), label(c, `airPollution.${air}`, air)]);
  out.push(fields(rows));
  out.push(heading(c.t('site.rainTable'), 3));
  const series = rain?.raindataSeries ?? [];
  const annualities = ANNUALITIES_A.filter((a) => series.some((s) => s.annuality === a));
  if (annualities.length === 0) {
    out.push(paragraph(c.t('site.noRainTable'), { italics: true }));
    return out;
  }
  const value = (a: number, d: number): string => {
    const v = series.find((s) => s.annuality === a)?.valuesForDurations.find((x) => x.duration === d)?.value;
    return v === undefined || v <= 0 ? '–' : num(c, v, 1);
  };
  const durations = RAIN_DURATIONS_MIN.filter((d) => series.some((s) => s.valuesForDurations.some((v) => v.duration === d && v.value > 0)));
  out.push({
    ...dataTable(
      [c.t('site.duration'), ...annualities.map((a) => c.t('site.annuality', { t: a }))],
      durations.map((d) => [num(c, d, 0), ...annualities.map((a) => value(a, d))]),
      [true, ...annualities.map(() => true)],
    ),
    fontSize: 7,
  });
  return out;
}

export function surfacesSection(c: Ctx): PdfContent[] {
  const { project, evaluation } = c.input;
  const out: PdfContent[] = [heading(c.t('section.surfaces'), 1, { pageBreak: true })];
  if (evaluation.sealedSurfaces.length === 0) return [...out, paragraph(c.t('surfaces.none'), { italics: true })];
  const byId = new Map(project.waterflow.sealedSurfaces.map((s) => [s.id, s]));
  const rows = evaluation.sealedSurfaces.map((r) => {
    const data = byId.get(r.id)?.data;
    const runoff = data?.runoff ?? undefined;
    return [
      r.name,
      num(c, r.areaM2),
      runoff === undefined ? '–' : label(c, `runoff.${runoff}`, runoff),
      num(c, data?.cm),
      num(c, data?.cs),
      num(c, r.AC),
      r.drain === undefined ? '–' : label(c, `drain.${r.drain}`, r.drain),
    ];
  });
  rows.push([
    { text: c.t('surfaces.total'), bold: true } as unknown as string,
    { text: num(c, evaluation.summary.totalAreaM2), bold: true } as unknown as string,
    '',
    '',
    '',
    { text: num(c, evaluation.summary.totalACM2), bold: true } as unknown as string,
    '',
  ]);
  out.push(
    dataTable(
      [c.t('surfaces.name'), c.t('surfaces.area'), c.t('surfaces.runoff'), c.t('surfaces.cm'), c.t('surfaces.cs'), c.t('surfaces.ac'), c.t('surfaces.drain')],
      rows,
      [false, true, false, true, true, true, false],
      ['*', 50, '*', 30, 30, 50, 70],
    ),
  );
  return out;
}
