/**
 * What every section of the dimensioning report shares: the context (translate function, language,
 * the evaluated project, the options) and the report's small formatters — numbers in the report's
 * language, labels with a readable fallback, the verdict, an issue's text and the issue list.
 */
import type { Issue } from '../../issues.ts';
import type { GridMessage } from '../../boxgrid/messages.ts';
import { assertNever, type ProblemSeverity } from '../../problems.ts';
import { formatNumber, type DocumentLanguage, type LabelParams, type Translate } from '../labels/index.ts';
import { COLORS, paragraph, verdictNode, type PdfContent, type PdfNode } from '../kit/pdf.ts';
import type { EvaluatedProject, ReportOptions } from './reportDocument.ts';

/** Everything the section builders share. */
export interface Ctx {
  readonly t: Translate;
  readonly lang: DocumentLanguage;
  readonly input: EvaluatedProject;
  readonly options: ReportOptions;
}

/** A number in the report's language, 2 decimals unless told. */
export const num = (c: Ctx, v: number | undefined | null, decimals = 2): string => formatNumber(v, c.lang, { decimals });

/** A label that falls back to a readable value when the translation is missing. */
export function label(c: Ctx, key: string, fallback: string, params?: LabelParams): string {
  const text = c.t(key, params);
  return text === key ? fallback : text;
}

export function verdict(c: Ctx, passing: boolean | undefined): PdfNode {
  return verdictNode({ pass: c.t('result.pass'), fail: c.t('result.fail'), open: c.t('result.open') }, passing);
}

export function issueText(c: Ctx, issue: { readonly messageKey: string; readonly code: string; readonly params?: Readonly<Record<string, unknown>> | undefined }): string {
  const params: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(issue.params ?? {})) {
    if (typeof v === 'number') params[k] = formatNumber(v, c.lang, { decimals: Number.isInteger(v) ? 0 : 2 });
    else if (typeof v === 'string') params[k] = v;
    else if (v !== null && v !== undefined) params[k] = JSON.stringify(v);
  }
  if (typeof params['field'] === 'string') params['field'] = label(c, `field.${params['field']}`, params['field']);
  return label(c, issue.messageKey, issue.code, params);
}

/** The mark and colour of a problem's line: an error ✖ in the fail colour, a warning or a notice (`info`) ! in the warning colour. */
function severityMark(severity: ProblemSeverity): { readonly mark: string; readonly color: string } {
  switch (severity) {
    case 'error':
      return { mark: '✖', color: COLORS.fail };
    case 'warning':
    case 'info':
      return { mark: '!', color: COLORS.warning };
    default:
      return assertNever(severity, 'severity');
  }
}

export function issueList(c: Ctx, issues: readonly (Issue | GridMessage)[]): PdfContent {
  if (issues.length === 0) return paragraph(c.t('measure.noIssues'), { italics: true });
  return {
    ul: issues.map((i) => {
      const { mark, color } = severityMark(i.severity);
      return { text: `${mark} ${issueText(c, i)}`, color };
    }),
    margin: [0, 2, 0, 8],
  };
}
