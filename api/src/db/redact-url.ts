/** A database URL fit for a message or a log line: its password replaced by `***` (text that is no URL unchanged). */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password !== '') parsed.password = '***';
    return parsed.href;
  } catch {
    return url;
  }
}
