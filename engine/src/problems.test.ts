import { describe, expect, it } from 'vitest';
import { BILL_ISSUE_CODES, BILL_ISSUE_MESSAGE_KEYS } from './bom/types.ts';
import { createHistory, redo, undo } from './boxgrid/history.ts';
import { GRID_MESSAGE_CODES, GRID_MESSAGE_KEYS, GRID_NOTICE_CODES, gridMessage, gridNotice, type GridMessage } from './boxgrid/messages.ts';
import { CATALOGUE_ERROR_CODES, CATALOGUE_ERROR_MESSAGE_KEYS, parseCatalogue } from './catalogue/catalogue.ts';
import { BRANDING_ERROR_CODES, BRANDING_ERROR_MESSAGE_KEYS, parseBranding } from './documents/branding.ts';
import { GAEB_ISSUE_CODES, GAEB_ISSUE_MESSAGE_KEYS } from './documents/gaeb/types.ts';
import { EngineError } from './errors.ts';
import { ISSUE_CODES, ISSUE_MESSAGE_KEYS } from './issues.ts';
import { assertNever, type MessageKeys, type Problem, type ProblemSeverity } from './problems.ts';
import { PARSE_ERROR_CODES, PARSE_ERROR_MESSAGE_KEYS, parseProject } from './project/parseProject.ts';
import { parseCustomRainRows } from './rain/customRain.ts';
import { RAIN_DATA_ERROR_CODES, RAIN_DATA_ERROR_MESSAGE_KEYS } from './rain/errors.ts';
import { parseSurfaceRows } from './surfaceTemplate/parse.ts';
import { SURFACE_TEMPLATE_ERROR_CODES, SURFACE_TEMPLATE_ERROR_REASONS, SURFACE_TEMPLATE_WARNING_MESSAGE_KEYS } from './surfaceTemplate/problems.ts';

const isProblem = (value: Problem): boolean =>
  typeof value.code === 'string' && (value.severity === 'error' || value.severity === 'warning' || value.severity === 'info') && typeof value.messageKey === 'string' && value.messageKey !== '';

describe('the one problem shape', () => {
  it('every code of every kind has a message key, and every table names exactly the codes', () => {
    const tables: readonly [readonly string[], Readonly<Record<string, string>>][] = [
      [ISSUE_CODES, ISSUE_MESSAGE_KEYS],
      [PARSE_ERROR_CODES, PARSE_ERROR_MESSAGE_KEYS],
      [RAIN_DATA_ERROR_CODES, RAIN_DATA_ERROR_MESSAGE_KEYS],
      [CATALOGUE_ERROR_CODES, CATALOGUE_ERROR_MESSAGE_KEYS],
      [BILL_ISSUE_CODES, BILL_ISSUE_MESSAGE_KEYS],
      [GAEB_ISSUE_CODES, GAEB_ISSUE_MESSAGE_KEYS],
      [BRANDING_ERROR_CODES, BRANDING_ERROR_MESSAGE_KEYS],
      [GRID_MESSAGE_CODES, GRID_MESSAGE_KEYS],
    ];
    for (const [codes, keys] of tables) {
      expect(Object.keys(keys).sort()).toEqual([...codes].sort());
      for (const code of codes) expect(keys[code]).toMatch(/^[A-Za-z][\w.]*$/);
    }
    const reasonCodes = new Set(Object.values(SURFACE_TEMPLATE_ERROR_REASONS).map((r) => r.code));
    expect([...reasonCodes].sort()).toEqual([...SURFACE_TEMPLATE_ERROR_CODES].sort());
    expect(Object.values(SURFACE_TEMPLATE_WARNING_MESSAGE_KEYS).every((k) => k.startsWith('surfaceTemplate.'))).toBe(true);
  });

  it('a table without a code does not compile', () => {
    // @ts-expect-error SCHEMA and REFERENCE have no message key
    const incomplete: MessageKeys<'INVALID_JSON' | 'SCHEMA' | 'REFERENCE'> = { INVALID_JSON: 'x' };
    expect(Object.keys(incomplete)).toEqual(['INVALID_JSON']);
  });

  it('the readers answer their problems in the shape, with the code’s message key', () => {
    const parse = parseProject('{');
    expect(parse.ok).toBe(false);
    if (!parse.ok) expect(parse.errors).toEqual([{ code: 'INVALID_JSON', severity: 'error', messageKey: 'projectFile.invalidJson', path: '$', expected: 'JSON text', received: expect.any(String) }]);

    const catalogue = parseCatalogue('{', '{');
    expect(catalogue.ok).toBe(false);
    if (!catalogue.ok) for (const e of catalogue.errors) expect(e).toMatchObject({ code: 'INVALID_JSON', severity: 'error', messageKey: CATALOGUE_ERROR_MESSAGE_KEYS.INVALID_JSON, path: '$' });

    const branding = parseBranding('[]', undefined);
    expect(branding).toEqual({ ok: false, errors: [{ code: 'SCHEMA', severity: 'error', messageKey: 'branding.schema', path: '$', message: 'must be an object' }] });
    const noLogo = parseBranding('{}', undefined);
    expect(noLogo.ok ? [] : noLogo.errors.filter((e) => e.path === '$.logo')).toEqual([{ code: 'LOGO', severity: 'error', messageKey: 'branding.logo', path: '$.logo', message: expect.any(String) }]);

    const rain = parseCustomRainRows([['nonsense']]);
    expect(rain.ok).toBe(false);
    if (!rain.ok) for (const e of rain.errors) expect(isProblem(e) && e.severity === 'error').toBe(true);

    const surfaces = parseSurfaceRows([['v1.0']]);
    expect(surfaces.ok).toBe(false);
    if (!surfaces.ok) expect(surfaces.errors[0]).toMatchObject({ code: 'INVALID_VERSION', severity: 'error', reason: 'versionMismatch' });
  });

  it('assertNever closes a switch and throws EngineError for a value outside the type', () => {
    const symbol = (severity: ProblemSeverity): string => {
      switch (severity) {
        case 'error':
          return 'x';
        case 'warning':
          return '!';
        case 'info':
          return 'i';
        default:
          return assertNever(severity, 'severity');
      }
    };
    expect(symbol('warning')).toBe('!');
    expect(symbol('info')).toBe('i');
    expect(() => symbol('fatal' as ProblemSeverity)).toThrow(EngineError);
    expect(() => symbol('fatal' as ProblemSeverity)).toThrow('unexpected severity: "fatal"');
  });

  it('the box grid’s notices are problems of severity info, its other messages errors or warnings', () => {
    const history = createHistory(0);
    const notices: GridMessage[] = [undo(history).refused!, redo(history).refused!, gridNotice('CONFIGURATION_EMPTY')];
    expect(notices).toEqual(GRID_NOTICE_CODES.map((code) => ({ code, severity: 'info', messageKey: GRID_MESSAGE_KEYS[code], params: {} })));
    for (const m of [...notices, gridMessage('NO_ITEM', { x: 0 }), gridMessage('ITEM_INCOMPLETE', { index: 1 }, 'warning')]) expect(isProblem(m)).toBe(true);
    // @ts-expect-error a notice code is made by gridNotice, always of severity info
    expect(gridMessage('NOTHING_TO_UNDO').code).toBe('NOTHING_TO_UNDO');
    // @ts-expect-error a problem of the grid is never of severity info
    expect(gridMessage('NO_ITEM', {}, 'info').severity).toBe('info');
    const text = (m: GridMessage): string => {
      switch (m.severity) {
        case 'info':
          return `notice ${m.code}`;
        case 'error':
        case 'warning':
          return `${m.severity} ${m.code}`;
        default:
          return assertNever(m, 'grid message');
      }
    };
    expect(notices.map(text)).toEqual(['notice NOTHING_TO_UNDO', 'notice NOTHING_TO_REDO', 'notice CONFIGURATION_EMPTY']);
  });
});
