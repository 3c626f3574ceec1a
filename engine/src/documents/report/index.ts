/** The dimensioning report (docs/documents.md): pure builders of its pdfmake document definition. */
export { reportDocument, reportProblems, measurePassing } from './reportDocument.ts';
export type { EvaluatedProject, PdfContent, PdfNode, ReportConfiguration, ReportDocumentDefinition, ReportOptions, ReportProblem } from './reportDocument.ts';
export { reportInputs } from './inputs.ts';
export type { ReportInputOptions, ReportInputs } from './inputs.ts';
export { volumeChartSvg } from './chart.ts';
export type { ChartOptions, ChartSeries } from './chart.ts';
export { rainUncertaintyBandLine } from './uncertaintyHook.ts';
export type { UncertaintyHookContext } from './uncertaintyHook.ts';
