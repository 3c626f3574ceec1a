/**
 * Sends e-mail with nodemailer: over SMTP when SMTP_URL is set, otherwise into a file outbox
 * (`<DATA_DIR>/outbox/*.eml`, each written whole: write, then rename) and the log, so that registration works on a fresh machine.
 *
 * `sendLater` sends without making the request wait: answers must not take longer when an
 * account exists (no account enumeration through timing). Pending mails are awaited on close.
 *
 * `later` queues account work whose amount depends on whether an account exists (look-ups, codes,
 * mails). The queue runs one task at a time, and only while the process is quiet: no request has
 * been in flight for `quietMs`, and a task waits at least `quietMs` plus a random share of
 * `jitterMs` after it was queued (at most half to all of `maxWaitMs`, at random, so a busy server
 * still sends its mails). So the request right after one of these calls is never handled while
 * its work runs (decision 0187).
 */
import { randomUUID } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import fp from 'fastify-plugin';
import nodemailer from 'nodemailer';
import { ACCOUNT_WORK_TIMING } from '../../config.ts';
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
  /** The `later` queue: tasks waiting, and tasks started since the start. */
  accountWork(): { readonly waiting: number; readonly started: number };
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

    // Requests in flight and the end of the last one: the `later` queue runs only when quiet.
    const timing = app.config.accountWork ?? ACCOUNT_WORK_TIMING;
    let inFlight = 0;
    let lastActivity = Date.now();
    const counted = new WeakSet<object>();
    app.addHook('onRequest', (request, _reply, done) => {
      counted.add(request);
      inFlight += 1;
      lastActivity = Date.now();
      done();
    });
    const finished = (request: object) => {
      if (!counted.delete(request)) return;
      inFlight -= 1;
      lastActivity = Date.now();
      wake();
    };
    app.addHook('onResponse', (request, _reply, done) => {
      finished(request);
      done();
    });
    app.addHook('onRequestAbort', (request, done) => {
      finished(request);
      done();
    });

    interface Queued {
      readonly label: string;
      readonly task: () => Promise<void>;
      readonly gate: Promise<void> | undefined;
      readonly notBefore: number;
      deadline: number;
      readonly done: () => void;
    }
    const queue: Queued[] = [];
    let started = 0;
    let running = false;
    let timer: NodeJS.Timeout | undefined;
    /** When the head of the queue may run (ms since the epoch). */
    const dueAt = (head: Queued): number => {
      const quietAt = inFlight > 0 ? Number.POSITIVE_INFINITY : lastActivity + timing.quietMs;
      return Math.min(head.deadline, Math.max(head.notBefore, quietAt));
    };
    function wake(): void {
      const head = queue[0];
      if (running || head === undefined) return;
      const wait = dueAt(head) - Date.now();
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
      if (wait > 0) {
        // while requests are in flight, their ends wake the queue again; the deadline always does
        timer = setTimeout(wake, wait);
        timer.unref();
        return;
      }
      const next = queue.shift()!;
      running = true;
      started += 1;
      void (async () => {
        try {
          if (next.gate !== undefined) await next.gate;
          await next.task();
        } catch (error: unknown) {
          app.log.error({ err: error, task: next.label }, 'background account task failed');
        } finally {
          running = false;
          next.done();
          // the task's own work counts as activity: the next one waits for quiet again
          lastActivity = Date.now();
          wake();
        }
      })();
    }

    const mailer: Mailer = {
      send,
      sendLater: (mail) => {
        const sending = send(mail)
          .catch((error: unknown) => app.log.error({ err: error, to: mail.to, subject: mail.subject }, 'could not send mail'))
          .finally(() => pending.delete(sending));
        pending.add(sending);
      },
      later: (label, task) => {
        const now = Date.now();
        let done!: () => void;
        const finishedTask = new Promise<void>((resolve) => (done = resolve)).finally(() => pending.delete(finishedTask));
        pending.add(finishedTask);
        // the latest start is random too (between half the longest wait and all of it): a server kept
        // busy does not run the work at a time an attacker can predict
        queue.push({
          label,
          task,
          gate: held,
          notBefore: now + timing.quietMs + Math.random() * timing.jitterMs,
          deadline: now + timing.maxWaitMs * (0.5 + 0.5 * Math.random()),
          done,
        });
        // never within the request: the queue looks again after the answer has been handed over
        setImmediate(wake);
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
      accountWork: () => ({ waiting: queue.length, started }),
    };
    app.decorate('mailer', mailer);
    app.addHook('onClose', async () => {
      // closing: the queue's work runs now, without waiting for quiet
      for (const queued of queue) queued.deadline = 0;
      wake();
      await mailer.idle();
      transport.close();
    });
  },
  { name: 'mailer' },
);
