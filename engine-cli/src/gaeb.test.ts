/** `rainplan gaeb`: the service catalogue as GAEB DA XML (X81/X82) and GAEB 90 (D81/D82). */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { run } from './testing/run.ts';

const repo = fileURLToPath(new URL('../../', import.meta.url));
const fixture = path.join(repo, 'fixtures/projects/box-configurations.project.json');
const tmp = mkdtempSync(path.join(tmpdir(), 'rainplan-gaeb-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('rainplan gaeb', () => {
  it('X82 to a file: the priced bill of quantities, totals equal the mass list', async () => {
    const out = path.join(tmp, 'lv.X82');
    const r = await run(['gaeb', fixture, '--phase', '82', '--date', '2026-11-25', '-o', out]);
    expect(r.code).toBe(0);
    expect(r.stderr).toContain('3 groups, 24 items, total 12781.80 EUR (suggested name Reihenhaeuser_Berger_Ulm-Soeflingen_Boxen.X82)');
    const xml = readFileSync(out, 'utf8');
    expect(xml).toContain('<GAEB xmlns="http://www.gaeb.de/GAEB_DA_XML/DA82/3.3">');
    expect(xml).toContain('<Date>2026-11-25</Date>');
    expect(xml.match(/<Item /g)).toHaveLength(24);
    const masslist = JSON.parse((await run(['masslist', fixture, '-g', 'measure', '-p', '-f', 'json'])).stdout) as { totalPrice: string };
    expect(xml).toContain(`<Total>${masslist.totalPrice}</Total>`);
  });

  it('X81 to stdout, English', async () => {
    const r = await run(['gaeb', fixture, '--phase', '81', '--format', 'xml', '--lang', 'en']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('<DP>81</DP>');
    expect(r.stdout).toContain('<span>Storage box 800 × 800 × 660</span>');
    expect(r.stdout).not.toContain('<UP>');
  });

  it('D82: 80 columns + CR LF per line in code page 850, record 99 with the totals', async () => {
    const out = path.join(tmp, 'lv.D82');
    const r = await run(['gaeb', fixture, '--phase', '82', '--format', 'gaeb90', '--date', '2026-11-25', '-o', out]);
    expect(r.code).toBe(0);
    const bytes = readFileSync(out);
    expect(bytes.length % 82).toBe(0);
    const lines: Buffer[] = [];
    for (let i = 0; i < bytes.length; i += 82) {
      expect([bytes[i + 80], bytes[i + 81]]).toEqual([13, 10]);
      lines.push(bytes.subarray(i, i + 80));
    }
    const ascii = lines.map((l) => l.toString('latin1'));
    ascii.forEach((l, i) => expect(l.slice(74)).toBe(String(i + 1).padStart(6, '0')));
    expect(ascii[0]!.slice(0, 2) + ascii[0]!.slice(10, 12) + ascii[0]!.slice(71, 73)).toBe('008290');
    const end = ascii.at(-1)!;
    expect([end.slice(0, 2), end.slice(2, 8), end.slice(8, 12), end.slice(24, 36)]).toEqual(['99', '000024', '0003', '000001278180']);
    // "ü" of "Rückhaltung" is byte 0x81 in code page 850.
    expect(bytes.includes(Buffer.from([0x52, 0x81, 0x63, 0x6b]))).toBe(true);
  });

  it('usage errors exit 2; help documents the options', async () => {
    const missing = await run(['gaeb', fixture]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('missing --phase (expected 81, 82)');
    expect((await run(['gaeb', fixture, '--phase', '83'])).code).toBe(2);
    expect((await run(['gaeb', fixture, '--phase', '81', '--format', 'pdf'])).stderr).toContain('invalid "pdf" --format');
    expect((await run(['gaeb', fixture, '--phase', '81', '--lang', 'fr'])).code).toBe(2);
    expect((await run(['gaeb', fixture, '--phase', '81', '--date', '2026-02-30'])).code).toBe(2);
    expect((await run(['gaeb', '-', '--phase', '81'], { stdin: '{"schemaVersion": 2}' })).code).toBe(2);
    const help = await run(['gaeb', '--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('--phase <81|82>');
  });

  it('exit 1 when a quantity does not fit the format, nothing written', async () => {
    const project = JSON.parse(readFileSync(fixture, 'utf8')) as { measureProducts: { products: { quantity: string }[] }[] };
    project.measureProducts[0]!.products[0]!.quantity = '123456789';
    const out = path.join(tmp, 'too-big.D81');
    const r = await run(['gaeb', '-', '--phase', '81', '--format', 'gaeb90', '-o', out], { stdin: JSON.stringify(project) });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('GAEB_FIELD_OVERFLOW');
    expect(() => readFileSync(out)).toThrow();
  });

  it('exit 1 when something is left out of the bill (the file is still written)', async () => {
    const project = JSON.parse(readFileSync(fixture, 'utf8')) as { measureProducts: { products: { materialNumber: string }[] }[] };
    project.measureProducts[0]!.products[0]!.materialNumber = 'NO_SUCH_PRODUCT';
    const r = await run(['gaeb', '-', '--phase', '81'], { stdin: JSON.stringify(project) });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('UNKNOWN_PRODUCT');
    expect(r.stdout).toContain('<DP>81</DP>');
  });
});
