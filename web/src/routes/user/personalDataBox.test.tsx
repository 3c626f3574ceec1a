/** The personal-data form keeps what the user types when newer data of the same user arrives. */
import { describe, expect, it } from 'vitest';
import { useState } from 'react';
import { act, fireEvent, screen } from '@testing-library/react';
import type { User } from '../../api/index.ts';
import { renderWithStore, signedIn, testStore } from '../../test/render.tsx';
import { PersonalDataBox } from './PersonalDataBox.tsx';

const USER = signedIn()['/api/User'].body.user as unknown as User;

function renderBox(user: User, onSave: () => Promise<boolean> = () => Promise.resolve(true)) {
  let setUser: (next: User) => void = () => undefined;
  function Harness() {
    const [current, set] = useState(user);
    setUser = set;
    return <PersonalDataBox user={current} onSave={onSave} />;
  }
  renderWithStore(<Harness />, testStore());
  return { rerender: (next: User) => act(() => setUser(next)) };
}

const city = () => screen.getByRole('textbox', { name: 'Ort' }) as HTMLInputElement;
const save = () => screen.getByRole('button', { name: 'Speichern' }) as HTMLButtonElement;
const email = () => screen.getByRole('textbox', { name: 'E-Mail-Adresse' }) as HTMLInputElement;

describe('PersonalDataBox', () => {
  it('keeps input being typed when the same user is answered again (a save, a session refresh)', () => {
    const box = renderBox(USER);
    fireEvent.change(city(), { target: { value: 'Ulm' } });
    box.rerender({ ...USER });
    expect(city().value).toBe('Ulm');
    expect(save().disabled).toBe(false);
    // newer data of the same user while the input is kept: the input stays, save stays offered
    box.rerender({ ...USER, street: 'Neuer Weg' });
    expect(city().value).toBe('Ulm');
    expect(save().disabled).toBe(false);
  });

  it('takes the same user\u2019s newer data while nothing was typed, and another user\u2019s data always', () => {
    const box = renderBox(USER);
    box.rerender({ ...USER, city: 'Augsburg' });
    expect(city().value).toBe('Augsburg');
    expect(save().disabled).toBe(true);
    fireEvent.change(city(), { target: { value: 'Ulm' } });
    box.rerender({ ...USER, id: 'u2', city: 'Passau' });
    expect(city().value).toBe('Passau');
    expect(save().disabled).toBe(true);
  });

  it('after a save answered with the saved data, the form is unchanged and save disabled', () => {
    const box = renderBox(USER);
    fireEvent.change(city(), { target: { value: 'Ulm' } });
    box.rerender({ ...USER, city: 'Ulm' });
    expect(city().value).toBe('Ulm');
    expect(save().disabled).toBe(true);
  });

  it('shows the answer of its own save (a new e-mail address applies once confirmed)', async () => {
    const box = renderBox(USER);
    fireEvent.change(email(), { target: { value: 'neu@example.com' } });
    fireEvent.click(save());
    await act(() => Promise.resolve());
    box.rerender({ ...USER });
    expect(email().value).toBe(USER.email);
    expect(save().disabled).toBe(true);
  });

  it('keeps what is typed while its save is still answered', async () => {
    let answer: (ok: boolean) => void = () => undefined;
    const box = renderBox(USER, () => new Promise<boolean>((resolve) => (answer = resolve)));
    fireEvent.change(city(), { target: { value: 'Ulm' } });
    fireEvent.click(save());
    fireEvent.change(email(), { target: { value: 'neu@example.com' } });
    box.rerender({ ...USER, city: 'Ulm' });
    await act(async () => answer(true));
    expect(email().value).toBe('neu@example.com');
    expect(city().value).toBe('Ulm');
    expect(save().disabled).toBe(false);
  });

  it('after a failed save, a later answer of the same user keeps the failed input', async () => {
    const box = renderBox(USER, () => Promise.resolve(false));
    fireEvent.change(city(), { target: { value: 'Ulm' } });
    fireEvent.click(save());
    await act(() => Promise.resolve());
    box.rerender({ ...USER });
    expect(city().value).toBe('Ulm');
    expect(save().disabled).toBe(false);
  });
});
