/** The engine's issues of a node, translated (dimensioning.json holds the message keys). */
import type { Issue } from '@rainplan/engine';
import { useTranslation } from 'react-i18next';

export function issueText(t: (key: string, options?: Record<string, unknown>) => string, issue: Issue): string {
  const params: Record<string, unknown> = { ...(issue.params ?? {}) };
  if (typeof params.field === 'string') params.field = t(`field.${params.field}`, { defaultValue: params.field });
  return t(issue.messageKey, { ...params, defaultValue: issue.code });
}

export function IssueList({ issues, label }: { issues: readonly Issue[] | undefined; label?: string }) {
  const { t } = useTranslation('dimensioning');
  if (issues === undefined || issues.length === 0) return null;
  return (
    <section className="rp-issues" aria-label={label ?? t('issues')}>
      <ul>
        {issues.map((issue, i) => (
          <li key={`${issue.code}-${issue.field ?? ''}-${i}`} className={`rp-issue rp-issue--${issue.severity}`} data-code={issue.code}>
            {issueText(t as never, issue)}
          </li>
        ))}
      </ul>
    </section>
  );
}
