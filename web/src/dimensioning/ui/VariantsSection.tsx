/**
 * The "Variants" section of the measure editor (issue 19 part 2, decision 0148): the chosen
 * variant's name, add / rename / delete / choose, the comparison side by side (the engine's
 * `compareVariants` in the worker; the bill totals from the api's comparison with the catalogue's
 * prices) with each figure's signed difference to the chosen variant, and the printable
 * comparison. Presentation only: every figure comes from the engine, every action from the store.
 */
import { VARIANT_FIGURE_DECIMALS, type Measure, type VariantComparisonRow, type VariantFigures } from '@rainplan/engine';
import { observer } from 'mobx-react-lite';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button.tsx';
import { ConfirmDialog, DeleteDialog, ProgressDialog, RenameDialog } from '../../components/Dialog.tsx';
import { TextField } from '../../components/TextField.tsx';
import { reasonText } from '../../documents/DocumentsStore.ts';
import { useStores } from '../../stores/StoreContext.tsx';
import { MAX_VARIANTS, rowKey, variantsStore, type BillFigure } from '../VariantsStore.ts';
import { DASHES, formatNumber } from './format.ts';

type NumberKey = Exclude<keyof VariantFigures, 'billTotal' | 'floodingExtraVolumeM3'>;

/** The figure rows, each with the engine's decimals of the comparison (decision 0218). */
const FIGURES: readonly { key: NumberKey; label: string; digits: number }[] = (
  [
    ['requiredVolumeM3', 'required'],
    ['availableVolumeM3', 'available'],
    ['requiredLengthM', 'requiredLength'],
    ['footprintM2', 'footprint'],
    ['depthM', 'depth'],
    ['drainingTimeH', 'drainingTime'],
  ] as const
).map(([key, label]) => ({ key, label, digits: VARIANT_FIGURE_DECIMALS[key] }));

/** A signed difference ("+1,50", "-2,00", "±0") in the UI language, `digits` decimals like its row; nothing when undefined. */
export function signed(value: number | undefined, language: string, digits = 2): string | undefined {
  if (value === undefined || !Number.isFinite(value)) return undefined;
  const rounded = Number(value.toFixed(digits));
  if (rounded === 0) return '±0';
  return new Intl.NumberFormat(language, { minimumFractionDigits: digits, maximumFractionDigits: digits, signDisplay: 'exceptZero' }).format(rounded);
}

/** A money amount (decimal string) in the UI language, 2 decimals. */
export function money(amount: string | undefined, language: string, sign = false): string | undefined {
  if (amount === undefined || amount.trim() === '' || !Number.isFinite(Number(amount))) return undefined;
  const value = Number(amount);
  const text = new Intl.NumberFormat(language, { minimumFractionDigits: 2, maximumFractionDigits: 2, ...(sign ? { signDisplay: 'exceptZero' as const } : {}) }).format(value);
  return sign && value === 0 ? `±${text}` : text;
}

function Cell({ value, diff, testId }: { value: ReactNode; diff?: string | undefined; testId: string }) {
  const { t } = useTranslation('dimensioning');
  return (
    <td data-testid={testId}>
      <span className="rp-variants__value">{value}</span>
      {diff !== undefined && (
        <span className="rp-variants__diff" data-testid={`${testId}-diff`} title={t('variants.diff', { diff })}>
          {diff}
        </span>
      )}
    </td>
  );
}

/** The chosen variant's name: commits on every keystroke; blank clears it (the default name shows). */
function ChosenName({ measure, onCommit }: { measure: Measure; onCommit: (name: string) => void }) {
  const { t } = useTranslation('dimensioning');
  const value = measure.variantName ?? '';
  const [text, setText] = useState(value);
  useEffect(() => {
    setText((current) => (current.trim() === value ? current : value));
  }, [value]);
  return (
    <TextField
      label={t('variants.chosenName')}
      value={text}
      maxLength={200}
      placeholder={t('variants.chosenDefault')}
      onChange={(next) => {
        setText(next);
        if (next.trim() !== value) onCommit(next);
      }}
    />
  );
}

export const VariantsSection = observer(function VariantsSection({ measure, projectName }: { measure: Measure; projectName: string }) {
  const { t, i18n } = useTranslation('dimensioning');
  const root = useStores();
  const store = variantsStore(root);
  const { waterflow } = root;
  const lang = i18n.language;
  const id = measure.id;
  const result = waterflow.measureResults.get(id);
  const [dialog, setDialog] = useState<{ kind: 'rename' | 'remove' | 'choose'; variantId: string; name: string } | undefined>(undefined);

  const hasVariants = (measure.variants?.length ?? 0) > 0;
  // the comparison follows every edit of the measure and its results (the engine in the worker);
  // a measure without variants costs the worker nothing extra per keystroke
  useEffect(() => {
    if (hasVariants) void store.compare(id);
    else store.show(id);
  }, [store, id, measure, result, hasVariants]);
  // the prices once per measure shown (they need the server's catalogue)
  useEffect(() => {
    if (store.prices.status === 'idle' && (measure.variants?.length ?? 0) > 0) void store.loadPrices(id);
  }, [store, id, measure.variants]);

  const variants = measure.variants ?? [];
  const comparison = store.comparison?.measureId === id ? store.comparison : undefined;
  const rows = comparison?.rows ?? [];
  const prices = store.prices;
  const busy = store.running !== undefined;
  // a row's figures with the same decimals in every column, so they line up and compare (12,00 beside 7,68)
  const n = (value: number | undefined, digits: number) => formatNumber(value, lang, digits, digits);
  const chosenName = measure.variantName ?? t('variants.chosenDefault');
  const bill = (row: VariantComparisonRow): BillFigure | undefined => (prices.status === 'loaded' ? prices.bills.get(rowKey(row.variantId)) : undefined);

  const verdict = (row: VariantComparisonRow) => (row.passes === undefined ? t('variants.notSized') : row.passes ? t('variants.pass') : t('variants.fail'));
  const band = (row: VariantComparisonRow) => (row.coversUpperBand === undefined ? t('variants.noBand') : row.coversUpperBand ? t('variants.yes') : t('variants.no'));

  return (
    <section className="rp-variants" aria-labelledby="variants-title" data-testid="variants">
      <h2 id="variants-title">{t('variants.heading')}</h2>
      <p className="rp-muted">{t('variants.intro')}</p>
      <div className="rp-grid">
        <ChosenName measure={measure} onCommit={(name) => void store.renameChosen(id, name)} />
      </div>
      <div className="rp-actions">
        <Button variant="secondary" isDisabled={busy || variants.length >= MAX_VARIANTS} onPress={() => void store.add(id)}>
          {t('variants.add')}
        </Button>
        <Button variant="secondary" isDisabled={store.printing || variants.length === 0} onPress={() => void store.print(id, projectName)}>
          {t('variants.print')}
        </Button>
        {variants.length >= MAX_VARIANTS && <span className="rp-muted">{t('variants.max', { max: MAX_VARIANTS })}</span>}
      </div>

      {variants.length === 0 ? (
        <p className="rp-muted" data-testid="variants-none">
          {t('variants.none')}
        </p>
      ) : (
        <>
          {store.comparisonFailed && (
            <p className="rp-warn" role="alert">
              {t('variants.failed.compare')}{' '}
              <Button variant="ghost" onPress={() => void store.compare(id)}>
                {t('variants.retry')}
              </Button>
            </p>
          )}
          <div className="rp-variants__scroll">
            <table className="rp-calc-table rp-variants__table" aria-label={t('variants.compare')}>
              <thead>
                <tr>
                  <th scope="col">{t('variants.figure')}</th>
                  {rows.map((row) => (
                    <th scope="col" key={rowKey(row.variantId)} data-testid={`variant-head-${rowKey(row.variantId) || 'chosen'}`}>
                      <span className="rp-variants__name">{row.chosen ? chosenName : row.name}</span>
                      {row.chosen ? (
                        <span className="rp-variants__chosen"> ({t('variants.chosen')})</span>
                      ) : (
                        <span className="rp-variants__actions">
                          <Button variant="primary" isDisabled={busy} aria-label={`${t('variants.choose')}: ${row.name}`} onPress={() => setDialog({ kind: 'choose', variantId: row.variantId!, name: row.name })}>
                            {t('variants.choose')}
                          </Button>
                          <Button variant="ghost" isDisabled={busy} aria-label={`${t('variants.rename')}: ${row.name}`} onPress={() => setDialog({ kind: 'rename', variantId: row.variantId!, name: row.name })}>
                            {t('variants.rename')}
                          </Button>
                          <Button variant="ghost" isDisabled={busy} aria-label={`${t('variants.delete')}: ${row.name}`} onPress={() => setDialog({ kind: 'remove', variantId: row.variantId!, name: row.name })}>
                            {t('variants.delete')}
                          </Button>
                        </span>
                      )}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                <tr>
                  <th scope="row">{t('variants.rows.kind')}</th>
                  {rows.map((row) => (
                    <Cell key={rowKey(row.variantId)} testId={`variant-${rowKey(row.variantId) || 'chosen'}-kind`} value={row.type === null ? DASHES : t(`variants.type.${row.type}`)} />
                  ))}
                </tr>
                {FIGURES.map((f) => (
                  <tr key={f.key}>
                    <th scope="row">{t(`variants.rows.${f.label}`)}</th>
                    {rows.map((row) => (
                      <Cell key={rowKey(row.variantId)} testId={`variant-${rowKey(row.variantId) || 'chosen'}-${f.label}`} value={n(row[f.key], f.digits)} diff={row.chosen ? undefined : signed(row.differences[f.key], lang, f.digits)} />
                    ))}
                  </tr>
                ))}
                <tr>
                  <th scope="row">{t('variants.rows.verdict')}</th>
                  {rows.map((row) => (
                    <Cell key={rowKey(row.variantId)} testId={`variant-${rowKey(row.variantId) || 'chosen'}-verdict`} value={<span className={row.passes === undefined ? 'rp-muted' : row.passes ? 'rp-ok' : 'rp-warn'}>{verdict(row)}</span>} />
                  ))}
                </tr>
                <tr>
                  <th scope="row">{t('variants.rows.bandUpper')}</th>
                  {rows.map((row) => (
                    <Cell key={rowKey(row.variantId)} testId={`variant-${rowKey(row.variantId) || 'chosen'}-band`} value={band(row)} />
                  ))}
                </tr>
                <tr>
                  <th scope="row">{t('variants.rows.bill')}</th>
                  {rows.map((row) => {
                    const b = bill(row);
                    return (
                      <Cell
                        key={rowKey(row.variantId)}
                        testId={`variant-${rowKey(row.variantId) || 'chosen'}-bill`}
                        value={prices.status === 'loaded' ? (money(b?.total, lang) ?? t('variants.billNone')) : DASHES}
                        diff={row.chosen || b === undefined ? undefined : money(b.diff, lang, true)}
                      />
                    );
                  })}
                </tr>
              </tbody>
            </table>
          </div>
          <p className="rp-muted" data-testid="variants-diff-note">
            {t('variants.diffNote')}
          </p>
          <div className="rp-variants__prices" data-testid="variants-prices" aria-live="polite">
            {prices.status === 'loading' && <span className="rp-muted">{t('variants.billLoading')}</span>}
            {prices.status === 'unavailable' && <span className="rp-muted">{t('variants.billUnavailable')}</span>}
            {prices.status === 'failed' && (
              <span className="rp-warn">
                {t('variants.billFailed', { reason: reasonText((k) => i18n.t(k), prices.reason) })}{' '}
                <Button variant="ghost" onPress={() => void store.loadPrices(id)}>
                  {t('variants.billRetry')}
                </Button>
              </span>
            )}
            {prices.status === 'loaded' && store.pricesStale && (
              <span className="rp-muted">
                {t('variants.billStale')}{' '}
                <Button variant="ghost" onPress={() => void store.loadPrices(id)}>
                  {t('variants.billUpdate')}
                </Button>
              </span>
            )}
          </div>
        </>
      )}

      <RenameDialog
        key={dialog?.kind === 'rename' ? dialog.variantId : 'rename'}
        isOpen={dialog?.kind === 'rename'}
        title={t('variants.renameTitle')}
        initialName={dialog?.name ?? ''}
        onCancel={() => setDialog(undefined)}
        onSubmit={(name) => {
          const d = dialog;
          setDialog(undefined);
          if (d !== undefined) void store.rename(id, d.variantId, name);
        }}
      />
      <DeleteDialog
        isOpen={dialog?.kind === 'remove'}
        name={dialog?.name ?? ''}
        onCancel={() => setDialog(undefined)}
        onConfirm={() => {
          const d = dialog;
          setDialog(undefined);
          if (d !== undefined) void store.remove(id, d.variantId);
        }}
      />
      <ConfirmDialog
        isOpen={dialog?.kind === 'choose'}
        title={t('variants.chooseTitle')}
        text={<p>{t('variants.chooseText', { name: dialog?.name ?? '', current: chosenName })}</p>}
        confirmLabel={t('variants.chooseConfirm')}
        onCancel={() => setDialog(undefined)}
        onConfirm={() => {
          const d = dialog;
          setDialog(undefined);
          if (d !== undefined) void store.choose(id, d.variantId);
        }}
      />
      {/* modal while the choice is made: the measure cannot be edited meanwhile (its answer replaces the node) */}
      <ProgressDialog isOpen={store.running?.startsWith('choose:') === true} title={t('variants.choosing')} />
    </section>
  );
});
