/**
 * The newer-prices notice of the documents page (decision 0100): nothing when the project's prices
 * are current; otherwise the kept version and the newer one, "Update prices" only after a
 * confirmation, failures (loading, updating) visible with a retry, and on success the page's data
 * reloaded and the notice gone.
 */
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithStore, testStore, type StubAnswer } from '../test/render.tsx';
import { NewerPricesNotice } from './NewerPricesNotice.tsx';

const v = (version: number, importedAt = '2026-03-01T10:00:00.000Z') => ({ version, importedAt });
const older = { catalogueVersion: v(1), newerPricesAvailable: true, newestCatalogueVersion: v(3, '2026-11-20T10:00:00.000Z') };
const current = { catalogueVersion: v(3, '2026-11-20T10:00:00.000Z'), newerPricesAvailable: false };
const VERSION = 'GET /api/Project/p1/catalogueVersion';
const UPDATE = 'POST /api/Project/p1/updatePrices';

/** The stub reads the answers at each call, so a test may change them between calls. */
function setup(answers: Record<string, StubAnswer>, language: 'de' | 'en' = 'de') {
  const root = testStore(answers, language);
  const onUpdated = vi.fn();
  renderWithStore(<NewerPricesNotice projectId="p1" onUpdated={onUpdated} />, root);
  return { root, onUpdated };
}

describe('NewerPricesNotice', () => {
  it('shows nothing while the project has the current prices', async () => {
    const answers: Record<string, StubAnswer> = { [VERSION]: { body: current } };
    const { container } = renderWithStore(<NewerPricesNotice projectId="p1" onUpdated={() => undefined} />, testStore(answers));
    await act(async () => {
      await new Promise((r) => setTimeout(r, 20));
    });
    expect(container.textContent).toBe('');
    expect(screen.queryByRole('button', { name: 'Preise aktualisieren' })).toBeNull();
  });

  it('names the kept and the newer version; updates only after confirming, then reloads', async () => {
    const answers: Record<string, StubAnswer> = { [VERSION]: { body: older }, [UPDATE]: { body: { ...current, updatedLines: 1234 } } };
    const { onUpdated } = setup(answers);
    const text = await screen.findByText(/Katalogversion 1 vom 01\.03\.2026/);
    expect(text.textContent).toContain('Version 3 vom 20.11.2026');
    // the first click only asks
    fireEvent.click(screen.getByRole('button', { name: 'Preise aktualisieren' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Preise aktualisieren?' });
    expect(dialog.textContent).toContain('eigenen Preis behalten ihn');
    // cancelling changes nothing
    fireEvent.click(screen.getByRole('button', { name: 'Abbrechen' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(onUpdated).not.toHaveBeenCalled();
    // confirmed: the server moves the project, the page reloads its data, the notice goes
    fireEvent.click(screen.getByRole('button', { name: 'Preise aktualisieren' }));
    answers[VERSION] = { body: current };
    const confirm = await screen.findByRole('alertdialog');
    await act(async () => {
      fireEvent.click(Array.from(confirm.querySelectorAll('button')).find((b) => b.textContent === 'Preise aktualisieren')!);
    });
    await waitFor(() => expect(onUpdated).toHaveBeenCalledTimes(1));
    const status = await screen.findByRole('status');
    expect(status.textContent).toBe('Die Preise wurden auf die Katalogversion 3 aktualisiert. 1.234 Produktzeilen haben einen neuen Preis.');
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Preise aktualisieren' })).toBeNull());
  });

  it('a failed update stays visible with the server message and a retry; nothing is reloaded', async () => {
    const answers: Record<string, StubAnswer> = { [VERSION]: { body: older }, [UPDATE]: { status: 403, body: { type: 'ERROR', code: 12, message: 'no edit right on this project' } } };
    const { onUpdated, root } = setup(answers, 'en');
    fireEvent.click(await screen.findByRole('button', { name: 'Update prices' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Update prices?' });
    await act(async () => {
      fireEvent.click(Array.from(confirm.querySelectorAll('button')).find((b) => b.textContent === 'Update prices')!);
    });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The prices were not updated: no edit right on this project');
    expect(onUpdated).not.toHaveBeenCalled();
    // the notice stays, with the old version, and the way forward asks again
    expect(screen.getByText(/catalogue version 1 of/)).toBeTruthy();
    expect(root.notifications.notices.length).toBe(0);
    answers[UPDATE] = { body: { ...current, updatedLines: 0 } };
    answers[VERSION] = { body: current };
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    const again = await screen.findByRole('alertdialog');
    await act(async () => {
      fireEvent.click(Array.from(again.querySelectorAll('button')).find((b) => b.textContent === 'Update prices')!);
    });
    await waitFor(() => expect(onUpdated).toHaveBeenCalledTimes(1));
    expect((await screen.findByRole('status')).textContent).toContain('0 product lines have a new price.');
  });

  it('a failed check is visible with a retry', async () => {
    const answers: Record<string, StubAnswer> = { [VERSION]: { status: 500, body: { type: 'ERROR', code: 1, message: 'database down' } } };
    setup(answers);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Ob es neuere Listenpreise gibt, konnte nicht geprüft werden: database down');
    answers[VERSION] = { body: older };
    fireEvent.click(screen.getByRole('button', { name: 'Erneut versuchen' }));
    expect(await screen.findByRole('button', { name: 'Preise aktualisieren' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('an answer of the wrong shape is a visible failure, not a silent notice', async () => {
    setup({ [VERSION]: { body: { newerPricesAvailable: 'yes' } } });
    expect((await screen.findByRole('alert')).textContent).toContain('Unerwartete Antwort des Servers.');
  });
});
