import { describe, expect, it } from 'vitest';
import type { NewSurface } from '@rainplan/engine';
import { readCsvRows } from './readSpreadsheet.ts';
import { SurfaceUploadStore } from './SurfaceUploadStore.ts';

const CSV = [
  'v1.1;Name;Fläche [m²];Abflussart;Cm;Cs;Ableitung;Flächenverschmutzung M153;Flächengruppe A102',
  ';Dach Nord;120;Flachdach;;;Grundwasser;F2;VW1',
  ';;80,5;Asphalt;;;Gewässer;;V2',
  ';;;;;;;;',
].join('\r\n');

const csvFile = (text: string, name = 'flaechen.csv') => new File([text], name, { type: 'text/csv' });

function store(save: (s: readonly NewSurface[]) => Promise<boolean> = async () => true) {
  const saved: NewSurface[][] = [];
  const s = new SurfaceUploadStore(
    async (surfaces) => {
      saved.push([...surfaces]);
      return save(surfaces);
    },
    { defaultName: (i) => `Neue Fläche ${i + 1}`, read: async (file) => readCsvRows(await file.text()) },
  );
  return { s, saved };
}

describe('SurfaceUploadStore', () => {
  it('WAITING → SELECTED → UPLOADING → AWAITING_CONFIRMATION → AWAITING_COMPLETION → SUCCESS', async () => {
    const { s, saved } = store();
    s.start();
    expect([s.open, s.state]).toEqual([true, 'WAITING']);
    s.selectFile(csvFile(CSV));
    expect(s.state).toBe('SELECTED');
    const reading = s.upload();
    expect(s.state).toBe('UPLOADING');
    await reading;
    expect(s.state).toBe('AWAITING_CONFIRMATION');
    // the spec's row rules (engine): empty row dropped, default name, categories by drain
    expect(s.rows.map((r) => [r.row, r.name, r.value, r.runoff, r.cm, r.drain, r.groundPollutionM153, r.areaGroupA102])).toEqual([
      [2, 'Dach Nord', 120, 'flatRoof', 0.9, 'Groundwater', 'F2', null],
      [3, 'Neue Fläche 2', 80.5, 'blacktop', 0.9, 'Watercourse', null, 'V2'],
    ]);
    expect(s.warnings.map((w) => w.code).sort()).toEqual(['A102_DROPPED', 'DEFAULT_NAME']);
    // editing in the table
    s.updateRow({ ...s.rows[1]!, name: 'Hof', drain: 'Groundwater', groundPollutionM153: 'F3' });
    const confirming = s.confirm();
    expect(s.state).toBe('AWAITING_COMPLETION');
    await confirming;
    expect(s.state).toBe('SUCCESS');
    expect(s.added).toBe(2);
    expect(saved[0]).toEqual([
      { name: 'Dach Nord', value: 120, drain: 'Groundwater', data: { runoff: 'flatRoof', cm: 0.9, cs: 1, groundPollutionM153: 'F2' } },
      { name: 'Hof', value: 80.5, drain: 'Groundwater', data: { runoff: 'blacktop', cm: 0.9, cs: 1, groundPollutionM153: 'F3' } },
    ]);
  });

  it('continue is disabled with no rows (and with a row without name)', async () => {
    const { s } = store();
    s.start();
    s.selectFile(csvFile(CSV.split('\r\n')[0]!));
    await s.upload();
    expect(s.state).toBe('AWAITING_CONFIRMATION');
    expect(s.canContinue).toBe(false);
    s.selectFile(csvFile(CSV));
    await s.upload();
    expect(s.canContinue).toBe(true);
    s.updateRow({ ...s.rows[0]!, name: '  ' });
    expect(s.canContinue).toBe(false);
    s.deleteRow(s.rows[0]!);
    expect(s.canContinue).toBe(true);
    s.deleteRow(s.rows[0]!);
    expect(s.canContinue).toBe(false);
  });

  it('a rain data template (v1.0) is INVALID_VERSION; retry and change file go back to WAITING', async () => {
    const { s } = store();
    s.start();
    s.selectFile(csvFile('v1.0;;\r\nDauer;T=1a;T=2a\r\n5;100;120\r\n'));
    await s.upload();
    expect(s.state).toBe('ERROR');
    expect(s.errors[0]).toMatchObject({ code: 'INVALID_VERSION', row: 1, column: 1, messageKey: 'surfaceTemplate.versionMismatch' });
    s.retry();
    expect([s.state, s.file, s.errors]).toEqual(['WAITING', undefined, []]);
    s.selectFile(csvFile(CSV));
    s.changeFile();
    expect(s.state).toBe('WAITING');
  });

  it('invalid cells are INVALID_DATA with their place', async () => {
    const { s } = store();
    s.start();
    s.selectFile(csvFile('v1.1;Name;Cm\r\n;Dach;1,5\r\n'));
    await s.upload();
    expect(s.state).toBe('ERROR');
    expect(s.errors[0]).toMatchObject({ code: 'INVALID_DATA', messageKey: 'cValueInvalid', row: 2, column: 3 });
  });

  it('unreadable and unsupported files are errors', async () => {
    const s = new SurfaceUploadStore(async () => true);
    s.start();
    s.selectFile(new File(['x'], 'alt.xls'));
    await s.upload();
    expect(s.errors[0]?.code).toBe('UNSUPPORTED_FILE');
    expect(s.errors[0]?.messageKey).toBe('saveAsXlsx');
    const broken = new SurfaceUploadStore(async () => true, { read: async () => Promise.reject(new Error('zip broken')) });
    broken.start();
    broken.selectFile(new File(['x'], 'a.xlsx'));
    await broken.upload();
    expect(broken.errors[0]?.code).toBe('INVALID_DATA');
  });

  it('a failed save is COULD_NOT_SAVE (false or rejection)', async () => {
    for (const save of [async () => false, async () => Promise.reject(new Error('offline'))]) {
      const { s } = store(save);
      s.start();
      s.selectFile(csvFile(CSV));
      await s.upload();
      await s.confirm();
      expect(s.state).toBe('ERROR');
      expect(s.errors).toEqual([{ code: 'COULD_NOT_SAVE' }]);
    }
  });

  it('cannot be closed while busy', async () => {
    let release: (ok: boolean) => void = () => undefined;
    const { s } = store(() => new Promise((resolve) => (release = resolve)));
    s.start();
    s.selectFile(csvFile(CSV));
    await s.upload();
    const done = s.confirm();
    s.close();
    expect(s.open).toBe(true);
    release(true);
    await done;
    s.close();
    expect(s.open).toBe(false);
  });
});
