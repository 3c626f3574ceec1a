import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import { Notices } from './Notices.tsx';
import { renderWithStore, testStore } from '../test/render.tsx';

describe('Notices', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('shows a translated error notice (error.{code}) for 5 s', () => {
    const store = testStore({}, 'en');
    renderWithStore(<Notices />, store);
    act(() => void store.notifications.error({ code: 33, message: 'owner cannot leave' }));
    expect(screen.getByRole('alert').textContent).toContain('The administrator cannot leave the organization.');
    act(() => vi.advanceTimersByTime(4999));
    expect(screen.queryByRole('alert')).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('falls back to the default text for unknown codes', () => {
    const store = testStore({}, 'de');
    renderWithStore(<Notices />, store);
    act(() => void store.notifications.error({ code: 4711 }));
    expect(screen.getByRole('alert').textContent).toContain('Es ist ein Fehler aufgetreten.');
  });

  it('shows the top notification for 10 s', () => {
    const store = testStore({}, 'de');
    renderWithStore(<Notices />, store);
    act(() => void store.notifications.success('common:notices.saveSuccess'));
    expect(screen.getByRole('status').textContent).toContain('Gespeichert.');
    act(() => vi.advanceTimersByTime(9999));
    expect(screen.queryByRole('status')).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('shows a failed API call as error notice', async () => {
    vi.useRealTimers();
    const store = testStore({ 'DELETE /api/User/leaveOrganization': { status: 409, body: { type: 'ERROR', code: 32, message: 'x' } } }, 'en');
    renderWithStore(<Notices />, store);
    await act(() => store.api.user.leaveOrganization().catch(() => undefined));
    expect(screen.getByRole('alert').textContent).toContain('The user is not part of any organization.');
  });
});
