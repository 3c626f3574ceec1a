import { ISSUE_MESSAGE_KEYS } from '@rainplan/engine';
import { describe, expect, it } from 'vitest';
import de from '../i18n/de/dimensioning.json';
import en from '../i18n/en/dimensioning.json';

const at = (tree: unknown, key: string): unknown => key.split('.').reduce<unknown>((node, part) => (node !== null && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined), tree);

describe('dimensioning.json', () => {
  it.each([['de', de] as const, ['en', en] as const])('translates every engine issue message key (%s)', (_language, tree) => {
    const missing = Object.values(ISSUE_MESSAGE_KEYS).filter((key) => typeof at(tree, key) !== 'string');
    expect(missing).toEqual([]);
  });
  it('has the assessment messages of the spec', () => {
    for (const key of ['passing', 'notPassing', 'useOptions']) expect(typeof at(de, key)).toBe('string');
  });
});
