/** `rainplan boxes`, `rainplan masslist` and the bill files of `rainplan verify`. */
import { mkdtempSync, readFileSync, rmSync, writeFileSync, copyFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { run } from './testing/run.ts';

const repo = fileURLToPath(new URL('../../', import.meta.url));
const fixture = path.join(repo, 'fixtures/projects/box-configurations.project.json');
const text = readFileSync(fixture, 'utf8');
const tmp = mkdtempSync(path.join(tmpdir(), 'rainplan-boxes-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('rainplan boxes', () => {
  it('prints volumes, envelope and the bill of each configuration (exit 0)', async () => {
    const r = await run(['boxes', fixture]);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Configuration c-garten — Rigole Garten (measure m-rigole)');
    expect(r.stdout).toMatch(/Net volume: +4\.815 m³/);
    expect(r.stdout).toContain('Total (excluding VAT): 2675.20 EUR');
    // c-hof: foil 16 m², fleece 32 m² from the faces touching soil + 0.8 m² overlap (decision 0170; the cuboid gave 17 / 33)
    expect(r.stdout).toContain('Total (excluding VAT): 5693.50 EUR');
    expect(r.stdout).toMatch(/Surface touching soil \/ overlap: +15\.04 \/ 0\.80 m²/);
    // the cover checks (decision 0172): c-garten at levels 0 / 0, c-hof 0.48 m below the 0.5 m minimum
    expect(r.stdout).toContain('warning: PLANT_BOTTOM_TOO_HIGH configurator.plantBottomTooHigh (coverDepthM=-1.32, minCoverM=0.5, plantBottomLevel=0, maxPlantBottomLevel=-1.82)');
    expect(r.stdout).toContain('warning: GROUND_LEVEL_TOO_LOW configurator.groundLevelTooLow (coverDepthM=0.48, minCoverM=0.5, plantBottomLevel=0.5, maxPlantBottomLevel=0.48)');
  });

  it('JSON of one configuration in English, from stdin', async () => {
    const r = await run(['boxes', '-', '--configuration', 'c-garten', '--lang', 'en', '--format', 'json'], { stdin: text });
    expect(r.code).toBe(0);
    const report = JSON.parse(r.stdout) as { configurations: { id: string; volumes: { netVolumeL: number }; bill: { totalPrice: string; massListGroups: { lines: { text: string }[] }[] } }[] };
    expect(report.configurations.map((c) => c.id)).toEqual(['c-garten']);
    expect(report.configurations[0]!.volumes.netVolumeL).toBeCloseTo(4815.36, 9); // 12 × 401.28 l (decision 0168)
    expect(report.configurations[0]!.bill.totalPrice).toBe('2675.20');
    expect(report.configurations[0]!.bill.massListGroups[0]!.lines[0]!.text).toBe('Storage box 800 × 800 × 660');
  });

  it('--no-prices drops the prices', async () => {
    const r = await run(['boxes', fixture, '--no-prices', '--format', 'json']);
    expect(JSON.parse(r.stdout).configurations[0].bill.totalPrice).toBeNull();
  });

  it('exit 1 when something is left out of a bill (unknown item type)', async () => {
    const project = JSON.parse(text) as { boxConfigurations: { items: { boxTypeId: string }[] }[] };
    project.boxConfigurations[0]!.items[0]!.boxTypeId = 'NO_SUCH_BOX';
    const r = await run(['boxes', '-'], { stdin: JSON.stringify(project) });
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('UNKNOWN_ITEM_TYPE');
  });

  it('usage errors exit 2: unknown configuration, bad --lang, unreadable catalogue, invalid project', async () => {
    expect((await run(['boxes', fixture, '--configuration', 'nope'])).code).toBe(2);
    const lang = await run(['boxes', fixture, '--lang', 'fr']);
    expect(lang.code).toBe(2);
    expect(lang.stderr).toContain('invalid --lang "fr"');
    const cat = await run(['boxes', fixture, '--catalogue', path.join(tmp, 'missing')]);
    expect(cat.code).toBe(2);
    expect(cat.stderr).toContain('cannot read products.json');
    const bad = await run(['boxes', '-'], { stdin: '{"schemaVersion": 2}' });
    expect(bad.code).toBe(2);
  });

  it('--help', async () => {
    const r = await run(['boxes', '--help']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Usage: rainplan boxes');
  });
});

describe('rainplan masslist', () => {
  it('groups by measure with prices; the grand total is the sum of the groups', async () => {
    const r = await run(['masslist', fixture, '--group-by', 'measure', '--prices', '--format', 'json']);
    expect(r.code).toBe(0);
    const bill = JSON.parse(r.stdout) as { totalPrice: string; massListGroups: { groupName: string; totalPrice: string }[] };
    expect(bill.massListGroups.map((g) => g.groupName)).toEqual(['Rigole Garten (Boxen)', 'Rohrrigole Hof', 'Rückhaltung Hof']);
    const cents = bill.massListGroups.reduce((a, g) => a + Math.round(Number(g.totalPrice) * 100), 0);
    expect(cents).toBe(Math.round(Number(bill.totalPrice) * 100));
  });

  it('every grouping has the same total; without --prices there are none', async () => {
    const totals = await Promise.all(
      ['none', 'measure', 'configuration'].map(async (g) => JSON.parse((await run(['masslist', fixture, '-g', g, '-p', '-f', 'json'])).stdout).totalPrice as string),
    );
    expect(new Set(totals).size).toBe(1);
    expect(JSON.parse((await run(['masslist', fixture, '-f', 'json'])).stdout).totalPrice).toBeNull();
  });

  it('CSV in English: a header and one quoted row per line', async () => {
    const r = await run(['masslist', fixture, '--lang', 'en', '--format', 'csv', '--prices']);
    const rows = r.stdout.trimEnd().split('\r\n');
    expect(rows[0]).toBe('group,groupName,systemType,position,materialNumber,orderNumber,text,longText,quantity,unit,unitPrice,totalPrice,currency');
    expect(rows.some((row) => row.includes('Storage box 800 × 800 × 660'))).toBe(true);
    expect(rows.find((row) => row.includes(',100100,'))).toMatch(/"Infiltration and retention box of PP, 800 × 800 × 660 mm, storage coefficient 95 %, SLW 60"/);
  });

  it('a table by default; bad --group-by and --format exit 2', async () => {
    const r = await run(['masslist', fixture]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('1. Reihenhäuser Berger, Ulm-Söflingen (Boxen) (project)');
    expect((await run(['masslist', fixture, '--group-by', 'x'])).code).toBe(2);
    expect((await run(['masslist', fixture, '--format', 'xml'])).code).toBe(2);
  });
});

describe('rainplan verify with bill files', () => {
  it('passes on the fixture and fails when an expected bill differs', async () => {
    const dir = path.join(tmp, 'verify');
    mkdirSync(dir);
    for (const suffix of ['.project.json', '.bill.json']) {
      copyFileSync(path.join(repo, `fixtures/projects/box-configurations${suffix}`), path.join(dir, `box-configurations${suffix}`));
    }
    // the evaluation's expected file is written here: this test is about the bill file
    expect((await run(['verify', '--update', dir])).stdout).toContain('created box-configurations');
    const first = await run(['verify', dir]);
    expect(first.stdout + first.stderr).toBe('ok  box-configurations\n1 passed, 0 failed\n');
    const billFile = path.join(dir, 'box-configurations.bill.json');
    writeFileSync(billFile, readFileSync(billFile, 'utf8').replace('"totalPrice": "2675.20"', '"totalPrice": "2675.21"'));
    const r = await run(['verify', dir]);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('bill.json $.configurations[0].bill.massListGroups[0].totalPrice: expected "2675.21", actual "2675.20"');
    expect((await run(['verify', '--update', dir])).stdout).toContain('updated box-configurations.bill.json');
    expect((await run(['verify', dir])).code).toBe(0);
  });
});
