/** The error notice of a failed call (platform spec section 8), through the app's own api client. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createI18n, translateNotice } from '../i18n/index.ts';
import { noticeOfFailedCall } from './NotificationStore.ts';
import { RootStore } from './RootStore.ts';

function answering(status: number, body: unknown) {
  vi.stubGlobal('fetch', async () => new Response(JSON.stringify(body), { status, statusText: status === 400 ? 'Bad Request' : 'Error' }));
}

async function noticeText(call: (store: RootStore) => Promise<unknown>): Promise<string> {
  const i18n = createI18n('de');
  const store = new RootStore({ i18n });
  await call(store).catch(() => undefined);
  const notice = store.notifications.notices.at(-1);
  if (notice === undefined) throw new Error('no notice');
  return translateNotice(i18n.t, notice);
}

describe('the notice of a failed call', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('says "invalid request" for a 400 without an error code', async () => {
    answering(400, { statusCode: 400, error: 'Bad Request', message: 'body must be object' });
    expect(await noticeText((store) => store.api.organization.create('Büro'))).toBe('Ungültige Anfrage.');
    answering(400, { type: 'ERROR', message: 'something' });
    expect(await noticeText((store) => store.api.organization.create('Büro'))).toBe('Ungültige Anfrage.');
  });

  it("keeps the server's code of a 400 with one, and other statuses without a code are not called invalid", async () => {
    answering(400, { type: 'ERROR', code: 30, message: 'in an organization' });
    expect(await noticeText((store) => store.api.organization.create('Büro'))).not.toBe('Ungültige Anfrage.');
    expect(noticeOfFailedCall({ status: 400, code: 30, message: 'x' })).toEqual({ code: 30, message: 'x' });
    expect(noticeOfFailedCall({ status: 500, message: 'Internal Server Error' })).toEqual({ code: undefined, message: 'Internal Server Error' });
    expect(noticeOfFailedCall({ status: 0, message: 'servers unreachable' })).toEqual({ message: 'errors:error.unreachable' });
  });
});
