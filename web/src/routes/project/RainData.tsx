/**
 * Rain data of the open project (platform spec sections 2–4): the view dialog (series table of
 * annualities × durations in l/(s·ha), dataset edition and KOSTRA cell) and the custom rain data
 * upload (UploadDialog states; confirmation in an editable table).
 */
import { KOSTRA_ATTRIBUTION } from '@rainplan/engine/rain';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import type { Raindata } from '../../api/index.ts';
import { DataTable, type DataTableColumn } from '../../components/DataTable.tsx';
import { AppDialog, UploadDialog } from '../../components/Dialog.tsx';
import { Button } from '../../components/Button.tsx';
import { config } from '../../config.ts';
import { useStores } from '../../stores/StoreContext.tsx';
import type { RainUploadState } from '../../stores/ProjectStore.ts';
import { readRainFile } from './rainFile.ts';

/** File name of the template under config.fileTemplatesPath (web/public/file-templates). */
export const RAIN_TEMPLATE_FILE = 'rainplan-rain-data-template-v1.0.csv';

function durations(data: Raindata): number[] {
  const all = new Set<number>();
  for (const entry of data.raindataSeries) for (const v of entry.valuesForDurations) all.add(v.duration);
  return [...all].sort((a, b) => a - b);
}

function valueAt(data: Raindata, annuality: number, duration: number): number {
  return data.raindataSeries.find((e) => e.annuality === annuality)?.valuesForDurations.find((v) => v.duration === duration)?.value ?? 0;
}

export function RainTable({ data }: { data: Raindata }) {
  const { t, i18n } = useTranslation('project');
  const format = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1, minimumFractionDigits: 1 });
  const annualities = data.raindataSeries.map((e) => e.annuality).sort((a, b) => a - b);
  return (
    <div className="rp-rain__scroll" tabIndex={0} role="region" aria-label={t('rain.tableLabel')}>
      <table className="rp-rain__table">
        <caption className="rp-visually-hidden">{t('rain.tableLabel')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('rain.duration')}</th>
            {annualities.map((T) => (
              <th key={T} scope="col">
                {t('rain.annuality', { value: T })}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {durations(data).map((D) => (
            <tr key={D}>
              <th scope="row">{D}</th>
              {annualities.map((T) => {
                const v = valueAt(data, T, D);
                return <td key={T}>{v > 0 ? format.format(v) : '---'}</td>;
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * DWD's attribution of a KOSTRA edition (CC BY 4.0: notice, source, licence, what rainplan
 * changed; the texts live once in the engine) and, for KOSTRA-DWD-2010R, that the current
 * KOSTRA-DWD-2020 can be imported. Nothing for custom rain data.
 */
export function RainAttribution({ edition }: { edition: string }) {
  const { t, i18n } = useTranslation('project');
  const a = KOSTRA_ATTRIBUTION[edition as keyof typeof KOSTRA_ATTRIBUTION];
  if (a === undefined) return null;
  const language = i18n.language.startsWith('en') ? 'en' : 'de';
  return (
    <div className="rp-rain__attribution">
      <p>
        {a.notice} ({a.dataset};{' '}
        <a href={a.sourceUrl} target="_blank" rel="noreferrer">
          {a.source}
        </a>
        ,{' '}
        <a href={a.licenseUrl} target="_blank" rel="noreferrer">
          {a.license}
        </a>
        ). {a.modifications[language]}
      </p>
      {edition === 'KOSTRA-DWD-2010R' && <p>{t('rain.import2020')}</p>}
    </div>
  );
}

export const RainDataDialog = observer(function RainDataDialog({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  const { t } = useTranslation('project');
  const { project } = useStores();
  const data = project.raindata;
  if (data === undefined) return null;
  const edition = data.source?.edition ?? (project.usesCustomRaindata ? 'custom' : '');
  return (
    <AppDialog
      isOpen={isOpen}
      title={t('rain.title')}
      onClose={onClose}
      className="rp-modal--wide"
      actions={<Button onPress={onClose}>{t('common:actions.close')}</Button>}
    >
      <dl className="rp-rain__meta">
        <dt>{t('rain.edition')}</dt>
        <dd>{edition === 'custom' ? t('rain.custom') : edition}</dd>
        <dt>{t('rain.kostraCell')}</dt>
        <dd>{data.kostraCell === null ? (data.source?.cell ?? '—') : t('rain.cell', { row: data.kostraCell.row, column: data.kostraCell.column })}</dd>
        <dt>{t('rain.unit')}</dt>
        <dd>l/(s·ha)</dd>
      </dl>
      <RainTable data={data} />
      <RainAttribution edition={edition} />
    </AppDialog>
  );
});

interface EditRow {
  readonly id: string;
  readonly duration: number;
  readonly [annuality: `T${number}`]: number;
}

function editRows(data: Raindata): EditRow[] {
  return durations(data).map((duration) => {
    const row: Record<string, number | string> = { id: String(duration), duration };
    for (const e of data.raindataSeries) row[`T${e.annuality}`] = valueAt(data, e.annuality, duration);
    return row as unknown as EditRow;
  });
}

function withRow(data: Raindata, row: EditRow): Raindata {
  return {
    ...data,
    raindataSeries: data.raindataSeries.map((e) => ({
      annuality: e.annuality,
      valuesForDurations: e.valuesForDurations.map((v) => {
        if (v.duration !== row.duration) return v;
        const value = row[`T${e.annuality}`];
        return { duration: v.duration, value: typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : 0 };
      }),
    })),
  };
}

export const RainUploadDialog = observer(function RainUploadDialog({ upload: given }: { upload?: RainUploadState } = {}) {
  const { t } = useTranslation('project');
  const { project } = useStores();
  const upload = given ?? project.rainUpload; // trial mode passes its own state
  const parsed = upload.parsed;
  const columns: DataTableColumn<EditRow>[] = [
    { id: 'duration', header: t('rain.duration'), sortable: false },
    ...(parsed?.raindataSeries ?? []).map((e) => ({
      id: `T${e.annuality}`,
      header: t('rain.annuality', { value: e.annuality }),
      sortable: false,
      editor: { type: 'number' as const, min: 0, step: 0.1 },
    })),
  ];
  const errorText =
    upload.errors.length === 0
      ? undefined
      : upload.errors
          .slice(0, 5)
          .map((e) => {
            const text = t(`rain.errors.${e.code}`, { defaultValue: t('rain.errors.INVALID_DATA') });
            if (e.row !== undefined && e.column !== undefined) return `${text} (${t('rain.at', { row: e.row, column: e.column })})`;
            if (e.row !== undefined) return `${text} (${t('rain.atRow', { row: e.row })})`;
            return text;
          })
          .join(' · ');
  return (
    <UploadDialog
      isOpen={upload.open}
      title={t('rain.uploadTitle')}
      state={upload.step}
      fileName={upload.file?.name}
      errorText={errorText}
      canContinue={parsed?.raindataSeries.some((e) => e.valuesForDurations.some((v) => v.value > 0)) === true}
      confirmation={
        parsed === undefined ? undefined : (
          <>
            <p>{t('rain.confirmText')}</p>
            <DataTable
              caption={t('rain.tableLabel')}
              columns={columns}
              data={editRows(parsed)}
              getRowId={(row) => row.id}
              initialPageSize={50}
              onRowChange={(row) => upload.setParsed(withRow(parsed, row))}
            />
          </>
        )
      }
      onSelectFile={(file) => upload.selectFile(file)}
      onChangeFile={() => upload.changeFile()}
      onUpload={() => void upload.upload(readRainFile)}
      onConfirm={() => void upload.confirm()}
      onRetry={() => upload.retry()}
      onClose={() => upload.close()}
    />
  );
});

export function RainTemplateLink() {
  const { t } = useTranslation('project');
  return (
    <a href={`${config.fileTemplatesPath}/${RAIN_TEMPLATE_FILE}`} download={RAIN_TEMPLATE_FILE}>
      {t('rain.template')}
    </a>
  );
}
