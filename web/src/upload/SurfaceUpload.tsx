/**
 * Sealed-surface spreadsheet upload (template v1.1): `<SurfaceUploadButton save={…} />` opens the
 * upload dialog (states of platform spec section 4; parsed rows in an editable table) and offers
 * the template downloads. `save` adds the confirmed surfaces to the waterflow (the waterflow
 * store's action, or `addSurfacesWithRepository`) and resolves false when they could not be saved.
 * This module imports the engine's parser; papaparse and exceljs load only when a file is read.
 */
import { useMemo, useRef, useState } from 'react';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { AREA_GROUP_IDS, GROUND_POLLUTION_IDS, RUNOFF_TYPE_IDS } from '@rainplan/engine/tables';
import { SURFACE_TEMPLATE_DRAIN_LABELS, SURFACE_TEMPLATE_RUNOFF_LABELS, type NewSurface } from '@rainplan/engine';
import { Button } from '../components/Button.tsx';
import { UploadDialog } from '../components/Dialog.tsx';
import { DataTable, type DataTableColumn } from '../components/DataTable.tsx';
import { SURFACE_TEMPLATE_FILES, templateUrl } from './templateFiles.ts';
import { useStores } from '../stores/StoreContext.tsx';
import { addSurfacesToWaterflow } from './addSurfacesWithRepository.ts';
import { SurfaceUploadStore, type SurfaceRow, type UploadError } from './SurfaceUploadStore.ts';
import './upload.css';


const MAX_SHOWN_ERRORS = 5;

const lang = (language: string): 'de' | 'en' => (language.startsWith('en') ? 'en' : 'de');

/** Link to the surface template in the current language. */
export function SurfaceTemplateLink() {
  const { t, i18n } = useTranslation('upload');
  const file = SURFACE_TEMPLATE_FILES[lang(i18n.language)];
  return (
    <a className="rp-template-link" href={templateUrl(file)} download={file}>
      {t('surface.template')}
    </a>
  );
}

export function uploadErrorText(t: TFunction, error: UploadError): string {
  const where = error.row === undefined ? '' : error.column === undefined ? t('upload:where.row', { row: error.row }) : t('upload:where.cell', { row: error.row, column: columnName(error.column) });
  const what = error.messageKey === undefined ? '' : t(`upload:engine.${error.messageKey}`, { ...error.params, defaultValue: error.detail ?? '' });
  return [t(`upload:code.${error.code}`), where, what].filter((s) => s !== '').join(' – ');
}

/** 1 → A, 27 → AA. */
export function columnName(column: number): string {
  let name = '';
  for (let c = column; c > 0; c = Math.floor((c - 1) / 26)) name = String.fromCharCode(65 + ((c - 1) % 26)) + name;
  return name;
}

export const SurfaceUploadDialog = observer(function SurfaceUploadDialog({ store }: { store: SurfaceUploadStore }) {
  const { t, i18n } = useTranslation('upload');
  const language = lang(i18n.language);
  const columns = useMemo<DataTableColumn<SurfaceRow>[]>(() => {
    const none = { id: '', label: t('surface.none') };
    const runoffLabel = (id: string | null) => (id === null ? '' : (SURFACE_TEMPLATE_RUNOFF_LABELS[id as keyof typeof SURFACE_TEMPLATE_RUNOFF_LABELS]?.[language] ?? id));
    const drainLabel = (id: string | null) => (id === null ? '' : (SURFACE_TEMPLATE_DRAIN_LABELS[id as keyof typeof SURFACE_TEMPLATE_DRAIN_LABELS]?.[language] ?? id));
    const fmt = (v: number | null) => (v === null ? '---' : v.toLocaleString(i18n.language));
    return [
      { id: 'row', header: t('surface.column.row'), sortable: true },
      { id: 'name', header: t('surface.column.name'), editor: { type: 'text' } },
      { id: 'value', header: t('surface.column.value'), render: (r) => fmt(r.value), editor: { type: 'number', min: 0, step: 0.01 } },
      {
        id: 'runoff',
        header: t('surface.column.runoff'),
        render: (r) => runoffLabel(r.runoff),
        editor: { type: 'select', options: [none, ...RUNOFF_TYPE_IDS.map((id) => ({ id, label: runoffLabel(id) }))] },
      },
      { id: 'cm', header: t('surface.column.cm'), render: (r) => fmt(r.cm), editor: { type: 'number', min: 0, max: 1, step: 0.01 } },
      { id: 'cs', header: t('surface.column.cs'), render: (r) => fmt(r.cs), editor: { type: 'number', min: 0, max: 1, step: 0.01 } },
      {
        id: 'drain',
        header: t('surface.column.drain'),
        render: (r) => drainLabel(r.drain),
        editor: { type: 'select', options: [none, ...(['Groundwater', 'Watercourse'] as const).map((id) => ({ id, label: drainLabel(id) }))] },
      },
      {
        id: 'groundPollutionM153',
        header: t('surface.column.groundPollutionM153'),
        editor: { type: 'select', options: [none, ...GROUND_POLLUTION_IDS.map((id) => ({ id, label: id }))] },
      },
      { id: 'areaGroupA102', header: t('surface.column.areaGroupA102'), editor: { type: 'select', options: [none, ...AREA_GROUP_IDS.map((id) => ({ id, label: id }))] } },
    ];
  }, [t, i18n.language, language]);

  const onRowChange = (edited: SurfaceRow) => {
    const blank = (v: unknown) => (v === '' || v === undefined || (typeof v === 'number' && Number.isNaN(v)) ? null : v);
    store.updateRow({
      ...edited,
      name: String(edited.name ?? ''),
      value: blank(edited.value) as number | null,
      runoff: blank(edited.runoff) as string | null,
      cm: blank(edited.cm) as number | null,
      cs: blank(edited.cs) as number | null,
      drain: blank(edited.drain) as string | null,
      groundPollutionM153: blank(edited.groundPollutionM153) as string | null,
      areaGroupA102: blank(edited.areaGroupA102) as string | null,
    });
  };

  const shown = store.errors.slice(0, MAX_SHOWN_ERRORS).map((e) => uploadErrorText(i18n.t, e));
  if (store.errors.length > MAX_SHOWN_ERRORS) shown.push(t('moreErrors', { count: store.errors.length - MAX_SHOWN_ERRORS }));
  const errorText = shown.length === 0 ? undefined : shown.join('; ');
  return (
    <UploadDialog
      isOpen={store.open}
      title={t('surface.title')}
      state={store.state}
      fileName={store.file?.name}
      errorText={errorText}
      canContinue={store.canContinue}
      accept={['.csv', '.xlsx', 'text/csv', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet']}
      onSelectFile={(file) => store.selectFile(file)}
      onChangeFile={() => store.changeFile()}
      onUpload={() => void store.upload()}
      onConfirm={() => void store.confirm()}
      onRetry={() => store.retry()}
      onClose={() => store.close()}
      confirmation={
        <div className="rp-upload-confirm">
          <p>{t('surface.confirmText', { count: store.rows.length })}</p>
          {store.warnings.length > 0 && (
            <details className="rp-upload-warnings">
              <summary>{t('surface.warnings', { count: store.warnings.length })}</summary>
              <ul>
                {store.warnings.map((w, i) => (
                  <li key={i}>
                    {w.row === undefined ? '' : `${t('where.row', { row: w.row })}: `}
                    {t(`engine.${w.messageKey}`, { ...w.params, defaultValue: w.detail })}
                  </li>
                ))}
              </ul>
            </details>
          )}
          <DataTable<SurfaceRow>
            caption={t('surface.tableCaption')}
            columns={columns}
            data={store.rows}
            getRowId={(r) => r.key}
            onRowChange={onRowChange}
            onDeleteRow={(r) => store.deleteRow(r)}
            emptyMessage={t('surface.noRows')}
            initialPageSize={50}
          />
        </div>
      }
    />
  );
});

export interface SurfaceUploadButtonProps {
  /** Adds the confirmed surfaces to the waterflow and saves them; false or a rejection → COULD_NOT_SAVE. */
  readonly save: (surfaces: readonly NewSurface[]) => Promise<boolean>;
  readonly variant?: 'primary' | 'secondary' | 'ghost';
}

/** The button that opens the surface upload dialog, with the template link beside it. */
export function SurfaceUploadButton({ save, variant = 'secondary' }: SurfaceUploadButtonProps) {
  const { t, i18n } = useTranslation('upload');
  const saveRef = useRef(save);
  saveRef.current = save;
  const [store] = useState(
    () =>
      new SurfaceUploadStore((surfaces) => saveRef.current(surfaces), {
        defaultName: (index) => i18n.t('upload:surface.defaultName', { number: index + 1 }),
      }),
  );
  return (
    <span className="rp-surface-upload">
      <Button variant={variant} onPress={() => store.start()}>
        {t('surface.open')}
      </Button>
      <SurfaceTemplateLink />
      <SurfaceUploadDialog store={store} />
    </span>
  );
}

/** The upload button for the open project of the dimensioning store (`store.waterflow`): one-line placement in the dimensioning screens. */
export function WaterflowSurfaceUpload() {
  const { waterflow } = useStores();
  return <SurfaceUploadButton save={(surfaces) => addSurfacesToWaterflow(waterflow, surfaces)} />;
}
