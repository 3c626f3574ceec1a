/**
 * "Share" on a project (issue 19, part 3; decision 0138): a button for who may share (the
 * project's creator, owner, administrators — as the api decides) opening a dialog that lists the
 * project's read-only links (label, created, valid until, state, last access, views), creates one
 * (optional label and expiry date; its URL is shown once, with a copy button) and revokes one
 * after a confirmation.
 */
import { getLocalTimeZone, today, type CalendarDate } from '@internationalized/date';
import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { DateField, DateInput, DateSegment, FieldError, Label, Text } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import type { ShareLink } from '../api/shareTypes.ts';
import { Button } from '../components/Button.tsx';
import { AppDialog, ConfirmDialog } from '../components/Dialog.tsx';
import { TextField } from '../components/TextField.tsx';
import { mayDeleteProject } from '../stores/ProjectsStore.ts';
import { useStores } from '../stores/StoreContext.tsx';
import { endOfDay, shareUrl } from './ShareLinksStore.ts';
import './share.css';

/** The longest expiry the api accepts is a year; the date field offers up to 365 days ahead. */
const MAX_DAYS = 365;
const LABEL_MAX = 200;

export function formatDateTime(iso: string | null, language: string): string {
  if (iso === null) return '';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

/** The share button of the project header; renders nothing for who may not share. */
export const ShareButton = observer(function ShareButton({ projectId }: { projectId: string }) {
  const { t } = useTranslation('share');
  const store = useStores();
  const [open, setOpen] = useState(false);
  const project = store.project.projectId === projectId ? store.project.project : undefined;
  if (project === undefined || !mayDeleteProject({ creator: project.creator ?? null, owner: project.owner ?? null }, store.session.user)) return null;
  return (
    <>
      <Button
        variant="secondary"
        className="rp-tab"
        onPress={() => {
          setOpen(true);
          void store.shareLinks.load(projectId);
        }}
      >
        {t('dialog.open')}
      </Button>
      {open && (
        <ShareDialog
          projectId={projectId}
          onClose={() => {
            store.shareLinks.forgetCreated();
            setOpen(false);
          }}
        />
      )}
    </>
  );
});

export const ShareDialog = observer(function ShareDialog({ projectId, onClose }: { projectId: string; onClose: () => void }) {
  const { t, i18n } = useTranslation('share');
  const { shareLinks } = useStores();
  const [label, setLabel] = useState('');
  const [expiry, setExpiry] = useState<CalendarDate | null>(null);
  const [expiryTouched, setExpiryTouched] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const [toRevoke, setToRevoke] = useState<ShareLink | undefined>(undefined);
  const [copied, setCopied] = useState<'idle' | 'copied' | 'failed'>('idle');
  const first = today(getLocalTimeZone()).add({ days: 1 });
  const last = today(getLocalTimeZone()).add({ days: MAX_DAYS });
  const expiryInvalid = expiry !== null && (expiry.compare(first) < 0 || expiry.compare(last) > 0);
  const showExpiryError = expiryInvalid && (expiryTouched || submitted);
  const labelInvalid = label.length > LABEL_MAX;
  const lang = i18n.language;
  const created = shareLinks.projectId === projectId ? shareLinks.created : undefined;
  const url = created === undefined ? '' : shareUrl(created.path, window.location.origin);

  const create = async () => {
    setSubmitted(true);
    if (expiryInvalid || labelInvalid) return;
    const expiresAt = expiry === null ? undefined : endOfDay(expiry.toString());
    const result = await shareLinks.create(projectId, { label, expiresAt });
    if (result !== undefined) {
      setLabel('');
      setExpiry(null);
      setExpiryTouched(false);
      setSubmitted(false);
      setCopied('idle');
    }
  };

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied('copied');
    } catch {
      setCopied('failed');
    }
  };

  return (
    <>
      <AppDialog
        isOpen
        title={t('dialog.title')}
        onClose={onClose}
        className="rp-share-dialog"
        actions={
          <Button variant="secondary" onPress={onClose}>
            {t('common:actions.close')}
          </Button>
        }
      >
        <p>{t('dialog.intro')}</p>
        {created !== undefined && (
          <div className="rp-share-created" role="status" data-testid="share-created">
            <p>
              <strong>{t('dialog.createdHeading')}</strong> {t('dialog.createdHint')}
            </p>
            <div className="rp-share-created__row">
              <input className="rp-field__input rp-share-created__url" readOnly value={url} aria-label={t('dialog.url')} data-testid="share-url" onFocus={(e) => e.currentTarget.select()} />
              <Button variant="primary" onPress={() => void copy()}>
                {t('dialog.copy')}
              </Button>
            </div>
            {copied === 'copied' && <p className="rp-muted">{t('dialog.copied')}</p>}
            {copied === 'failed' && <p className="rp-field__error">{t('dialog.copyFailed')}</p>}
          </div>
        )}

        <form
          className="rp-share-form"
          onSubmit={(e) => {
            e.preventDefault();
            void create();
          }}
        >
          <h3>{t('dialog.newHeading')}</h3>
          <TextField label={t('dialog.label')} description={t('dialog.labelHint')} value={label} onChange={setLabel} isInvalid={labelInvalid} errorMessage={t('dialog.labelTooLong', { max: LABEL_MAX })} />
          <DateField
            className="rp-field"
            value={expiry}
            onChange={(value) => setExpiry(value as CalendarDate | null)}
            onBlur={() => setExpiryTouched(true)}
            minValue={first}
            maxValue={last}
            isInvalid={showExpiryError}
            validationBehavior="aria"
            granularity="day"
          >
            <Label className="rp-field__label">{t('dialog.expiry')}</Label>
            <DateInput className="rp-field__input rp-share-date">{(segment) => <DateSegment segment={segment} className="rp-share-date__segment" />}</DateInput>
            <Text slot="description" className="rp-field__description">
              {t('dialog.expiryHint')}
            </Text>
            <FieldError className="rp-field__error">{t('dialog.expiryInvalid')}</FieldError>
          </DateField>
          <div className="rp-share-form__actions">
            {expiry !== null && (
              <Button variant="ghost" onPress={() => setExpiry(null)}>
                {t('dialog.noExpiry')}
              </Button>
            )}
            <Button type="submit" isDisabled={shareLinks.creating}>
              {t('dialog.create')}
            </Button>
          </div>
        </form>

        <h3>{t('dialog.listHeading')}</h3>
        {shareLinks.status === 'failed' ? (
          <p className="rp-share-failed" role="alert">
            {t('dialog.loadFailed')}{' '}
            <Button variant="ghost" onPress={() => void shareLinks.load(projectId)}>
              {t('common:actions.retry')}
            </Button>
          </p>
        ) : shareLinks.status === 'loading' && shareLinks.links.length === 0 ? (
          <p className="rp-muted">{t('dialog.loading')}</p>
        ) : shareLinks.links.length === 0 ? (
          <p className="rp-muted">{t('dialog.none')}</p>
        ) : (
          <div className="rp-share-table-wrap">
            <table className="rp-share-table" data-testid="share-links">
              <thead>
                <tr>
                  <th scope="col">{t('dialog.columns.label')}</th>
                  <th scope="col">{t('dialog.columns.created')}</th>
                  <th scope="col">{t('dialog.columns.expires')}</th>
                  <th scope="col">{t('dialog.columns.state')}</th>
                  <th scope="col">{t('dialog.columns.lastAccess')}</th>
                  <th scope="col">{t('dialog.columns.views')}</th>
                  <th scope="col">
                    <span className="rp-visually-hidden">{t('dialog.columns.actions')}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {shareLinks.links.map((link) => (
                  <tr key={link.id} data-state={link.state}>
                    <th scope="row">{link.label ?? t('dialog.noLabel')}</th>
                    <td>{formatDateTime(link.creationDate, lang)}</td>
                    <td>{link.expiresAt === null ? t('dialog.never') : formatDateTime(link.expiresAt, lang)}</td>
                    <td>{t(`state.${link.state}`)}</td>
                    <td>{link.lastAccess === null ? t('dialog.neverOpened') : formatDateTime(link.lastAccess, lang)}</td>
                    <td>{new Intl.NumberFormat(lang).format(link.accessCount)}</td>
                    <td>
                      {link.state === 'active' && (
                        <Button variant="danger" isDisabled={shareLinks.revoking.has(link.id)} onPress={() => setToRevoke(link)} aria-label={t('dialog.revokeNamed', { name: link.label ?? formatDateTime(link.creationDate, lang) })}>
                          {t('dialog.revoke')}
                        </Button>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </AppDialog>
      <ConfirmDialog
        isOpen={toRevoke !== undefined}
        title={t('dialog.revokeTitle')}
        text={<p>{t('dialog.revokeText', { name: toRevoke?.label ?? t('dialog.noLabel') })}</p>}
        confirmLabel={t('dialog.revoke')}
        danger
        onCancel={() => setToRevoke(undefined)}
        onConfirm={() => {
          const link = toRevoke;
          setToRevoke(undefined);
          if (link !== undefined) void shareLinks.revoke(projectId, link.id);
        }}
      />
    </>
  );
});
