/** The report's summary: the project's counts and totals, the groundwater checks, and a verdict row per measure. */
import { measurePassing } from '../../../evaluate/measureVerdict.ts';
import { headingName } from '../../labels/index.ts';
import { dataTable, fields, heading, type PdfContent } from '../../kit/pdf.ts';
import { num, verdict, type Ctx } from '../context.ts';
import { groundwaterSummaryRow } from '../groundwaterClearance.ts';

export function summarySection(c: Ctx): PdfContent[] {
  const { evaluation } = c.input;
  const s = evaluation.summary;
  const required = evaluation.measures.reduce((a, m) => a + (m.requiredVolume ?? 0), 0);
  const available = evaluation.measures.reduce((a, m) => a + (m.value ?? 0), 0);
  const out: PdfContent[] = [
    heading(c.t('section.summary'), 1, { pageBreak: true }),
    fields([
      [c.t('summary.surfaces'), num(c, s.surfaceCount, 0)],
      [c.t('summary.purifications'), num(c, s.purificationCount, 0)],
      [c.t('summary.measures'), num(c, s.measureCount, 0)],
      [c.t('summary.totalArea'), num(c, s.totalAreaM2)],
      [c.t('summary.totalAC'), num(c, s.totalACM2)],
      [c.t('summary.requiredVolume'), num(c, required)],
      [c.t('summary.availableVolume'), num(c, available)],
      [c.t('summary.errors'), num(c, s.errorCount, 0)],
      [c.t('summary.warnings'), num(c, s.warningCount, 0)],
      ...[groundwaterSummaryRow(s, c.t)].filter((row) => row !== null),
    ]),
  ];
  if (evaluation.measures.length > 0) {
    out.push(
      dataTable(
        [c.t('flooding.measure'), c.t('measure.ac'), c.t('measure.requiredVolume'), c.t('measure.availableVolume'), c.t('measure.verdict')],
        evaluation.measures.map((m) => [headingName(m.name), num(c, m.AC), num(c, m.requiredVolume), num(c, m.value), verdict(c, measurePassing(m))]),
        [false, true, true, true, false],
        ['*', 60, 80, 80, 60],
      ),
    );
  }
  return out;
}
