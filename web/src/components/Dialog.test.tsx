import { describe, expect, it, vi } from 'vitest';
import type { ReactElement } from 'react';
import { fireEvent, screen } from '@testing-library/react';
import { renderWithStore, testStore } from '../test/render.tsx';
import { ActionDialog } from './Dialog.tsx';

const renderDialog = (dialog: ReactElement) => renderWithStore(dialog, testStore());

describe('ActionDialog', () => {
  it('offers Cancel and the action; both call their callbacks', () => {
    const onCancel = vi.fn();
    const onPress = vi.fn();
    renderDialog(
      <ActionDialog title="Umbenennen" onCancel={onCancel} action={{ label: 'Speichern', onPress }}>
        <p>Inhalt</p>
      </ActionDialog>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Umbenennen' });
    expect(dialog.textContent).toContain('Inhalt');
    fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(onPress).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: 'Abbrechen' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
  });

  it('shows only Cancel without an action', () => {
    renderDialog(
      <ActionDialog title="Anlage wählen" onCancel={() => undefined} action={undefined}>
        <p>Keine Anlage möglich</p>
      </ActionDialog>,
    );
    const actions = screen.getByRole('dialog', { name: 'Anlage wählen' }).querySelector('.rp-dialog__actions');
    expect(Array.from(actions?.querySelectorAll('button') ?? []).map((b) => b.textContent)).toEqual(['Abbrechen']);
  });

  it('disables the action when told', () => {
    const onPress = vi.fn();
    renderDialog(
      <ActionDialog title="Anlage wählen" onCancel={() => undefined} action={{ label: 'Auswählen', onPress, isDisabled: true }}>
        <p>Eine Anlage</p>
      </ActionDialog>,
    );
    const choose = screen.getByRole('button', { name: 'Auswählen' });
    expect(choose.hasAttribute('disabled')).toBe(true);
    fireEvent.click(choose);
    expect(onPress).not.toHaveBeenCalled();
  });

  it('while busy disables both buttons and Escape does not close it', () => {
    const onCancel = vi.fn();
    renderDialog(
      <ActionDialog title="Übertragen" onCancel={onCancel} busy action={{ label: 'Übertragen', onPress: () => undefined }}>
        <p>Läuft</p>
      </ActionDialog>,
    );
    expect(screen.getByRole('button', { name: 'Abbrechen' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('button', { name: 'Übertragen' }).hasAttribute('disabled')).toBe(true);
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(onCancel).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog', { name: 'Übertragen' })).toBeTruthy();
  });

  it('as a form runs the action on Enter (submit)', () => {
    const onPress = vi.fn();
    renderDialog(
      <ActionDialog title="Neue Konfiguration" onCancel={() => undefined} action={{ label: 'Anlegen', onPress }} form>
        <input aria-label="Name" />
      </ActionDialog>,
    );
    const input = screen.getByRole('textbox', { name: 'Name' });
    const form = input.closest('form');
    expect(form?.className).toBe('rp-form');
    fireEvent.submit(form as HTMLFormElement);
    expect(onPress).toHaveBeenCalledTimes(1);
  });
});
