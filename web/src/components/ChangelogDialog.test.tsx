import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { ChangelogDialog } from './ChangelogDialog.tsx';
import { renderWithStore, testStore } from '../test/render.tsx';
import { CHANGELOG_STORAGE_KEY } from '../constants.ts';

describe('ChangelogDialog', () => {
  beforeEach(() => window.localStorage.clear());

  it('shows 1.0.5 (2025-08-19) when no version is stored, and closing stores 1.0.5', () => {
    renderWithStore(<ChangelogDialog />, testStore({}, 'en'));
    const dialog = screen.getByRole('dialog', { name: "What's new" });
    expect(dialog.textContent).toContain('Version 1.0.5 of 2025-08-19');
    expect(dialog.textContent).toContain('Street and house number are now mandatory.');
    expect(dialog.textContent).toContain('Prices have been updated.');
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(window.localStorage.getItem(CHANGELOG_STORAGE_KEY)).toBe('1.0.5');
  });

  it('shows when an older version is stored and stays hidden for 1.0.5', () => {
    window.localStorage.setItem(CHANGELOG_STORAGE_KEY, '1.0.4');
    const { unmount } = renderWithStore(<ChangelogDialog />, testStore());
    expect(screen.queryByRole('dialog')).not.toBeNull();
    unmount();
    window.localStorage.setItem(CHANGELOG_STORAGE_KEY, '1.0.5');
    renderWithStore(<ChangelogDialog />, testStore());
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('offers "Nicht mehr anzeigen", ticked: unticked, closing stores nothing and the next start shows it again', () => {
    const { unmount } = renderWithStore(<ChangelogDialog />, testStore());
    const option = screen.getByRole('checkbox', { name: 'Nicht mehr anzeigen' }) as HTMLInputElement;
    expect(option.checked).toBe(true);
    fireEvent.click(option);
    expect(option.checked).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Schließen' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(window.localStorage.getItem(CHANGELOG_STORAGE_KEY)).toBeNull();
    unmount();
    renderWithStore(<ChangelogDialog />, testStore());
    expect(screen.queryByRole('dialog')).not.toBeNull();
  });
});
