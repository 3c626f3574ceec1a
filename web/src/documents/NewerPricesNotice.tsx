/**
 * The documents page's notice about newer list prices (decision 0100, docs/catalogue-import.md):
 * a project keeps the list prices of the catalogue version it was planned with. When an
 * administrator has imported a newer catalogue since, the notice says which version the project
 * keeps and that newer list prices exist, and offers "Update prices" — after a confirmation —
 * which asks the api to move the project to the current prices (`POST /Project/{id}/updatePrices`).
 * Nothing changes without that click: the documents keep the old prices until then. A failure
 * stays visible with a way forward (retry); on success the page's data are reloaded.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProjectCatalogueVersion } from '../api/endpoints.ts';
import { Button } from '../components/Button.tsx';
import { ConfirmDialog } from '../components/Dialog.tsx';
import { formatNumber } from '../dimensioning/ui/format.ts';
import { useStores } from '../stores/StoreContext.tsx';
import { failureText, reasonText } from './DocumentsStore.ts';

type Status =
  | { readonly kind: 'loading' }
  | { readonly kind: 'loadFailed'; readonly reason: string }
  | { readonly kind: 'loaded'; readonly version: ProjectCatalogueVersion };

/** The date of a catalogue version in the UI language ('' when the api's date is unreadable). */
function versionDate(importedAt: string, language: string): string {
  const date = new Date(importedAt);
  return Number.isNaN(date.getTime()) ? '' : new Intl.DateTimeFormat(language, { dateStyle: 'medium' }).format(date);
}

/** Whether an api answer has the catalogue-version shape (anything else is a load failure). */
function isCatalogueVersion(value: unknown): value is ProjectCatalogueVersion {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as { catalogueVersion?: { version?: unknown }; newerPricesAvailable?: unknown };
  return typeof v.newerPricesAvailable === 'boolean' && typeof v.catalogueVersion?.version === 'number';
}

export function NewerPricesNotice({ projectId, onUpdated }: { readonly projectId: string; readonly onUpdated: () => void }) {
  const { t, i18n } = useTranslation('documents');
  const { api } = useStores();
  const [status, setStatus] = useState<Status>({ kind: 'loading' });
  const [confirming, setConfirming] = useState(false);
  const [updating, setUpdating] = useState(false);
  const [updateFailure, setUpdateFailure] = useState<string | undefined>(undefined);
  const [updated, setUpdated] = useState<{ readonly version: number | undefined; readonly lines: number | undefined } | undefined>(undefined);
  const current = useRef(projectId);
  current.current = projectId;

  const load = useCallback(async () => {
    setStatus({ kind: 'loading' });
    try {
      const answer = await api.project.catalogueVersion(projectId, { silent: true });
      if (current.current !== projectId) return;
      if (!isCatalogueVersion(answer)) throw new Error('documents:prices.unexpectedAnswer');
      setStatus({ kind: 'loaded', version: answer });
    } catch (error) {
      console.error('catalogue version failed:', error);
      if (current.current === projectId) setStatus({ kind: 'loadFailed', reason: failureText(error, 'documents:prices.loadFailedDefault') });
    }
  }, [api, projectId]);

  useEffect(() => {
    setUpdated(undefined);
    setUpdateFailure(undefined);
    void load();
  }, [load]);

  const update = async () => {
    setConfirming(false);
    setUpdating(true);
    setUpdateFailure(undefined);
    try {
      const answer = await api.project.updatePrices(projectId, { silent: true });
      if (current.current !== projectId) return;
      const version = isCatalogueVersion(answer) ? answer.catalogueVersion.version : undefined;
      const lines = typeof answer === 'object' && answer !== null && typeof answer.updatedLines === 'number' ? answer.updatedLines : undefined;
      setUpdated({ version, lines });
      onUpdated();
      await load();
    } catch (error) {
      console.error('price update failed:', error);
      if (current.current === projectId) setUpdateFailure(failureText(error, 'documents:prices.updateFailedDefault'));
    } finally {
      if (current.current === projectId) setUpdating(false);
    }
  };

  const language = i18n.language;
  const number = (n: number) => formatNumber(n, language, 0);

  if (status.kind === 'loadFailed') {
    return (
      <div className="rp-documents__prices" role="alert">
        <p>{t('prices.loadFailed', { reason: reasonText(t, status.reason) })}</p>
        <Button variant="ghost" onPress={() => void load()}>
          {t('download.retry')}
        </Button>
      </div>
    );
  }

  const success =
    updated === undefined ? undefined : (
      <p role="status" className="rp-documents__prices-done">
        {updated.version === undefined ? t('prices.updatedUnknown') : t('prices.updated', { version: number(updated.version) })}
        {updated.lines === undefined ? '' : ` ${t('prices.updatedLines', { count: updated.lines, formatted: number(updated.lines) })}`}
      </p>
    );

  if (status.kind === 'loading' || !status.version.newerPricesAvailable) return success ?? null;

  const kept = status.version.catalogueVersion;
  const newest = status.version.newestCatalogueVersion ?? undefined;
  return (
    <section className="rp-documents__prices" aria-labelledby="documents-prices-title">
      {success}
      <h2 id="documents-prices-title">{t('prices.title')}</h2>
      <p>
        {t('prices.kept', { version: number(kept.version), date: versionDate(kept.importedAt, language) })}{' '}
        {newest === undefined ? t('prices.newer') : t('prices.newerVersion', { version: number(newest.version), date: versionDate(newest.importedAt, language) })}
      </p>
      <p className="rp-hint">{t('prices.explain')}</p>
      <Button variant="secondary" isDisabled={updating} onPress={() => setConfirming(true)} {...(updating ? { 'aria-busy': true } : {})}>
        {updating ? t('prices.updating') : t('prices.update')}
      </Button>
      {updateFailure !== undefined && (
        <p role="alert" className="rp-field__error">
          {t('prices.updateFailed', { reason: reasonText(t, updateFailure) })}{' '}
          <Button variant="ghost" onPress={() => setConfirming(true)}>
            {t('download.retry')}
          </Button>
        </p>
      )}
      <ConfirmDialog
        isOpen={confirming}
        title={t('prices.confirmTitle')}
        text={<p>{t('prices.confirmText')}</p>}
        confirmLabel={t('prices.update')}
        onConfirm={() => void update()}
        onCancel={() => setConfirming(false)}
      />
    </section>
  );
}
