import { readFileSync, watch } from 'node:fs';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkQuery, registration } from '../../testing/accounts.ts';
import { startTestApp, type TestApp } from '../../testing/test-app.ts';

let testApp: TestApp;
let outboxDir: string;
const log: Array<Record<string, unknown>> = [];

beforeAll(async () => {
  const stream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      log.push(JSON.parse(chunk.toString('utf8')) as Record<string, unknown>);
      callback();
    },
  });
  outboxDir = await mkdtemp(path.join(tmpdir(), 'rainplan-outbox-'));
  // No SMTP_URL: mails go to the outbox directory and the log.
  testApp = await startTestApp({ mail: { from: 'rainplan <no-reply@rainplan.test>', outboxDir } }, { logger: { level: 'info', stream } });
}, 30_000);

afterAll(async () => {
  await testApp?.close();
  await rm(outboxDir, { recursive: true, force: true });
});

describe('mail without SMTP', () => {
  it('writes .eml files to the outbox and logs their links', async () => {
    const body = registration();
    const response = await testApp.client().post('/api/User/register', body);
    expect(response.statusCode).toBe(200);
    await testApp.app.mailer.idle();

    const files = await readdir(outboxDir);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\.eml$/);
    const eml = await readFile(path.join(outboxDir, files[0] ?? ''), 'utf8');
    expect(eml).toContain(`To: ${String(body['email'])}`);
    expect(eml).toMatch(/^Subject: /m);

    const entry = log.find((line) => line['msg'] === 'mail written to the outbox');
    expect(entry).toMatchObject({ to: body['email'], file: path.join(outboxDir, files[0] ?? '') });
    const [link] = entry?.['links'] as string[];
    expect(link).toMatch(/^http:\/\/rainplan\.test\/authentication\/confirmemail\?userId=/);
    // The logged link works.
    const confirm = await testApp.client().get('/api/User/confirmEmail', linkQuery(link ?? ''));
    expect(confirm.statusCode).toBe(200);
  });

  it('writes each .eml whole: a reader watching the outbox never sees part of a message', async () => {
    const seen: string[] = [];
    const watcher = watch(outboxDir, (_event, name) => {
      if (name === null || !name.endsWith('.eml')) return;
      try {
        seen.push(readFileSync(path.join(outboxDir, name), 'utf8'));
      } catch {
        // Renamed away or not there yet: nothing half-written was visible under the name.
      }
    });
    try {
      const client = testApp.client();
      for (let i = 0; i < 5; i += 1) expect((await client.post('/api/User/register', registration())).statusCode).toBe(200);
      await testApp.app.mailer.idle();
      await new Promise((resolve) => setTimeout(resolve, 50));
    } finally {
      watcher.close();
    }
    expect(seen.length).toBeGreaterThan(0);
    // Every read is a complete message: headers and the whole body up to the signature.
    for (const eml of seen) expect(eml).toMatch(/^Subject: [\s\S]*rainplan-Team\s*$/m);
    const files = await readdir(outboxDir);
    expect(files.filter((file) => !file.endsWith('.eml'))).toEqual([]);
    expect(files.filter((file) => file.endsWith('.eml'))).toHaveLength(6);
  });
});
