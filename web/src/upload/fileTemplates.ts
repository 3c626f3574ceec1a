/**
 * The downloadable sealed-surface spreadsheet templates v1.1 (German and English), written by the
 * engine. (The custom rain data template v1.0 beside them, rainplan-rain-data-template-v1.0.csv,
 * belongs to the rain data upload of the project data screen.) They are static files in
 * web/public/file-templates/ (served under `config.fileTemplatesPath`, default /file-templates),
 * generated from these functions and kept equal by fileTemplates.test.ts
 * (`UPDATE_FILE_TEMPLATES=1 npx vitest run --project unit src/upload/fileTemplates.test.ts` rewrites them).
 * A UTF-8 byte-order mark is prepended so that Excel shows umlauts; the readers drop it.
 */
import { surfaceTemplateCsv } from '@rainplan/engine';

export const BOM = '\uFEFF';

/** File name → content of every template. */
export function fileTemplates(): Record<string, string> {
  return {
    'surface-template-v1.1-de.csv': BOM + surfaceTemplateCsv('de'),
    'surface-template-v1.1-en.csv': BOM + surfaceTemplateCsv('en'),
  };
}
