/**
 * Tests over the real data in ../shared/data (DWD files, reference tables). Outside CI a missing
 * folder skips the suite with a message saying why; with `CI=true` it fails instead, so that CI
 * never passes without having run them.
 */
import { existsSync } from 'node:fs';
import { describe, it } from 'vitest';

/** The URL of a folder of /work/shared/data (seen from engine/src/<dir>/). */
export const sharedDataUrl = (folder: string): URL => new URL(`../../../shared/data/${folder}/`, import.meta.url);

/** Whether a file of a shared data folder exists. */
export const sharedDataPresent = (folder: string, file: string): boolean => existsSync(new URL(file, sharedDataUrl(folder)));

const inCi = () => process.env['CI'] === 'true';

/**
 * `describe` when the data are present; otherwise a skipped suite with a warning, or — with
 * `CI=true` — a suite whose single test fails naming the missing data.
 */
export function describeWithSharedData(name: string, folder: string, file: string, body: () => void): void {
  if (sharedDataPresent(folder, file)) {
    describe(name, body);
    return;
  }
  const where = new URL(file, sharedDataUrl(folder)).pathname;
  if (inCi()) {
    describe(name, () => {
      it('has its data (CI=true: missing shared data fail instead of skipping)', () => {
        throw new Error(`${where} is missing; the real-data tests must run in CI`);
      });
    });
    return;
  }
  console.warn(`${name}: SKIPPED — ${where} is absent (outside CI; with CI=true this fails).`);
  describe.skip(name, body);
}
