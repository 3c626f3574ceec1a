/** The SQL statements a test app runs, recorded in order (for "the same statements either way" tests). */
import type { TestApp } from './test-app.ts';

export interface StatementRecorder {
  /** The statements since the last take (white space folded), and a fresh start. */
  take(): string[];
  /** Puts the connection's own `execute` back. */
  stop(): void;
}

/**
 * Records every statement of `testApp`'s connection until `stop()`, leaving out the occasional
 * clean-up of old rate-limit windows (not part of any request's own path).
 */
export function recordStatements(testApp: TestApp): StatementRecorder {
  const connection = testApp.app.orm.em.getConnection();
  const original = connection.execute.bind(connection);
  let statements: string[] = [];
  connection.execute = (async (...args: Parameters<typeof original>) => {
    const sql = String(args[0]).replace(/\s+/g, ' ');
    if (!sql.startsWith('delete from rate_counter')) statements.push(sql);
    return original(...args);
  }) as typeof connection.execute;
  return {
    take: () => {
      const taken = statements;
      statements = [];
      return taken;
    },
    stop: () => {
      connection.execute = original;
    },
  };
}
