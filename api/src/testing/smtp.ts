/**
 * A real SMTP server in the test process (smtp-server), which parses every mail it receives
 * (postal-mime), so that tests can wait for a mail and follow its links.
 */
import type { AddressInfo } from 'node:net';
import PostalMime from 'postal-mime';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  readonly to: string[];
  readonly subject: string;
  readonly text: string;
  readonly links: string[];
}

export interface TestSmtpServer {
  readonly url: string;
  readonly mails: readonly ReceivedMail[];
  /** The next mail to `address` not taken before (waits up to `timeout` ms). */
  nextMail(address: string, timeout?: number): Promise<ReceivedMail>;
  /** Mails to `address` not taken yet. */
  pending(address: string): ReceivedMail[];
  close(): Promise<void>;
}

export async function startSmtpServer(): Promise<TestSmtpServer> {
  const mails: ReceivedMail[] = [];
  const taken = new Set<ReceivedMail>();
  const waiters: Array<() => void> = [];

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('error', callback);
      stream.on('end', () => {
        PostalMime.parse(Buffer.concat(chunks)).then(
          (parsed) => {
            const text = parsed.text ?? '';
            mails.push({
              to: session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()),
              subject: parsed.subject ?? '',
              text,
              links: text.match(/https?:\/\/\S+/g) ?? [],
            });
            for (const wake of waiters.splice(0)) wake();
            callback();
          },
          (error: unknown) => callback(error as Error),
        );
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;

  const pending = (address: string): ReceivedMail[] =>
    mails.filter((mail) => !taken.has(mail) && mail.to.includes(address.toLowerCase()));

  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    pending,
    async nextMail(address, timeout = 5000) {
      const deadline = Date.now() + timeout;
      for (;;) {
        const [mail] = pending(address);
        if (mail !== undefined) {
          taken.add(mail);
          return mail;
        }
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`no mail to ${address} within ${timeout} ms`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          waiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
