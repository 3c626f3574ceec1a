/**
 * Display names of catalogue data (property sets, options, item types, plants) in the UI
 * language: the catalogue's `label.{de,en}` when present, else its `name`.
 */
import type { LocalizedText } from '@rainplan/engine/boxgrid';

export function localized(item: { readonly name?: string | undefined; readonly label?: LocalizedText | undefined }, language: string, fallback = ''): string {
  const label = item.label;
  if (label !== undefined) return language.startsWith('en') ? label.en || label.de : label.de || label.en;
  return item.name ?? fallback;
}
