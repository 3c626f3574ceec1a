import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { pdfText } from './testing/pdfText.ts';
import { run } from './testing/run.ts';

const repo = fileURLToPath(new URL('../../', import.meta.url));
const fixture = 'fixtures/projects/measure-variants.project.json';
const dir = mkdtempSync(path.join(tmpdir(), 'rainplan-variants-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('rainplan variants', () => {
  it('prints the comparison as a German table with the differences under each variant', async () => {
    const r = await run(['variants', fixture, '--measure', 'm-versickerung', '--date', '2026-11-28'], { cwd: repo });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const lines = r.stdout.split('\n');
    expect(lines[0]).toBe('Variantenvergleich');
    expect(lines).toContain('Datum:      28.11.2026');
    const row = (start: string) => lines.find((l) => l.startsWith(start))!.split(/\s{2,}/);
    expect(row('Rigole aus Boxen (gewählt)')).toEqual(['Rigole aus Boxen (gewählt)', 'Boxenrigole', '13,91', '12,84', '6,74', '10,24', '1,32', '2,1', '–', 'nicht erfüllt', 'nicht gedeckt', '6.960,65']);
    expect(row('Mulde ')).toEqual(['Mulde', 'Mulde', '7,64', '21,20', '–', '90,00', '0,30', '0,3', '–', 'erfüllt', 'gedeckt', '783,00']);
    const delta = lines[lines.findIndex((l) => l.startsWith('Mulde ')) + 1]!;
    expect(delta.trim().split(/\s+/)).toEqual(['Δ', '-6,27', '+8,36', '+79,76', '-1,02', '-1,8', '-6.177,65']);
  });

  it('prints the engine\'s comparison as JSON, English texts, and without prices on request', async () => {
    const r = await run(['variants', fixture, '-m', 'm-versickerung', '--format', 'json', '--lang', 'en'], { cwd: repo });
    expect(r.code).toBe(0);
    const cmp = JSON.parse(r.stdout) as { rows: { variantId: string | null; name: string; billTotal?: string; differences: { billTotal?: string } }[]; currency: string; billUnavailableReason: string | null };
    expect(cmp.rows.map((x) => [x.variantId, x.name, x.billTotal, x.differences.billTotal])).toEqual([
      [null, 'Rigole aus Boxen', '6960.65', '0.00'],
      ['v1', 'Mulde', '783.00', '-6177.65'],
      ['v2', 'Rohrrigole', '2290.35', '-4670.30'],
    ]);
    const plain = JSON.parse((await run(['variants', fixture, '-m', 'm-versickerung', '-f', 'json', '--no-prices'], { cwd: repo })).stdout) as typeof cmp;
    expect(plain.billUnavailableReason).toBe('noCatalogue');
    expect(plain.rows.every((x) => x.billTotal === undefined)).toBe(true);
  });

  it('writes the printable comparison as a PDF (English)', async () => {
    const out = path.join(dir, 'variants.pdf');
    const r = await run(['variants', fixture, '-m', 'm-versickerung', '--format', 'pdf', '--lang', 'en', '--date', '2026-11-28', '-o', out], { cwd: repo });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const bytes = readFileSync(out);
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await pdfText(bytes);
    for (const s of ['Comparison of variants', 'Versickerung Dach', '2026-11-28', 'Rigole aus Boxen', '(chosen)', 'Trough', 'Δ -6.27', 'Δ -6,177.65', '6,960.65', 'fails', 'passes', 'List prices in EUR, net of VAT']) expect(text).toContain(s);
  });

  it('refuses a missing or unknown measure, a bad format and an unreadable file with exit 2', async () => {
    const missing = await run(['variants', fixture], { cwd: repo });
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('variants: missing --measure <id>');
    const unknown = await run(['variants', fixture, '-m', 'nope'], { cwd: repo });
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('variants: no measure "nope" (measures: m-versickerung)');
    expect((await run(['variants', fixture, '-m', 'm-versickerung', '-f', 'xlsx'], { cwd: repo })).code).toBe(2);
    expect((await run(['variants', fixture, '-m', 'm-versickerung', '--no-prices', '--catalogue', 'x'], { cwd: repo })).code).toBe(2);
    expect((await run(['variants', '-', '-m', 'm'], { stdin: '{"schemaVersion": 3}' })).code).toBe(2);
  });

  it('compares a measure without variants as its single chosen row; has a help text', async () => {
    const r = await run(['variants', 'fixtures/projects/sizing-infiltration-2024.project.json', '-m', 'm-mulde', '-f', 'json', '--no-prices'], { cwd: repo });
    expect(r.code).toBe(0);
    expect((JSON.parse(r.stdout) as { rows: unknown[] }).rows).toHaveLength(1);
    const help = await run(['variants', '--help']);
    expect(help.stdout).toContain('Usage: rainplan variants <file|-> --measure <id>');
    expect((await run(['help', 'variants'])).stdout).toBe(help.stdout);
  });
});
