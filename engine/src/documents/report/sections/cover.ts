/**
 * The report's cover page (the operator's logo and company when branded, title, project facts),
 * the message page of a report that cannot be made, and the sales-contact directory (planning spec
 * §9: four regional columns).
 */
import type { Branding } from '../../branding.ts';
import { formatDate, formatNumber } from '../../labels/index.ts';
import { brandHead, COLORS, fields, heading, paragraph, type PdfContent, type PdfNode } from '../../kit/pdf.ts';
import type { Ctx } from '../context.ts';
import type { ReportProblem } from '../reportDocument.ts';

export function cover(c: Ctx): PdfContent[] {
  const { project, evaluation } = c.input;
  const p = project.project;
  const address = p.location?.address?.trim();
  const client = p.clientData;
  const clientText = [client?.name, [client?.street, client?.streetNo].filter(Boolean).join(' '), [client?.zipCode, client?.city].filter(Boolean).join(' ')]
    .filter((s) => s !== undefined && s !== '')
    .join(', ');
  const notGiven = c.t('cover.notGiven');
  const rows: [string, string][] = [
    [c.t('cover.project'), p.name],
    [c.t('cover.address'), address !== undefined && address !== '' ? address : notGiven],
  ];
  if (p.location !== undefined && p.location !== null) {
    rows.push([c.t('cover.coordinates'), `${formatNumber(p.location.latitude, c.lang, { decimals: 5 })}, ${formatNumber(p.location.longitude, c.lang, { decimals: 5 })}`]);
  }
  rows.push(
    [c.t('cover.client'), clientText !== '' ? clientText : notGiven],
    [c.t('cover.planner'), c.options.planner !== undefined && c.options.planner.trim() !== '' ? c.options.planner.trim() : notGiven],
    [c.t('cover.date'), formatDate(c.options.now, c.lang)],
    [c.t('cover.software'), c.t('cover.softwareValue', { app: c.options.appVersion, engine: evaluation.engineVersion })],
    [c.t('cover.ruleEdition'), evaluation.ruleEdition],
  );
  if (p.comment !== undefined && p.comment !== null && p.comment.trim() !== '') rows.push([c.t('cover.comment'), p.comment.trim()]);
  const branding = c.options.branding ?? null;
  return [
    ...(branding === null
      ? []
      : [brandHead(branding, { width: 180, height: 60 }, { style: 'subtitle', margin: [0, 16, 0, 0] })]),
    { text: c.t('report.title'), style: 'title', margin: [0, branding === null ? 120 : 60, 0, 8] },
    { text: c.t('report.subtitle'), style: 'subtitle', margin: [0, 0, 0, 40] },
    fields(rows),
  ];
}

export function messagePage(c: Ctx, problems: readonly ReportProblem[]): PdfContent[] {
  const out: PdfContent[] = [heading(c.t('section.message'), 1, { pageBreak: true, toc: false })];
  for (const p of problems) {
    if (p.code === 'RAIN_DATA_MISSING') {
      out.push(paragraph(c.t('message.rainMissing'), { bold: true }), paragraph(c.t('message.rainMissingAction')));
    } else {
      out.push(paragraph(c.t('message.facilityMissing', { facility: p.facility, purification: p.purification }), { bold: true }), paragraph(c.t('message.facilityMissingAction')));
    }
  }
  return out;
}

/** The sales-contact directory of the branding (planning spec §9: a contact directory in four regional columns); none without a branding. */
export function contactsSection(c: Ctx): PdfContent[] {
  const branding = c.options.branding ?? null;
  if (branding === null) return [];
  const column = (r: Branding['regions'][number]): PdfNode => ({
    width: '*',
    stack: [
      { text: r.region, style: 'h3' },
      ...r.contacts.map((p) => ({ stack: [{ text: p.name, bold: true }, p.role, p.phone, p.email], margin: [0, 0, 0, 6], fontSize: 8 })),
    ],
  });
  const out: PdfContent[] = [heading(c.t('section.contacts'), 1, { pageBreak: true }), paragraph(`${branding.company} · ${branding.address}`), { columns: branding.regions.map(column), columnGap: 12 }];
  if (branding.notice !== null) out.push(paragraph(branding.notice[c.lang], { italics: true, color: COLORS.warning, margin: [0, 12, 0, 0] }));
  return out;
}
