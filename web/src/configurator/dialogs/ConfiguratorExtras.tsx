/**
 * The configurator's further dialogs (planning spec §2): rain data of the project (the project
 * data's rain view), the changelog, and — for administrators — the spreadsheet upload of the
 * product catalogue. A small group of buttons for the page's header row.
 */
import './dialogs.css';
import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { FileTrigger, ProgressBar } from 'react-aria-components';
import { AppDialog } from '../../components/Dialog.tsx';
import { Button } from '../../components/Button.tsx';
import { translateNotice } from '../../i18n/index.ts';
import { RainDataDialog } from '../../routes/project/RainData.tsx';
import { useStores } from '../../stores/StoreContext.tsx';
import { formatNumber } from '../../dimensioning/ui/format.ts';
import { ProductImportStore, type ImportFailure, type ImportProblem } from './ProductImportStore.ts';

export const ConfiguratorExtras = observer(function ConfiguratorExtras() {
  const { t } = useTranslation('configurator');
  const { project, ui, session, api } = useStores();
  const [rainOpen, setRainOpen] = useState(false);
  const [imports] = useState(() => new ProductImportStore(api));
  const openRain = () => {
    setRainOpen(true);
    if (project.raindata === undefined && project.raindataStatus !== 'loading') void project.loadRaindata();
  };
  return (
    <div className="rp-config-extras" role="group" aria-label={t('extras.label')}>
      <Button variant="ghost" onPress={openRain}>
        {t('rainData.open')}
      </Button>
      <Button variant="ghost" onPress={() => ui.openChangelog()}>
        {t('changelog.open')}
      </Button>
      {session.isAdmin && (
        <Button variant="ghost" onPress={() => imports.open()}>
          {t('upload.open')}
        </Button>
      )}
      {project.raindata !== undefined ? (
        <RainDataDialog isOpen={rainOpen} onClose={() => setRainOpen(false)} />
      ) : (
        <AppDialog
          isOpen={rainOpen}
          title={t('rainData.open')}
          onClose={() => setRainOpen(false)}
          actions={<Button onPress={() => setRainOpen(false)}>{t('common:actions.close')}</Button>}
        >
          <p className={project.raindataStatus === 'error' ? 'rp-field__error' : 'rp-hint'} role={project.raindataStatus === 'error' ? 'alert' : undefined}>
            {project.raindataStatus === 'loading' ? t('common:wait.title') : project.raindataStatus === 'error' ? t('extras.rainFailed') : t('extras.noRainData')}
          </p>
          {project.raindataStatus === 'error' && (
            <Button variant="secondary" onPress={() => void project.loadRaindata()}>
              {t('common:actions.retry')}
            </Button>
          )}
        </AppDialog>
      )}
      <ProductImportDialog store={imports} />
    </div>
  );
});

/** A `catalogueImport.*` message key in the user's language, else the server's own words. */
function importMessage(t: TFunction, messageKey: string | undefined, message: string): string {
  if (messageKey !== undefined && /^catalogueImport\.[A-Za-z]+$/.test(messageKey)) return t(messageKey, { defaultValue: message === '' ? messageKey : message });
  return message === '' ? (messageKey ?? '') : message;
}

/** Where a problem is: sheet (absent for CSV), row and column, with the row number in the UI language. */
function problemPlace(t: TFunction, p: ImportProblem, language: string): string {
  const parts: string[] = [];
  if (p.sheet !== null && p.sheet !== '') parts.push(t('upload.problemSheet', { sheet: p.sheet }));
  if (p.row !== null) parts.push(t('upload.problemRow', { row: formatNumber(p.row, language, 0) }));
  if (p.column !== null && p.column !== '') parts.push(t('upload.problemColumn', { column: p.column }));
  return parts.join(', ');
}

/** The problems of a refused catalogue file, one line each at its cell. */
function ImportProblems({ problems }: { problems: readonly ImportProblem[] }) {
  const { t, i18n } = useTranslation('configurator');
  return (
    <div className="rp-upload__problems">
      <p>{t('upload.problemsTitle', { count: problems.length })}</p>
      <ul aria-label={t('upload.problemsLabel')}>
        {problems.map((p, i) => {
          const place = problemPlace(t, p, i18n.language);
          return (
            <li key={i}>
              {place === '' ? '' : `${place}: `}
              {importMessage(t, p.messageKey, p.message)}
            </li>
          );
        })}
      </ul>
      {problems.length >= 50 && <p className="rp-hint">{t('upload.problemsMore')}</p>}
    </div>
  );
}

export const ProductImportDialog = observer(function ProductImportDialog({ store }: { store: ProductImportStore }) {
  const { t } = useTranslation('configurator');
  const { session } = useStores();
  const { state } = store;
  const busy = state === 'UPLOADING';
  const errorText = (f: ImportFailure | undefined) => {
    if (f === undefined) return '';
    if (f.key === 'unsupported') return t('errors:error.20');
    if (f.key === 'tooLarge') return t('extras.tooLarge');
    if (f.problems !== undefined && f.problems.length > 0) return t('upload.refused');
    if (f.messageKey !== undefined) return t('upload.failed', { message: importMessage(t, f.messageKey, f.message ?? '') });
    return t('upload.failed', { message: translateNotice(t, { ...(f.code === undefined ? {} : { code: f.code }), ...(f.message === undefined ? {} : { message: f.message }) }) });
  };
  return (
    <AppDialog
      isOpen={store.isOpen}
      title={t('upload.title')}
      onClose={busy ? undefined : () => store.close()}
      isDismissable={!busy}
      actions={
        <>
          {!busy && state !== 'SUCCESS' && (
            <Button variant="secondary" onPress={() => store.close()}>
              {t('common:actions.cancel')}
            </Button>
          )}
          {state === 'SELECTED' && <Button onPress={() => void store.upload()}>{t('common:actions.upload')}</Button>}
          {state === 'ERROR' && <Button onPress={() => store.retry()}>{t('common:actions.retry')}</Button>}
          {state === 'SUCCESS' && <Button onPress={() => store.close()}>{t('common:actions.close')}</Button>}
        </>
      }
    >
      {(state === 'WAITING' || state === 'SELECTED') && (
        <div className="rp-upload">
          <p className="rp-hint">{t('upload.hint')}</p>
          <FileTrigger
            acceptedFileTypes={['.csv', '.xlsx', 'text/csv', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet']}
            onSelect={(files) => {
              const file = files?.[0];
              if (file !== undefined) store.select(file);
            }}
          >
            <Button variant="secondary">{t('common:dialog.chooseFile')}</Button>
          </FileTrigger>
          {session.isAdmin && (
            <p className="rp-upload__template">
              <Button variant="ghost" isDisabled={store.templateState === 'loading'} onPress={() => void store.downloadTemplate('demo')}>
                {t('upload.template')}
              </Button>{' '}
              <Button variant="ghost" isDisabled={store.templateState === 'loading'} onPress={() => void store.downloadTemplate('current')}>
                {t('upload.templateCurrent')}
              </Button>
            </p>
          )}
          {store.templateState === 'failed' && (
            <p className="rp-field__error" role="alert">
              {t('upload.templateFailed')}
            </p>
          )}
          {state === 'SELECTED' && (
            <p className="rp-upload__file">
              {store.file?.name}{' '}
              <Button variant="ghost" onPress={() => store.changeFile()}>
                {t('common:actions.changeFile')}
              </Button>
            </p>
          )}
        </div>
      )}
      {busy && <ProgressBar aria-label={t('common:wait.title')} isIndeterminate className="rp-progress" />}
      {state === 'SUCCESS' && <p role="status">{store.imported === undefined ? t('upload.doneUnknown') : t('upload.done', { count: store.imported })}</p>}
      {state === 'ERROR' && <p role="alert">{errorText(store.failure)}</p>}
      {state === 'ERROR' && store.failure?.problems !== undefined && store.failure.problems.length > 0 && <ImportProblems problems={store.failure.problems} />}
    </AppDialog>
  );
});
