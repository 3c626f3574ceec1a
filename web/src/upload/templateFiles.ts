/** Names and URLs of the downloadable templates (static files under `config.fileTemplatesPath`; see fileTemplates.ts). */
import { config } from '../config.ts';

export const SURFACE_TEMPLATE_FILES = { de: 'surface-template-v1.1-de.csv', en: 'surface-template-v1.1-en.csv' } as const;

export function templateUrl(file: string): string {
  return `${config.fileTemplatesPath}/${file}`;
}
