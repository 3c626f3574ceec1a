/**
 * Text of an engine grid message (`@rainplan/engine/boxgrid` GridMessage): the engine's key
 * `configurator.<name>` is translated as `configurator:messages.<name>`; numeric params are
 * formatted in the UI language.
 */
import type { TFunction } from 'i18next';
import type { GridMessage } from '@rainplan/engine/boxgrid';
import { formatNumber } from '../../dimensioning/ui/format.ts';

export function gridMessageKey(message: Pick<GridMessage, 'messageKey'>): string {
  return `configurator:messages.${message.messageKey.replace(/^configurator\./, '')}`;
}

export function gridMessageText(t: TFunction, message: Pick<GridMessage, 'messageKey' | 'params'>, language: string): string {
  const lang = language;
  const params: Record<string, string> = {};
  for (const [k, v] of Object.entries(message.params)) params[k] = typeof v === 'number' ? formatNumber(v, lang, 3) : v;
  return t(gridMessageKey(message), params);
}
