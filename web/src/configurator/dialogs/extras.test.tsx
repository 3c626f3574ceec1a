import { describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { renderWithStore, signedIn, testStore } from '../../test/render.tsx';
import { ConfiguratorExtras, ProductImportDialog } from './ConfiguratorExtras.tsx';
import { ProductImportStore } from './ProductImportStore.ts';

const csv = (name = 'produkte.csv') => new File(['materialNumber;nameDe;unit;listPrice\n1;Box;Stk;10,00\n'], name, { type: 'text/csv' });

describe('ProductImportStore (spreadsheet upload)', () => {
  it('refuses other file types before sending anything', () => {
    const store = new ProductImportStore(testStore().api);
    store.open();
    store.select(new File(['x'], 'liste.xls'));
    expect(store.state).toBe('ERROR');
    expect(store.failure).toEqual({ key: 'unsupported' });
    store.retry();
    expect(store.state).toBe('WAITING');
  });

  it('uploads a CSV and reports the imported count', async () => {
    const root = testStore({ 'POST /api/BoxConfigurator/importProducts': { body: { type: 'MESSAGE', message: 'ok', importedProducts: 12 } } });
    const store = new ProductImportStore(root.api);
    store.open();
    store.select(csv());
    expect(store.state).toBe('SELECTED');
    expect(await store.upload()).toBe(true);
    expect(store.state).toBe('SUCCESS');
    expect(store.imported).toBe(12);
  });

  it('a refused file (code 20) ends in ERROR with the code, and nothing else is claimed', async () => {
    const root = testStore({ 'POST /api/BoxConfigurator/importProducts': { status: 400, body: { type: 'ERROR', code: 20, message: 'file format not supported' } } });
    const store = new ProductImportStore(root.api);
    store.open();
    store.select(csv('a.xlsx'));
    expect(await store.upload()).toBe(false);
    expect(store.state).toBe('ERROR');
    expect(store.failure?.code).toBe(20);
    expect(root.notifications.notices.length).toBe(0);
  });

  it('the dialog shows the error with a way forward (retry)', async () => {
    const root = testStore({ 'POST /api/BoxConfigurator/importProducts': { status: 400, body: { type: 'ERROR', code: 2, message: 'row 3, column listPrice: invalidPrice' } } });
    const store = new ProductImportStore(root.api);
    store.open();
    store.select(csv());
    renderWithStore(<ProductImportDialog store={store} />, root);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Hochladen' }));
    });
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('row 3, column listPrice'));
    fireEvent.click(screen.getByRole('button', { name: 'Erneut versuchen' }));
    expect(store.state).toBe('WAITING');
  });
});

describe('ConfiguratorExtras', () => {
  it('offers rain data and the changelog to everyone, the product import to administrators only', async () => {
    const plain = testStore(signedIn());
    await plain.session.ensureLoaded();
    const { unmount } = renderWithStore(<ConfiguratorExtras />, plain);
    expect(screen.getByRole('button', { name: 'Regendaten' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Produkte importieren' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Neuigkeiten' }));
    expect(plain.ui.changelogOpen).toBe(true);
    unmount();
    const admin = testStore(signedIn({ isAdmin: true }));
    await admin.session.ensureLoaded();
    renderWithStore(<ConfiguratorExtras />, admin);
    fireEvent.click(screen.getByRole('button', { name: 'Produkte importieren' }));
    expect(screen.getByRole('dialog', { name: 'Produktkatalog importieren' })).toBeTruthy();
  });

  it('rain data: says so when the project has none', async () => {
    const root = testStore(signedIn());
    renderWithStore(<ConfiguratorExtras />, root);
    fireEvent.click(screen.getByRole('button', { name: 'Regendaten' }));
    expect(screen.getByText(/keine Regendaten/)).toBeTruthy();
  });
});
