/**
 * The committed API reference (docs/engine-api/) is what `npm run -w @rainplan/engine docs`
 * writes from the sources now (decision 0231): a changed export or TSDoc comment that is not
 * regenerated fails here. The generation is deterministic (no dates, paths or source links), so
 * two runs over the same sources give the same bytes.
 */
import { describe, expect, it } from 'vitest';
import { DOCS_DIR, generatedApiDocs, readApiDocs } from '../scripts/api-docs.ts';

describe('API reference', () => {
  it('docs/engine-api/ equals the generated reference (npm run -w @rainplan/engine docs)', async () => {
    const generated = await generatedApiDocs();
    const committed = readApiDocs(DOCS_DIR);
    expect([...committed.keys()]).toEqual([...generated.keys()]);
    const stale = [...generated].filter(([name, text]) => committed.get(name) !== text).map(([name]) => name);
    expect(stale, `docs/engine-api/ is stale (${stale.join(', ')}): run npm run -w @rainplan/engine docs`).toEqual([]);
  }, 300_000);
});
