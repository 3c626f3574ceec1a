/** The report's box configurations: facts, materials and checks, and each drawing on a landscape page (planning spec §9). */
import { formatDecimalString, headingName } from '../../labels/index.ts';
import { A4, fields, heading, PAGE_MARGINS, paragraph, svgSize, type PdfContent } from '../../kit/pdf.ts';
import { issueList, num, type Ctx } from '../context.ts';

const MARGINS = PAGE_MARGINS.report;
/** The drawing's box on a landscape A4 page (842 × 595 pt) inside the margins, below its heading, pt. */
const DRAWING_BOX = { width: A4.height - MARGINS[0] - MARGINS[2], height: A4.width - MARGINS[1] - MARGINS[3] - 40 } as const;

export function configurationsSection(c: Ctx): PdfContent[] {
  const list = c.options.configurations ?? [];
  const out: PdfContent[] = [heading(c.t('section.configurations'), 1, { pageBreak: true })];
  if (list.length === 0) return [...out, paragraph(c.t('config.none'), { italics: true })];
  const measures = new Map(c.input.evaluation.measures.map((m) => [m.id, m.name]));
  list.forEach((cfg, index) => {
    const v = cfg.volumes;
    out.push(heading(headingName(cfg.name), 2, { pageBreak: index > 0 }));
    const rows: [string, string][] = [
      [c.t('config.measure'), cfg.measureId === null ? c.t('config.custom') : (measures.get(cfg.measureId) ?? cfg.measureId)],
      [c.t('config.objective'), cfg.stormwaterObjective === null ? '–' : c.t(`config.objective.${cfg.stormwaterObjective}`)],
      [c.t('config.boxes'), `${num(c, v.boxCount, 0)} / ${num(c, v.shaftCount, 0)}`],
      [c.t('config.netVolume'), num(c, v.netVolumeM3, 3)],
      [c.t('config.grossVolume'), num(c, v.grossVolumeM3, 3)],
      [c.t('config.envelope'), `${num(c, v.lengthM)} × ${num(c, v.widthM)} × ${num(c, v.heightM)}`],
      [c.t('config.levels'), num(c, v.levels, 0)],
      [c.t('config.surfaceArea'), num(c, v.surfaceAreaM2)],
      [c.t('config.pit'), num(c, v.pit.volumeM3, 3)],
      [c.t('config.cover'), num(c, v.coverDepthM)],
    ];
    if (cfg.materials !== null) {
      rows.push([c.t('config.foil'), formatDecimalString(cfg.materials.foilM2, c.lang)], [c.t('config.fleece'), formatDecimalString(cfg.materials.fleeceM2, c.lang)], [c.t('config.geotextile'), formatDecimalString(cfg.materials.geotextileM2, c.lang)]);
    } else {
      rows.push([c.t('config.foil'), num(c, v.foilAreaM2)], [c.t('config.fleece'), num(c, v.fleeceAreaM2)], [c.t('config.geotextile'), num(c, v.geotextileAreaM2)]);
    }
    out.push(fields(rows));
    if (cfg.messages.length > 0) out.push({ text: c.t('config.checks'), style: 'h4' }, issueList(c, cfg.messages));
    // Each view on its own landscape page (planning spec §9), headed by the configuration's name.
    for (const view of ['top', 'front', 'side'] as const) {
      out.push(
        heading(c.t('config.drawingTitle', { name: headingName(cfg.name), view: c.t(`config.${view}`) }), 2, { pageBreak: true, orientation: 'landscape', toc: false }),
        { svg: cfg.drawings[view], ...svgSize(cfg.drawings[view], DRAWING_BOX.width, DRAWING_BOX.height), margin: [0, 4, 0, 0] },
      );
    }
  });
  return out;
}
