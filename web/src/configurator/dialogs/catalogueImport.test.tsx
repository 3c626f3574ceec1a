/**
 * The catalogue import in the upload dialog (docs/catalogue-import.md): a refused file lists every
 * problem at its cell with the translated `catalogueImport.*` message (the server's words when the
 * key is unknown), administrators download the template, a failed download is visible, and every
 * message key the api can answer has a German and an English text.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import de from '../../i18n/de/configurator.json';
import en from '../../i18n/en/configurator.json';
import { renderWithStore, signedIn, testStore } from '../../test/render.tsx';
import { ProductImportDialog } from './ConfiguratorExtras.tsx';
import { importProblems, ProductImportStore } from './ProductImportStore.ts';

const workbook = () => new File(['PK'], 'katalog.xlsx', { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });

const refused = {
  type: 'ERROR',
  code: 2,
  error: 'INVALID_DATA',
  message: 'products row 3, column D: "abc" is not a number',
  sheet: 'products',
  row: 3,
  column: 'D',
  messageKey: 'catalogueImport.notAPrice',
  problems: [
    { sheet: 'products', row: 3, column: 'D', messageKey: 'catalogueImport.notAPrice', message: '"abc" is not a number' },
    { sheet: 'itemTypes', row: 1200, column: 'B', messageKey: 'catalogueImport.required', message: 'empty' },
    { sheet: null, row: 2, column: 'A', messageKey: 'catalogueImport.somethingNew', message: 'a check the web does not know yet' },
  ],
};

async function refusedDialog(language: 'de' | 'en') {
  const root = testStore({ ...signedIn({ isAdmin: true }), 'POST /api/BoxConfigurator/importProducts': { status: 400, body: refused } }, language);
  await root.session.ensureLoaded();
  const store = new ProductImportStore(root.api);
  store.open();
  store.select(workbook());
  renderWithStore(<ProductImportDialog store={store} />, root);
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: language === 'de' ? 'Hochladen' : 'Upload' }));
  });
  return { root, store };
}

describe('catalogue import problems', () => {
  it('lists every problem at its cell, translated, with German row numbers', async () => {
    const { store } = await refusedDialog('de');
    await waitFor(() => expect(store.state).toBe('ERROR'));
    expect(store.failure?.messageKey).toBe('catalogueImport.notAPrice');
    expect(screen.getByRole('alert').textContent).toContain('nichts geändert');
    const items = within(screen.getByRole('list', { name: 'Probleme der Datei' })).getAllByRole('listitem').map((li) => li.textContent);
    expect(items).toEqual([
      'Blatt „products“, Zeile 3, Spalte D: Kein gültiger Preis (≥ 0, höchstens 2 Nachkommastellen).',
      'Blatt „itemTypes“, Zeile 1.200, Spalte B: Pflichtfeld ist leer.',
      // CSV: no sheet; an unknown key falls back to the server's message
      'Zeile 2, Spalte A: a check the web does not know yet',
    ]);
    expect(screen.getByText('3 Probleme:')).toBeTruthy();
    // the way forward: try again with a corrected file
    fireEvent.click(screen.getByRole('button', { name: 'Erneut versuchen' }));
    expect(store.state).toBe('WAITING');
    expect(screen.queryByRole('list', { name: 'Probleme der Datei' })).toBeNull();
  });

  it('in English with English numbers', async () => {
    await refusedDialog('en');
    const list = await screen.findByRole('list', { name: 'Problems in the file' });
    expect(within(list).getAllByRole('listitem')[1]?.textContent).toBe('sheet “itemTypes”, row 1,200, column B: Required cell is empty.');
  });

  it('an unsupported format shows its translated message key', async () => {
    const root = testStore({ 'POST /api/BoxConfigurator/importProducts': { status: 400, body: { type: 'ERROR', code: 20, error: 'UNSUPPORTED_FORMAT', message: 'not a workbook', messageKey: 'catalogueImport.unsupportedFormat' } } });
    const store = new ProductImportStore(root.api);
    store.open();
    store.select(workbook());
    renderWithStore(<ProductImportDialog store={store} />, root);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Hochladen' }));
    });
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('Das Dateiformat wird nicht unterstützt'));
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('keeps only well-formed problems, at most 50, with bounded texts', () => {
    const many = Array.from({ length: 80 }, (_, i) => ({ sheet: 's', row: i + 2, column: 'A', messageKey: 'catalogueImport.required', message: 'x'.repeat(2000) }));
    const kept = importProblems({ problems: [...many] });
    expect(kept).toHaveLength(50);
    expect(kept[0]?.message.length).toBe(500);
    expect(importProblems({ problems: [null, 3, { row: 'x' }, { sheet: 5, row: 1.5, column: null, messageKey: 'catalogueImport.duplicate', message: '' }] })).toEqual([
      { sheet: null, row: null, column: null, messageKey: 'catalogueImport.duplicate', message: '' },
    ]);
    expect(importProblems({ problems: 'nope' })).toEqual([]);
    expect(importProblems(null)).toEqual([]);
  });
});

describe('catalogue import template', () => {
  it('administrators download the template and the current catalogue', async () => {
    const root = testStore({ ...signedIn({ isAdmin: true }), 'GET /api/BoxConfigurator/importProducts/template': { body: 'xlsx' } });
    await root.session.ensureLoaded();
    const store = new ProductImportStore(root.api);
    const saved: string[] = [];
    store.save = (name) => saved.push(name);
    store.open();
    renderWithStore(<ProductImportDialog store={store} />, root);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Vorlage herunterladen' }));
    });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Aktuellen Katalog herunterladen' }));
    });
    await waitFor(() => expect(saved).toEqual(['catalogue-template.xlsx', 'catalogue-current.xlsx']));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('a failed download stays visible, without a notice behind it', async () => {
    const answers: Record<string, { status?: number; body?: unknown }> = { ...signedIn({ isAdmin: true }), 'GET /api/BoxConfigurator/importProducts/template': { status: 500, body: { type: 'ERROR', code: 1, message: 'boom' } } };
    const root = testStore(answers);
    await root.session.ensureLoaded();
    const store = new ProductImportStore(root.api);
    store.save = () => undefined;
    store.open();
    renderWithStore(<ProductImportDialog store={store} />, root);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Vorlage herunterladen' }));
    });
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('Die Vorlage konnte nicht heruntergeladen werden'));
    expect(root.notifications.notices.length).toBe(0);
  });

  it('others see no template button', async () => {
    const root = testStore(signedIn());
    await root.session.ensureLoaded();
    const store = new ProductImportStore(root.api);
    store.open();
    renderWithStore(<ProductImportDialog store={store} />, root);
    expect(screen.queryByRole('button', { name: 'Vorlage herunterladen' })).toBeNull();
  });
});

describe('catalogueImport texts', () => {
  it('every catalogueImport.* key the api can answer has a German and an English text', () => {
    const dir = path.resolve(process.cwd(), '../api/src/catalogue') + path.sep;
    const keys = new Set<string>();
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))) {
      for (const m of readFileSync(dir + file, 'utf8').matchAll(/catalogueImport\.([A-Za-z]+)/g)) keys.add(m[1] ?? '');
    }
    expect(keys.size).toBeGreaterThan(15);
    const missing = [...keys].filter((k) => typeof (de.catalogueImport as Record<string, unknown>)[k] !== 'string' || typeof (en.catalogueImport as Record<string, unknown>)[k] !== 'string');
    expect(missing).toEqual([]);
  });
});
