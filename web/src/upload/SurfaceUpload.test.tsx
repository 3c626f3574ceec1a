import { describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { renderWithStore, testStore } from '../test/render.tsx';
import { SurfaceUploadDialog, columnName } from './SurfaceUpload.tsx';
import { SurfaceUploadStore } from './SurfaceUploadStore.ts';
import { readCsvRows } from './readSpreadsheet.ts';

const CSV = 'v1.1;Name;Fläche [m²];Ableitung\r\n;Dach;120;Grundwasser\r\n';

describe('SurfaceUploadDialog', () => {
  it('shows the parsed rows, continue enabled; an INVALID_VERSION file shows the code and retry', async () => {
    const upload = new SurfaceUploadStore(async () => true, { read: async (file) => readCsvRows(await file.text()) });
    renderWithStore(<SurfaceUploadDialog store={upload} />, testStore());
    act(() => upload.start());
    expect(screen.getByRole('heading', { name: 'Versiegelte Flächen hochladen' })).toBeTruthy();
    act(() => upload.selectFile(new File([CSV], 'f.csv')));
    await act(() => upload.upload());
    expect(screen.getByRole('table', { name: 'Gelesene Flächen' })).toBeTruthy();
    expect(screen.getByText('Dach')).toBeTruthy();
    const next = screen.getByRole('button', { name: 'Weiter' }) as HTMLButtonElement;
    expect(next.disabled).toBe(false);
    act(() => upload.deleteRow(upload.rows[0]!));
    expect((screen.getByRole('button', { name: 'Weiter' }) as HTMLButtonElement).disabled).toBe(true);

    act(() => upload.changeFile());
    act(() => upload.selectFile(new File(['v1.0;x\r\n'], 'rain.csv')));
    await act(() => upload.upload());
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('INVALID_VERSION');
    expect(alert.textContent).toContain('Zelle A1');
    fireEvent.click(screen.getByRole('button', { name: 'Erneut versuchen' }));
    await waitFor(() => expect(upload.state).toBe('WAITING'));
  });

  it('names columns like a spreadsheet', () => {
    expect([1, 3, 26, 27, 52].map(columnName)).toEqual(['A', 'C', 'Z', 'AA', 'AZ']);
  });
});
