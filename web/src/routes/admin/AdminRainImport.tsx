/**
 * Rain data import for administrators (/admin/raindata; platform spec sections 3 and 7): upload
 * DWD's KOSTRA files (POST /Raindata/import, multipart field `files`, the edition chosen or
 * recognised from the files) and see the import result: new locations, new rain datasets and the
 * files that were not used. The same import runs as `npm run rain:import` (docs/api.md).
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FileTrigger } from 'react-aria-components';
import type { ImportResult } from '../../api/index.ts';
import { Button } from '../../components/Button.tsx';
import { Select } from '../../components/Select.tsx';
import { useStores } from '../../stores/StoreContext.tsx';
import { AdminTabs } from './AdminParts.tsx';
import '../auth/auth.css';

/** The editions the api reads; 'auto' (sent as an empty fileType) lets it recognise the edition from the files. */
const FILE_TYPES = ['auto', 'KOSTRA-DWD-2020', 'KOSTRA-DWD-2010R'] as const;
type FileType = (typeof FILE_TYPES)[number];

/** At most this many files per upload (a KOSTRA-DWD-2020 set has 22 duration tables and a parameter file). */
export const MAX_RAIN_FILES = 64;

export function Component() {
  const { api, ui } = useStores();
  const { t, i18n } = useTranslation('admin');
  const [fileType, setFileType] = useState<FileType>('auto');
  const [files, setFiles] = useState<readonly File[]>([]);
  const [result, setResult] = useState<ImportResult | undefined>(undefined);
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState(false);
  const tooMany = files.length > MAX_RAIN_FILES;
  const number = (value: number) => value.toLocaleString(i18n.language);

  const upload = async () => {
    setBusy(true);
    setFailed(false);
    setResult(undefined);
    try {
      setResult(await ui.withWait(() => api.raindata.import(fileType === 'auto' ? '' : fileType, files)));
    } catch {
      // the error notice says why (code 2 names the file and row)
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div>
      <div className="rp-page-head">
        <h1>{t('rain.title')}</h1>
      </div>
      <AdminTabs />
      <section className="rp-box" aria-labelledby="rain-upload-title">
        <h2 id="rain-upload-title">{t('rain.uploadTitle')}</h2>
        <p>{t('rain.intro')}</p>
        <Select
          label={t('rain.fileType')}
          options={FILE_TYPES.map((id) => ({ id, label: id === 'auto' ? t('rain.fileTypeAuto') : id }))}
          value={fileType}
          onChange={setFileType}
        />
        <div className="rp-upload">
          <FileTrigger
            allowsMultiple
            acceptedFileTypes={['.dbf', '.shp', '.shx', '.prj', '.csv', '.cpg']}
            onSelect={(list) => {
              setFiles(list === null ? [] : Array.from(list));
              setResult(undefined);
              setFailed(false);
            }}
          >
            <Button variant="secondary">{t('rain.chooseFiles')}</Button>
          </FileTrigger>
          <p className="rp-upload__hint">{t('rain.fileHint')}</p>
          {files.length > 0 && (
            <p className="rp-upload__file" role="status">
              {t('rain.chosen', { count: files.length })}
            </p>
          )}
          {tooMany && (
            <p className="rp-form__alert" role="alert">
              {t('rain.tooMany', { max: MAX_RAIN_FILES })}
            </p>
          )}
        </div>
        <div className="rp-form__actions">
          <Button isDisabled={busy || files.length === 0 || tooMany} onPress={() => void upload()}>
            {t('rain.upload')}
          </Button>
        </div>
        {failed && (
          <p className="rp-form__alert" role="alert">
            {t('rain.failed')}
          </p>
        )}
      </section>
      {result !== undefined && (
        <section className="rp-box" aria-labelledby="rain-result-title">
          <h2 id="rain-result-title">{t('rain.resultTitle')}</h2>
          <dl className="rp-dl">
            <dt>{t('rain.newLocations')}</dt>
            <dd>{number(result.newLocations)}</dd>
            <dt>{t('rain.newRainDatasets')}</dt>
            <dd>{number(result.newRainDatasets)}</dd>
            <dt>{t('rain.ignoredFiles')}</dt>
            <dd>
              {result.ignoredFiles.length === 0 ? (
                t('rain.noIgnoredFiles')
              ) : (
                <ul>
                  {result.ignoredFiles.map((file) => (
                    <li key={file}>{file}</li>
                  ))}
                </ul>
              )}
            </dd>
          </dl>
        </section>
      )}
    </div>
  );
}
