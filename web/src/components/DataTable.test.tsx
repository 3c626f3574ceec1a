import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { DataTable, type DataTableColumn } from './DataTable.tsx';
import { renderWithStore, testStore } from '../test/render.tsx';

interface Row {
  id: string;
  name: string;
  area: number;
  kind: string;
  note: string;
}

const rows: Row[] = Array.from({ length: 25 }, (_, i) => ({ id: `r${i + 1}`, name: `Fläche ${String(i + 1).padStart(2, '0')}`, area: (i * 7) % 25, kind: 'roof', note: '' }));

const columns: DataTableColumn<Row>[] = [
  { id: 'name', header: 'Name', editor: { type: 'text' } },
  { id: 'area', header: 'Fläche m²', editor: { type: 'number', min: 0 } },
  { id: 'kind', header: 'Art', editor: { type: 'select', options: [{ id: 'roof', label: 'Dach' }, { id: 'paved', label: 'Pflaster' }] } },
  { id: 'note', header: 'Notiz', editor: { type: 'textarea' }, sortable: false },
];

function bodyRows(): HTMLElement[] {
  return within(screen.getByRole('table')).getAllByRole('row').slice(1);
}

describe('DataTable', () => {
  it('pages with 10 rows by default and page sizes 10, 20, 50, all', () => {
    renderWithStore(<DataTable caption="Flächen" columns={columns} data={rows} getRowId={(r) => r.id} />, testStore());
    expect(bodyRows()).toHaveLength(10);
    expect(screen.getByText('Seite 1 von 3')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Nächste Seite' }));
    expect(screen.getByText('Seite 2 von 3')).toBeTruthy();
    expect(bodyRows()[0]?.textContent).toContain('Fläche 11');
    fireEvent.click(screen.getByRole('button', { name: 'Letzte Seite' }));
    expect(bodyRows()).toHaveLength(5);
    expect((screen.getByRole('button', { name: 'Nächste Seite' }) as HTMLButtonElement).disabled).toBe(true);

    const sizes = screen.getByRole('combobox', { name: /Einträge pro Seite/ }) as HTMLSelectElement;
    expect([...sizes.options].map((o) => o.value)).toEqual(['10', '20', '50', '2147483647']);
    fireEvent.change(sizes, { target: { value: '2147483647' } });
    expect(bodyRows()).toHaveLength(25);
    expect(screen.getByText('Seite 1 von 1')).toBeTruthy();
  });

  it('sorts by a column, ascending then descending', () => {
    renderWithStore(<DataTable caption="Flächen" columns={columns} data={rows} getRowId={(r) => r.id} initialPageSize={50} />, testStore());
    const header = screen.getByRole('button', { name: /Fläche m²/ });
    fireEvent.click(header);
    const areas = () => bodyRows().map((row) => Number(row.children[1]?.textContent));
    const ascending = areas();
    expect(ascending).toEqual([...ascending].sort((a, b) => a - b));
    expect(screen.getByRole('columnheader', { name: /Fläche m²/ }).getAttribute('aria-sort')).toBe('ascending');
    fireEvent.click(header);
    const second = areas();
    expect(second).toEqual([...ascending].reverse());
  });

  it('edits a row inline with text, number, select and textarea cells', () => {
    const onRowChange = vi.fn();
    renderWithStore(<DataTable caption="Flächen" columns={columns} data={rows.slice(0, 2)} getRowId={(r) => r.id} onRowChange={onRowChange} />, testStore());
    fireEvent.click(within(bodyRows()[0]!).getByRole('button', { name: 'Zeile bearbeiten' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Name' }), { target: { value: 'Dach Nord' } });
    fireEvent.change(screen.getByRole('spinbutton', { name: 'Fläche m²' }), { target: { value: '120.5' } });
    fireEvent.change(screen.getByRole('combobox', { name: 'Art' }), { target: { value: 'paved' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Notiz' }), { target: { value: 'Gründach' } });
    fireEvent.click(screen.getByRole('button', { name: 'Zeile übernehmen' }));
    expect(onRowChange).toHaveBeenCalledWith({ id: 'r1', name: 'Dach Nord', area: 120.5, kind: 'paved', note: 'Gründach' });
    expect(screen.queryByRole('textbox', { name: 'Name' })).toBeNull();
  });

  it('offers a delete action per row', () => {
    const onDeleteRow = vi.fn();
    renderWithStore(<DataTable caption="Flächen" columns={columns} data={rows.slice(0, 2)} getRowId={(r) => r.id} onDeleteRow={onDeleteRow} />, testStore());
    fireEvent.click(within(bodyRows()[1]!).getByRole('button', { name: 'Zeile löschen' }));
    expect(onDeleteRow).toHaveBeenCalledWith(rows[1]);
  });

  it('shows the empty and the loading message', () => {
    const store = testStore();
    const { unmount } = renderWithStore(<DataTable caption="Flächen" columns={columns} data={[]} getRowId={(r) => r.id} />, store);
    expect(screen.getByText('Keine Einträge vorhanden.')).toBeTruthy();
    unmount();
    renderWithStore(<DataTable caption="Flächen" columns={columns} data={rows} getRowId={(r) => r.id} loading />, store);
    expect(screen.getByRole('status').textContent).toBe('Wird geladen …');
  });

  it('in server mode reports page and sort changes instead of slicing', () => {
    const onPaginationChange = vi.fn();
    const onSortingChange = vi.fn();
    renderWithStore(
      <DataTable
        caption="Projekte"
        columns={columns}
        data={rows.slice(0, 10)}
        getRowId={(r) => r.id}
        totalCount={95}
        pagination={{ pageIndex: 0, pageSize: 10 }}
        onPaginationChange={onPaginationChange}
        sorting={[{ id: 'name', desc: true }]}
        onSortingChange={onSortingChange}
      />,
      testStore(),
    );
    expect(screen.getByText('Seite 1 von 10')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Nächste Seite' }));
    expect(onPaginationChange).toHaveBeenCalledWith({ pageIndex: 1, pageSize: 10 });
    fireEvent.click(screen.getByRole('button', { name: /Fläche m²/ }));
    expect(onSortingChange).toHaveBeenCalled();
    expect(bodyRows()).toHaveLength(10);
  });
});
