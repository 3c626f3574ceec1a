/**
 * Sends e-mail with nodemailer: over SMTP when SMTP_URL is set, otherwise into a file outbox
 * (`<DATA_DIR>/outbox/*.eml`, each written whole: write, then rename) and the log, so that registration works on a fresh machine.
 *
 * `sendLater` sends without making the request wait: answers must not take longer when an
 * account exists (no account enumeration through timing). Pending mails are awaited on close.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import fp from 'fastify-plugin';
import nodemailer from 'nodemailer';
import type { MailContent } from '../../mail/messages.ts';

export interface Mail extends MailContent {
  readonly to: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
  /** Sends in the background; failures are logged. */
  sendLater(mail: Mail): void;
  /**
   * Runs `task` (account work that ends in a mail: look-ups, codes) after the answer, so that the
   * answer's time does not depend on whether an account exists (decision 0072); failures are logged.
   */
  later(label: string, task: () => Promise<void>): void;
  /** Tests: holds every `later` task until the returned function is called (then they run). */
  hold(): () => void;
  /** Resolves when every mail handed to `sendLater` so far has been sent or has failed. */
  idle(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

const LINK = /https?:\/\/\S+/g;

export default fp(
  async (app) => {
    const { smtpUrl, from, outboxDir } = app.config.mail;
    const transport =
      smtpUrl === undefined
        ? nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' })
        : nodemailer.createTransport(smtpUrl);

    const send = async (mail: Mail): Promise<void> => {
      const info = await transport.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text });
      if (smtpUrl !== undefined) return;
      await mkdir(outboxDir, { recursive: true });
      const file = path.join(outboxDir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}.eml`);
      // Written under a name readers skip (not *.eml), then renamed: a reader of the outbox never
      // sees half a message (rename is atomic within a directory).
      const partial = `${file}.partial`;
      await writeFile(partial, (info as unknown as { message: Buffer }).message);
      await rename(partial, file);
      app.log.info({ to: mail.to, subject: mail.subject, links: mail.text.match(LINK) ?? [], file }, 'mail written to the outbox');
    };

    const pending = new Set<Promise<void>>();
    let held: Promise<void> | undefined;
    const mailer: Mailer = {
      send,
      sendLater: (mail) => {
        const sending = send(mail)
          .catch((error: unknown) => app.log.error({ err: error, to: mail.to, subject: mail.subject }, 'could not send mail'))
          .finally(() => pending.delete(sending));
        pending.add(sending);
      },
      later: (label, task) => {
        const gate = held;
        const running = (async () => {
          // Never within the request: after the answer has been handed over.
          await new Promise((resolve) => setImmediate(resolve));
          if (gate !== undefined) await gate;
          await task();
        })()
          .catch((error: unknown) => app.log.error({ err: error, task: label }, 'background account task failed'))
          .finally(() => pending.delete(running));
        pending.add(running);
      },
      hold: () => {
        let release!: () => void;
        held = new Promise((resolve) => (release = resolve));
        return () => {
          held = undefined;
          release();
        };
      },
      idle: async () => {
        while (pending.size > 0) await Promise.allSettled([...pending]);
      },
    };
    app.decorate('mailer', mailer);
    app.addHook('onClose', async () => {
      await mailer.idle();
      transport.close();
    });
  },
  { name: 'mailer' },
);
