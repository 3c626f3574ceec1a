/**
 * The dimensioning report as a pdfmake document definition (docs/documents.md "Dimensioning
 * report"): cover page, table of contents, site and rain data, connected surfaces, treatment
 * assessments (DWA-M 153, DWA-A 102-2), every measure with its inputs, results, checks and the
 * volume-per-duration chart, flooding checks (per measure and DIN 1986-100 for the site), box
 * configurations with their drawings, and the bill of materials summary; page numbers in the
 * footer. Pure: the numbers are the engine's (`evaluate()` and the evaluation's functions: the
 * measure verdict, the infiltration area, the site's DIN 1986-100 check), formatted once with the
 * document's language; the words come from the translate function (labels/report.<lang>.json by
 * default). Each section is a file of `sections/`; the page frame, styles and blocks are the
 * document kit's (`../kit/pdf.ts`), shared with the mass list, the variant comparison and the data sheet.
 *
 * When the report cannot be made meaningfully (no rain data, a purification whose treatment
 * facility is unknown) it is a cover page and a message page naming each problem and the way
 * forward, never a file with holes.
 *
 * The definition is plain data except `footer`, a function of the page number (pdfmake's way to
 * print "page n of m"); build it where it is rendered (the CLI, the documents worker).
 */
import type { Evaluation } from '../../evaluate/types.ts';
import type { Project } from '../../model/project.ts';
import type { BillOfMaterials } from '../../bom/types.ts';
import type { ConfigurationVolumes } from '../../boxgrid/volumes.ts';
import type { DrawingView } from '../../boxgrid/drawing.ts';
import type { GridMessage } from '../../boxgrid/messages.ts';
import { documentTranslator, formatNumber, headingName, type DocumentLanguage, type Translate } from '../labels/index.ts';
import type { Branding } from '../branding.ts';
import { COLORS, DEFAULT_STYLE, documentStyles, PAGE_MARGINS, type PdfContent, type PdfNode } from '../kit/pdf.ts';
import type { Ctx } from './context.ts';
import { billSection } from './sections/bill.ts';
import { configurationsSection } from './sections/configurations.ts';
import { contactsSection, cover, messagePage } from './sections/cover.ts';
import { floodingSection } from './sections/flooding.ts';
import { measuresSection } from './sections/measures.ts';
import { siteSection, surfacesSection } from './sections/site.ts';
import { summarySection } from './sections/summary.ts';
import { treatmentSection } from './sections/treatment.ts';

export type { PdfContent, PdfNode } from '../kit/pdf.ts';
export { measurePassing } from '../../evaluate/measureVerdict.ts';

/** A pdfmake document definition as the report builds it. */
export interface ReportDocumentDefinition {
  readonly pageSize: 'A4';
  readonly pageOrientation: 'portrait';
  readonly pageMargins: readonly [number, number, number, number];
  readonly info: { readonly title: string; readonly subject: string; readonly creator: string; readonly producer: string; readonly creationDate: Date; readonly modDate: Date };
  readonly content: PdfContent[];
  readonly styles: Readonly<Record<string, PdfNode>>;
  readonly defaultStyle: PdfNode;
  readonly footer: (currentPage: number, pageCount: number) => PdfContent;
}

/** A box configuration as the report shows it (see `reportInputs`). */
export interface ReportConfiguration {
  readonly id: string;
  readonly name: string;
  readonly measureId: string | null;
  readonly stormwaterObjective: 'retention' | 'infiltration' | null;
  readonly volumes: ConfigurationVolumes;
  /** Foil, fleece and geotextile in sales units, m² (decimal strings of the bill), when a catalogue was given. */
  readonly materials: { readonly foilM2: string; readonly fleeceM2: string; readonly geotextileM2: string } | null;
  /** SVG drawings (engine/src/boxgrid/drawing.ts) in the document's language. */
  readonly drawings: Readonly<Record<DrawingView, string>>;
  /** Items skipped on load and the level checks. */
  readonly messages: readonly GridMessage[];
}

/** The evaluated project: the project file and `evaluate(project)` of it. */
export interface EvaluatedProject {
  readonly project: Project;
  readonly evaluation: Evaluation;
}

export interface ReportOptions {
  readonly language: DocumentLanguage;
  /** Translate function; default: the shipped labels (labels/report.<lang>.json). */
  readonly t?: Translate | undefined;
  /** Box configurations with their volumes and drawings (default none). */
  readonly configurations?: readonly ReportConfiguration[] | undefined;
  /** Bill of materials (grouped by measure, with prices); null or absent: the section says so. */
  readonly bill?: BillOfMaterials | null | undefined;
  /** Date of the report (cover page, PDF metadata). */
  readonly now: Date;
  /** Version of the app making the report (rainplan web or CLI). */
  readonly appVersion: string;
  /** Name of the planner (the signed-in user, `--planner`); "not given" when absent. */
  readonly planner?: string | undefined;
  /** The operator's branding (logo on the cover, the sales-contact directory); absent: neither. */
  readonly branding?: Branding | null | undefined;
}

/** Why a report is only a message page. */
export type ReportProblem =
  | { readonly code: 'RAIN_DATA_MISSING' }
  | { readonly code: 'FACILITY_MISSING'; readonly purification: string; readonly facility: string };

const MARGINS = PAGE_MARGINS.report;

/**
 * The problems that make a report meaningless: measures but no rain series with a value (nothing
 * can be sized), or a purification whose chosen treatment facility is not in the facility list.
 */
export function reportProblems(input: EvaluatedProject): ReportProblem[] {
  const problems: ReportProblem[] = [];
  const rain = input.project.rainData;
  const hasRain = rain !== undefined && rain !== null && rain.raindataSeries.some((s) => s.valuesForDurations.some((v) => v.value > 0));
  // Without measures nothing is sized: the surfaces and assessments need no rain.
  if (!hasRain && input.evaluation.measures.length > 0) problems.push({ code: 'RAIN_DATA_MISSING' });
  for (const issue of input.evaluation.issues) {
    if (issue.code !== 'UNKNOWN_FACILITY') continue;
    const p = input.evaluation.purifications.find((x) => x.id === issue.nodeId);
    const facility = issue.params?.['businessId'];
    problems.push({ code: 'FACILITY_MISSING', purification: p?.name ?? String(issue.nodeId), facility: typeof facility === 'string' || typeof facility === 'number' ? String(facility) : '?' });
  }
  return problems;
}

/** The report's styles (the document kit's). */
const STYLES = documentStyles(['title', 'subtitle', 'h1', 'h2', 'h3', 'h4', 'toc1', 'toc2', 'tableHeader', 'table', 'fieldLabel', 'calcPart', 'calcLine', 'calcResult']);

/**
 * The dimensioning report of an evaluated project as a pdfmake document definition.
 *
 * ```ts
 * const evaluation = evaluate(project);
 * const definition = reportDocument({ project, evaluation }, { language: 'de', now: new Date(), appVersion: '0.1.0' });
 * ```
 */
export function reportDocument(input: EvaluatedProject, options: ReportOptions): ReportDocumentDefinition {
  const t = options.t ?? documentTranslator('report', options.language);
  const c: Ctx = { t, lang: options.language, input, options };
  const problems = reportProblems(input);
  const content: PdfContent[] = [...cover(c)];
  if (problems.length > 0) {
    content.push(...messagePage(c, problems));
  } else {
    content.push({ toc: { title: { text: t('report.toc'), style: 'h1' } }, pageBreak: 'before' });
    content.push(...siteSection(c), ...surfacesSection(c), ...treatmentSection(c), ...measuresSection(c), ...floodingSection(c), ...configurationsSection(c), ...billSection(c), ...summarySection(c), ...contactsSection(c));
  }
  const title = `${t('report.title')} – ${input.project.project.name}`;
  const footerLeft = t('report.footer', { project: headingName(input.project.project.name) });
  return {
    pageSize: 'A4',
    pageOrientation: 'portrait',
    pageMargins: MARGINS,
    info: { title, subject: t('report.subtitle'), creator: `rainplan ${options.appVersion}`, producer: `rainplan engine ${input.evaluation.engineVersion}`, creationDate: options.now, modDate: options.now },
    content,
    styles: STYLES,
    defaultStyle: DEFAULT_STYLE.report,
    footer: (currentPage: number, pageCount: number) => ({
      columns: [
        { text: footerLeft, alignment: 'left' },
        { text: t('report.page', { page: formatNumber(currentPage, options.language, { decimals: 0 }), pages: formatNumber(pageCount, options.language, { decimals: 0 }) }), alignment: 'right' },
      ],
      margin: [MARGINS[0], 16, MARGINS[2], 0],
      fontSize: 7.5,
      color: COLORS.footer,
    }),
  };
}
