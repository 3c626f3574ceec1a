/**
 * The table of the app on @tanstack/react-table v9: sorting (click a header), pagination with
 * page sizes 10, 20, 50 and all (2147483647), inline row editing (text, number, textarea and
 * select cells), a delete-row action, expandable rows, empty and loading messages.
 *
 * Client mode (default): give all rows in `data`; the table sorts and pages them.
 * Server mode: give `totalCount` plus controlled `sorting` / `pagination` with their change
 * handlers; `data` is then the current page (project and admin lists; see stores/ListState.ts).
 */
import { Fragment, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  createPaginatedRowModel,
  createSortedRowModel,
  rowPaginationFeature,
  rowSortingFeature,
  sortFn_alphanumeric,
  sortFn_basic,
  sortFn_datetime,
  sortFn_text,
  tableFeatures,
  useTable,
  type ColumnDef,
  type PaginationState,
  type SortingState,
  type Updater,
} from '@tanstack/react-table';
import { PAGE_SIZE_ALL, PAGE_SIZES } from '../constants.ts';

const features = tableFeatures({
  rowSortingFeature,
  rowPaginationFeature,
  sortedRowModel: createSortedRowModel(),
  paginatedRowModel: createPaginatedRowModel(),
  sortFns: { alphanumeric: sortFn_alphanumeric, basic: sortFn_basic, datetime: sortFn_datetime, text: sortFn_text },
});

export type CellEditor =
  | { readonly type: 'text' }
  | { readonly type: 'textarea' }
  | { readonly type: 'number'; readonly min?: number; readonly max?: number; readonly step?: number }
  | { readonly type: 'select'; readonly options: readonly { readonly id: string; readonly label: string }[] };

export interface DataTableColumn<T extends object> {
  /** Column id; also the property read from a row unless `value` is given. */
  readonly id: string;
  readonly header: string;
  /** The cell's raw value (sorting, editing); default `row[id]`. */
  readonly value?: (row: T) => unknown;
  /** Display of a cell; default the value as text. */
  readonly render?: (row: T) => ReactNode;
  /** Default true. */
  readonly sortable?: boolean;
  /** Makes the cell editable in the row's edit mode. */
  readonly editor?: CellEditor;
}

export { type PaginationState, type SortingState };

export interface DataTableProps<T extends object> {
  /** Accessible name of the table (a caption). */
  readonly caption: string;
  readonly columns: readonly DataTableColumn<T>[];
  readonly data: readonly T[];
  readonly getRowId: (row: T) => string;
  readonly loading?: boolean;
  readonly emptyMessage?: string;
  /** Server mode: total number of rows on the server. */
  readonly totalCount?: number;
  readonly sorting?: SortingState;
  readonly onSortingChange?: (sorting: SortingState) => void;
  readonly pagination?: PaginationState;
  readonly onPaginationChange?: (pagination: PaginationState) => void;
  readonly initialPageSize?: number;
  readonly pageSizes?: readonly number[];
  /** Enables inline editing: called with the edited copy of a row. */
  readonly onRowChange?: (row: T) => void;
  /** Adds a delete action per row. */
  readonly onDeleteRow?: (row: T) => void;
  /** Content below an expanded row (adds an expand toggle per row). */
  readonly renderExpanded?: (row: T) => ReactNode;
  readonly className?: string;
}

function readValue<T extends object>(column: DataTableColumn<T>, row: T): unknown {
  return column.value !== undefined ? column.value(row) : (row as Record<string, unknown>)[column.id];
}

function resolve<V>(updater: Updater<V>, old: V): V {
  return typeof updater === 'function' ? (updater as (old: V) => V)(old) : updater;
}

function CellInput<T extends object>({ column, draft, onChange }: { column: DataTableColumn<T>; draft: Record<string, unknown>; onChange: (value: unknown) => void }) {
  const editor = column.editor!;
  const value = draft[column.id];
  const label = column.header;
  switch (editor.type) {
    case 'textarea':
      return <textarea aria-label={label} className="rp-cell-input" value={String(value ?? '')} onChange={(e) => onChange(e.target.value)} />;
    case 'number':
      return (
        <input
          aria-label={label}
          className="rp-cell-input"
          type="number"
          min={editor.min ?? 0}
          max={editor.max}
          step={editor.step}
          value={typeof value === 'number' && Number.isFinite(value) ? value : ''}
          placeholder="---"
          onChange={(e) => onChange(e.target.value === '' ? Number.NaN : e.target.valueAsNumber)}
        />
      );
    case 'select':
      return (
        <select aria-label={label} className="rp-cell-input" value={String(value ?? '')} onChange={(e) => onChange(e.target.value)}>
          {editor.options.map((option) => (
            <option key={option.id} value={option.id}>
              {option.label}
            </option>
          ))}
        </select>
      );
    default:
      return <input aria-label={label} className="rp-cell-input" type="text" value={String(value ?? '')} onChange={(e) => onChange(e.target.value)} />;
  }
}

export function DataTable<T extends object>(props: DataTableProps<T>) {
  const { t } = useTranslation();
  const { columns, data, getRowId, totalCount } = props;
  const serverMode = totalCount !== undefined;
  const [localSorting, setLocalSorting] = useState<SortingState>([]);
  const [localPagination, setLocalPagination] = useState<PaginationState>({ pageIndex: 0, pageSize: props.initialPageSize ?? 10 });
  const sorting = props.sorting ?? localSorting;
  const pagination = props.pagination ?? localPagination;
  const [editing, setEditing] = useState<{ id: string; draft: Record<string, unknown> } | undefined>(undefined);
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());

  const columnDefs = useMemo<ColumnDef<typeof features, T>[]>(
    () =>
      columns.map((column) => ({
        id: column.id,
        accessorFn: (row: T) => readValue(column, row),
        header: column.header,
        enableSorting: column.sortable !== false,
        sortFn: 'alphanumeric',
        sortDescFirst: false,
      })) as ColumnDef<typeof features, T>[],
    [columns],
  );

  const rows = useMemo(() => [...data], [data]);
  const table = useTable({
    features,
    columns: columnDefs,
    data: rows,
    getRowId: (row: T) => getRowId(row),
    state: { sorting, pagination },
    onSortingChange: (updater: Updater<SortingState>) => {
      const next = resolve(updater, sorting);
      if (props.onSortingChange !== undefined) props.onSortingChange(next);
      else setLocalSorting(next);
    },
    onPaginationChange: (updater: Updater<PaginationState>) => {
      const next = resolve(updater, pagination);
      if (props.onPaginationChange !== undefined) props.onPaginationChange(next);
      else setLocalPagination(next);
    },
    manualSorting: serverMode,
    manualPagination: serverMode,
    ...(serverMode ? { rowCount: totalCount } : {}),
    autoResetPageIndex: false,
  });

  const editable = props.onRowChange !== undefined;
  const hasActions = editable || props.onDeleteRow !== undefined;
  const expandable = props.renderExpanded !== undefined;
  const columnCount = columns.length + (hasActions ? 1 : 0) + (expandable ? 1 : 0);
  const visibleRows = table.getRowModel().rows;
  const rowTotal = serverMode ? totalCount : data.length;
  const pageCount = Math.max(1, Math.ceil(rowTotal / pagination.pageSize));
  const pageIndex = Math.min(pagination.pageIndex, pageCount - 1);
  const columnById = new Map(columns.map((c) => [c.id, c]));

  return (
    <div className={`rp-table${props.className === undefined ? '' : ` ${props.className}`}`}>
      <table aria-busy={props.loading === true}>
        <caption className="rp-visually-hidden">{props.caption}</caption>
        <thead>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {expandable && <th scope="col" aria-hidden="true" className="rp-table__expand" />}
              {group.headers.map((header) => {
                const column = columnById.get(header.column.id)!;
                const sorted = header.column.getIsSorted();
                return (
                  <th key={header.id} scope="col" aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}>
                    {header.column.getCanSort() ? (
                      <button type="button" className="rp-table__sort" onClick={header.column.getToggleSortingHandler()}>
                        {column.header}
                        <span aria-hidden="true">{sorted === 'asc' ? ' ▲' : sorted === 'desc' ? ' ▼' : ''}</span>
                      </button>
                    ) : (
                      column.header
                    )}
                  </th>
                );
              })}
              {hasActions && (
                <th scope="col">
                  <span className="rp-visually-hidden">{t('table.actions')}</span>
                </th>
              )}
            </tr>
          ))}
        </thead>
        <tbody>
          {props.loading === true && (
            <tr>
              <td colSpan={columnCount} className="rp-table__message" role="status">
                {t('table.loading')}
              </td>
            </tr>
          )}
          {props.loading !== true && visibleRows.length === 0 && (
            <tr>
              <td colSpan={columnCount} className="rp-table__message">
                {props.emptyMessage ?? t('table.empty')}
              </td>
            </tr>
          )}
          {props.loading !== true &&
            visibleRows.map((row) => {
              const original = row.original;
              const isEditing = editing?.id === row.id;
              const isExpanded = expanded.has(row.id);
              return (
                <Fragment key={row.id}>
                  <tr data-row-id={row.id}>
                    {expandable && (
                      <td className="rp-table__expand">
                        <button
                          type="button"
                          aria-expanded={isExpanded}
                          aria-label={String(readValue(columns[0]!, original) ?? '')}
                          onClick={() =>
                            setExpanded((old) => {
                              const next = new Set(old);
                              if (next.has(row.id)) next.delete(row.id);
                              else next.add(row.id);
                              return next;
                            })
                          }
                        >
                          {isExpanded ? '▾' : '▸'}
                        </button>
                      </td>
                    )}
                    {columns.map((column) => (
                      <td key={column.id}>
                        {isEditing && column.editor !== undefined ? (
                          <CellInput column={column} draft={editing.draft} onChange={(value) => setEditing({ id: row.id, draft: { ...editing.draft, [column.id]: value } })} />
                        ) : column.render !== undefined ? (
                          column.render(original)
                        ) : (
                          String(readValue(column, original) ?? '')
                        )}
                      </td>
                    ))}
                    {hasActions && (
                      <td className="rp-table__actions">
                        {editable && !isEditing && (
                          <button type="button" onClick={() => setEditing({ id: row.id, draft: { ...(original as Record<string, unknown>) } })}>
                            {t('table.editRow')}
                          </button>
                        )}
                        {editable && isEditing && (
                          <>
                            <button
                              type="button"
                              onClick={() => {
                                props.onRowChange?.(editing.draft as T);
                                setEditing(undefined);
                              }}
                            >
                              {t('table.saveRow')}
                            </button>
                            <button type="button" onClick={() => setEditing(undefined)}>
                              {t('table.cancelEdit')}
                            </button>
                          </>
                        )}
                        {props.onDeleteRow !== undefined && (
                          <button type="button" onClick={() => props.onDeleteRow?.(original)}>
                            {t('table.deleteRow')}
                          </button>
                        )}
                      </td>
                    )}
                  </tr>
                  {expandable && isExpanded && (
                    <tr className="rp-table__expanded">
                      <td colSpan={columnCount}>{props.renderExpanded?.(original)}</td>
                    </tr>
                  )}
                </Fragment>
              );
            })}
        </tbody>
      </table>
      <div className="rp-table__pager">
        <label>
          {t('table.rowsPerPage')}{' '}
          <select
            value={pagination.pageSize}
            onChange={(e) => table.setPagination({ pageIndex: 0, pageSize: Number(e.target.value) })}
          >
            {(props.pageSizes ?? PAGE_SIZES).map((size) => (
              <option key={size} value={size}>
                {size === PAGE_SIZE_ALL ? t('table.all') : size}
              </option>
            ))}
          </select>
        </label>
        <button type="button" aria-label={t('table.first')} disabled={pageIndex <= 0} onClick={() => table.setPageIndex(0)}>
          «
        </button>
        <button type="button" aria-label={t('table.previous')} disabled={pageIndex <= 0} onClick={() => table.setPageIndex(pageIndex - 1)}>
          ‹
        </button>
        <span aria-live="polite">{t('table.page', { page: pageIndex + 1, pages: pageCount })}</span>
        <button type="button" aria-label={t('table.next')} disabled={pageIndex >= pageCount - 1} onClick={() => table.setPageIndex(pageIndex + 1)}>
          ›
        </button>
        <button type="button" aria-label={t('table.last')} disabled={pageIndex >= pageCount - 1} onClick={() => table.setPageIndex(pageCount - 1)}>
          »
        </button>
      </div>
    </div>
  );
}
