import { describe, expect, it } from 'vitest';
import { act, screen } from '@testing-library/react';
import { WaitDialog } from './WaitDialog.tsx';
import { renderWithStore, testStore } from '../test/render.tsx';
import { LOADING_MARKER_DELAY_MS } from '../constants.ts';

describe('WaitDialog', () => {
  it('asks not to close or reload while it waits, and the browser asks before the page is left', async () => {
    const store = testStore();
    renderWithStore(<WaitDialog />, store);
    let finish: () => void = () => undefined;
    let done: Promise<unknown> = Promise.resolve();
    act(() => {
      done = store.ui.withWait(() => new Promise<void>((resolve) => (finish = resolve)));
    });
    await act(() => new Promise((resolve) => setTimeout(resolve, LOADING_MARKER_DELAY_MS + 20)));
    const dialog = screen.getByRole('dialog', { name: 'Bitte warten' });
    expect(dialog.textContent).toContain('Bitte schließen Sie die Seite nicht und laden Sie sie nicht neu');
    const leaving = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(leaving);
    expect(leaving.defaultPrevented).toBe(true);

    await act(async () => {
      finish();
      await done;
    });
    expect(screen.queryByRole('dialog')).toBeNull();
    const leavingLater = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(leavingLater);
    expect(leavingLater.defaultPrevented).toBe(false);
  });
});
