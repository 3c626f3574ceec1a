/**
 * The product-list dialog (planning spec §2 "Other dialogs"): add a product from the catalogue
 * (autocomplete by article number, order number or name), an editable table (sorting, paging,
 * quantity and unit price edited in place with the UI language's number format, delete a row,
 * empty and loading messages, at most 60vh high), the total in decimal, Save and Cancel. Cancel
 * drops the draft; a failed save keeps it and says why.
 */
import { observer } from 'mobx-react-lite';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ComboBox, Input, Label, ListBox, ListBoxItem, NumberField as AriaNumberField, Popover } from 'react-aria-components';
import { formatDecimalString } from '@rainplan/engine/documents';
import { AppDialog } from '../components/Dialog.tsx';
import { Button } from '../components/Button.tsx';
import { DataTable, type DataTableColumn } from '../components/DataTable.tsx';
import { useStores } from '../stores/StoreContext.tsx';
import { reasonText } from './DocumentsStore.ts';
import { documentLanguage } from './massListFiles.ts';
import { MAX_QUANTITY, MAX_UNIT_PRICE, ProductListStore, type DraftLine, type ProductListOwner } from './ProductListStore.ts';

/** A compact number input for a table cell (react-aria: formatted and parsed in the UI language). */
function CellNumber({ label, value, onChange, decimals, max }: { label: string; value: number | null; onChange: (value: number) => void; decimals: number; max: number }) {
  return (
    <AriaNumberField
      aria-label={label}
      value={value ?? Number.NaN}
      minValue={0}
      maxValue={max}
      formatOptions={{ minimumFractionDigits: decimals === 2 ? 2 : 0, maximumFractionDigits: decimals }}
      onChange={onChange}
      className="rp-products__number"
    >
      <Input className="rp-field__input rp-products__input" placeholder="---" />
    </AriaNumberField>
  );
}

export interface ProductListDialogProps {
  readonly owner: ProductListOwner;
  readonly onClose: () => void;
}

/** The dialog; mount it to open it (it loads the list and the catalogue), unmount to close it. */
export const ProductListDialog = observer(function ProductListDialog({ owner, onClose }: ProductListDialogProps) {
  const root = useStores();
  const { t, i18n } = useTranslation('documents');
  const [store] = useState(() => new ProductListStore(root, owner));
  const [query, setQuery] = useState('');
  // A new combo box after each choice: closed, empty and focused again for the next product.
  const [added, setAdded] = useState(0);
  const lang = documentLanguage(i18n.language);

  useEffect(() => {
    void store.load();
  }, [store]);

  const totals = store.totals;
  const lineTotals = useMemo(() => new Map(store.lines.map((l, i) => [l.id, totals.lineTotals[i] ?? null])), [store.lines, totals]);
  const money = (value: string | null) => (value === null ? '---' : formatDecimalString(value, lang));

  const columns: DataTableColumn<DraftLine>[] = [
    { id: 'materialNumber', header: t('products.column.materialNumber') },
    { id: 'text', header: t('products.column.text') },
    {
      id: 'quantity',
      header: t('products.column.quantity'),
      value: (row) => Number(row.quantity),
      render: (row) => (
        <CellNumber label={t('products.quantityOf', { name: row.text })} value={Number(row.quantity)} decimals={3} max={MAX_QUANTITY} onChange={(quantity) => store.update(row.id, { quantity })} />
      ),
    },
    { id: 'unit', header: t('products.column.unit') },
    {
      id: 'unitPrice',
      header: t('products.column.unitPrice'),
      value: (row) => (row.unitPrice === null ? -1 : Number(row.unitPrice)),
      render: (row) => (
        <CellNumber
          label={t('products.unitPriceOf', { name: row.text })}
          value={row.unitPrice === null ? null : Number(row.unitPrice)}
          decimals={2}
          max={MAX_UNIT_PRICE}
          onChange={(unitPrice) => store.update(row.id, { unitPrice: Number.isNaN(unitPrice) ? null : unitPrice })}
        />
      ),
    },
    {
      id: 'totalPrice',
      header: t('products.column.totalPrice'),
      value: (row) => Number(lineTotals.get(row.id) ?? -1),
      render: (row) => <span className="rp-products__money">{money(lineTotals.get(row.id) ?? null)}</span>,
    },
  ];

  const options = store.search(query);
  const loading = store.status === 'loading';

  return (
    <AppDialog
      isOpen
      title={t(owner.kind === 'measure' ? 'products.titleMeasure' : 'products.titleConfiguration', { name: owner.name })}
      onClose={store.saving ? undefined : onClose}
      className="rp-products-dialog"
      actions={
        <>
          <Button variant="secondary" onPress={onClose} isDisabled={store.saving}>
            {t('common:actions.cancel')}
          </Button>
          <Button
            variant="primary"
            isDisabled={store.saving || store.status !== 'loaded'}
            onPress={() => {
              void store.save().then((ok) => {
                if (ok) onClose();
              });
            }}
          >
            {store.saving ? t('products.saving') : t('common:actions.save')}
          </Button>
        </>
      }
    >
      <ComboBox
        key={added}
        autoFocus={added > 0}
        className="rp-field rp-products__add"
        items={options}
        inputValue={query}
        onInputChange={setQuery}
        selectedKey={null}
        menuTrigger="input"
        isDisabled={store.catalogueStatus !== 'loaded' || store.status !== 'loaded'}
        onSelectionChange={(key) => {
          if (key === null) return;
          store.add(String(key));
          setQuery('');
          setAdded((n) => n + 1);
        }}
      >
        <Label className="rp-field__label">{t('products.add')}</Label>
        <Input className="rp-field__input" placeholder={t('products.addPlaceholder')} />
        <Popover className="rp-popover">
          <ListBox className="rp-listbox" renderEmptyState={() => <p className="rp-listbox__empty">{t('products.noMatch')}</p>}>
            {(p: (typeof options)[number]) => (
              <ListBoxItem id={p.materialNumber} textValue={`${p.materialNumber} ${p.text}`} className="rp-listbox__item">
                <span className="rp-products__option-number">{p.materialNumber}</span> {p.text} <span className="rp-muted">({money(p.unitPrice)} / {p.unit})</span>
              </ListBoxItem>
            )}
          </ListBox>
        </Popover>
      </ComboBox>
      {store.catalogueStatus === 'failed' && (
        <p className="rp-field__error" role="alert">
          {t('products.catalogueFailed')}
        </p>
      )}
      {store.status === 'failed' ? (
        <div role="alert" className="rp-documents__failure">
          <p>{reasonText(t, store.error ?? '')}</p>
          <Button variant="secondary" onPress={() => void store.load()}>
            {t('products.retry')}
          </Button>
        </div>
      ) : (
        <div className="rp-products__table">
          <DataTable<DraftLine>
            caption={t('products.caption')}
            columns={columns}
            data={store.lines}
            getRowId={(row) => row.id}
            loading={loading}
            emptyMessage={t('products.empty')}
            onDeleteRow={(row) => store.remove(row.id)}
          />
        </div>
      )}
      <p className="rp-products__total" data-testid="products-total">
        <strong>{t('products.total')}</strong> {money(totals.total)} {t('products.currency')}
      </p>
      {store.error !== undefined && store.status !== 'failed' && (
        <p className="rp-field__error" role="alert">
          {reasonText(t, store.error)}
        </p>
      )}
    </AppDialog>
  );
});
