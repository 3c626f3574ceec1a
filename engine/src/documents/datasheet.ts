/**
 * A facility data sheet generated from the catalogue (decision 0199): where the operator supplies
 * no data sheet file for `/dataSheets/{file name}`, one A4 page with the catalogue's data of every
 * facility that names the file (type, M 153 type, throughput value D or efficiency η, maximum
 * connected area, bypass type, regulation), marked on the page as generated from the catalogue and
 * not the manufacturer's data sheet. Pure: a pdfmake definition; the api renders it.
 */
import type { TreatmentFacility } from '../model/purification.ts';
import type { Branding } from './branding.ts';
import { documentTranslator, formatDate, formatNumber, type DocumentLanguage, type Translate } from './labels/index.ts';
import { brandHead, COLORS, DEFAULT_STYLE, PAGE_MARGINS } from './kit/pdf.ts';

/** A data-sheet file name as the catalogue's `url` holds it: a plain name ending in .pdf. */
export const DATA_SHEET_FILE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,99}\.pdf$/;

/** The catalogue's facilities by data-sheet file name (facilities without a valid `url` are left out). */
export function dataSheetFiles(facilities: readonly TreatmentFacility[]): Map<string, TreatmentFacility[]> {
  const files = new Map<string, TreatmentFacility[]>();
  for (const f of facilities) {
    const name = f.url ?? undefined;
    if (name === undefined || !DATA_SHEET_FILE_NAME.test(name)) continue;
    const list = files.get(name) ?? [];
    list.push(f);
    files.set(name, list);
  }
  return files;
}

export interface DataSheetOptions {
  readonly language: DocumentLanguage;
  /** The date printed as "generated on" (and the PDF's dates). */
  readonly now: Date;
  readonly branding?: Branding | null | undefined;
  readonly t?: Translate | undefined;
}

/** The one-page data sheet of `fileName` from the facilities that name it. */
export function dataSheetDocument(fileName: string, facilities: readonly TreatmentFacility[], options: DataSheetOptions): Readonly<Record<string, unknown>> {
  const t = options.t ?? documentTranslator('report', options.language);
  const lang = options.language;
  const label = (key: string, fallback: string) => {
    const text = t(key);
    return text === key ? fallback : text;
  };
  const families = [...new Set(facilities.map((f) => label(`facilityType.${f.type}`, f.type)))];
  const branding = options.branding ?? null;
  const header = [t('datasheet.id'), t('datasheet.type'), t('datasheet.m153Type'), t('datasheet.value'), t('datasheet.maxArea'), t('datasheet.bypass'), t('datasheet.regulation')];
  const rows = facilities.map((f) => [
    f.businessId,
    label(`facilityType.${f.type}`, f.type),
    f.m153Type ?? '–',
    `${f.regulationType === 'A102' ? 'η' : 'D'} = ${formatNumber(f.value, lang, { decimals: 2 })}`,
    formatNumber(f.maxArea, lang, { decimals: 0 }),
    label(`datasheet.bypass.${f.bypassType}`, f.bypassType),
    f.regulationType === 'A102' ? 'DWA-A 102-2' : 'DWA-M 153',
  ]);
  return {
    pageSize: 'A4',
    pageOrientation: 'portrait',
    pageMargins: PAGE_MARGINS.report,
    info: { title: `${t('datasheet.title')} – ${fileName}`, creator: 'rainplan', producer: 'rainplan', creationDate: options.now, modDate: options.now },
    defaultStyle: DEFAULT_STYLE.report,
    content: [
      ...(branding === null ? [] : [brandHead(branding, { width: 150, height: 40 }, { color: COLORS.label, margin: [0, 12, 0, 0] }, [0, 0, 0, 12])]),
      { text: t('datasheet.title'), fontSize: 18, bold: true, color: COLORS.heading },
      { text: families.join(', '), fontSize: 12, margin: [0, 2, 0, 10] },
      { text: t('datasheet.generated', { date: formatDate(options.now, lang) }), bold: true, color: COLORS.warning, margin: [0, 0, 0, 10] },
      {
        table: { headerRows: 1, widths: ['*', '*', 40, 45, 55, 60, 55], body: [header.map((h) => ({ text: h, bold: true, fontSize: 8 })), ...rows.map((r) => r.map((c) => ({ text: c, fontSize: 8 })))] },
        layout: 'lightHorizontalLines',
      },
      { text: t('datasheet.explanation'), margin: [0, 10, 0, 0], color: COLORS.label },
    ],
    footer: { text: `${fileName} · ${t('datasheet.footer')}`, fontSize: 7.5, color: COLORS.footer, margin: [40, 16, 40, 0] },
  };
}
