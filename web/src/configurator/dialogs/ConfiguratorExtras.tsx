/**
 * The configurator's further dialogs (planning spec §2): rain data of the project (the project
 * data's rain view), the changelog, and — for administrators — the spreadsheet upload of the
 * product catalogue. A small group of buttons for the page's header row.
 */
import './dialogs.css';
import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FileTrigger, ProgressBar } from 'react-aria-components';
import { AppDialog } from '../../components/Dialog.tsx';
import { Button } from '../../components/Button.tsx';
import { translateNotice } from '../../i18n/index.ts';
import { RainDataDialog } from '../../routes/project/RainData.tsx';
import { useStores } from '../../stores/StoreContext.tsx';
import { ProductImportStore, type ImportFailure } from './ProductImportStore.ts';

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

export const ProductImportDialog = observer(function ProductImportDialog({ store }: { store: ProductImportStore }) {
  const { t } = useTranslation('configurator');
  const { state } = store;
  const busy = state === 'UPLOADING';
  const errorText = (f: ImportFailure | undefined) => {
    if (f === undefined) return '';
    if (f.key === 'unsupported') return t('errors:error.20');
    if (f.key === 'tooLarge') return t('extras.tooLarge');
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
    </AppDialog>
  );
});
