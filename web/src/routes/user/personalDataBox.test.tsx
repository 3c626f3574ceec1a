/** The personal-data form keeps what the user types when newer data of the same user arrives. */
import { describe, expect, it } from 'vitest';
import { useState } from 'react';
import { act, fireEvent, screen } from '@testing-library/react';
import type { User } from '../../api/index.ts';
import { renderWithStore, signedIn, testStore } from '../../test/render.tsx';
import { PersonalDataBox } from './PersonalDataBox.tsx';

const USER = signedIn()['/api/User'].body.user as unknown as User;

function renderBox(user: User) {
  let setUser: (next: User) => void = () => undefined;
  function Harness() {
    const [current, set] = useState(user);
    setUser = set;
    return <PersonalDataBox user={current} onSave={() => Promise.resolve(true)} />;
  }
  renderWithStore(<Harness />, testStore());
  return { rerender: (next: User) => act(() => setUser(next)) };
}

const city = () => screen.getByRole('textbox', { name: 'Ort' }) as HTMLInputElement;
const save = () => screen.getByRole('button', { name: 'Speichern' }) as HTMLButtonElement;

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
});
