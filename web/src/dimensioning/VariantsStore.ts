/**
 * The variants of a measure in the measure editor (issue 19 part 2, decisions 0140 and 0148):
 * add (a copy of the chosen variant), rename, delete, choose, the comparison side by side and the
 * printable comparison.
 *
 * - Every change is an engine operation in the worker through `store.waterflow.edit` (the
 *   variant functions as waterflow operations, `engine/shared/variantOps.ts`), so the measure node
 *   carries `variants` / `variantName` and the save queue stores it with the node's PUT. Adding,
 *   renaming, deleting and choosing a variant save at once (like creating or deleting a node);
 *   the chosen variant's name is an ordinary edit.
 * - The chosen variant's product list is the measure's additional products on the server. Adding
 *   copies it into the variant; choosing on an account project is the api's atomic call (node and
 *   product lists swap in one transaction, after the measure's pending saves), whose answer becomes
 *   the node's saved state. A failure changes nothing and says so.
 * - The figures of the comparison come from the engine in the worker (`compareVariants` on the
 *   state on screen, at once after every edit). The bill-of-materials totals need the catalogue's
 *   prices, which only the server has: they come from the api's comparison
 *   (`GET /Project/{id}/measure/{measureId}/variants`) of the saved project, marked stale when the
 *   measure changed since. In trial mode (browser storage) there are no prices.
 *
 * Created once per root store (`variantsStore(root)`): nothing of it is in the login bundle.
 */
import { action, makeObservable, observable, observableRef, runInAction } from 'mobx';
import type { AdditionalProduct, Measure, VariantComparison } from '@rainplan/engine';
import type { ProductLine, ProductLineInput } from '../api/types.ts';
import { ApiError } from '../api/http.ts';
import { isAbortError } from '../engine/client/EngineBridge.ts';
import { call } from '../engine/shared/call.ts';
import { failureText, reasonText } from '../documents/DocumentsStore.ts';
import type { RootStore } from '../stores/RootStore.ts';
import { lazyStore } from '../stores/lazyStore.ts';

/** Most variants besides the chosen one (the engine's MAX_VARIANTS; a value import would pull the engine into this chunk). */
export const MAX_VARIANTS = 10;

/** The bill total of one row as the api computed it, and its difference to the chosen row (decimal strings, EUR). */
export interface BillFigure {
  readonly total: string | undefined;
  readonly diff: string | undefined;
}

export type PricesState =
  | { readonly status: 'idle' }
  | { readonly status: 'loading' }
  | { readonly status: 'unavailable' }
  | { readonly status: 'failed'; readonly reason: string }
  | {
      readonly status: 'loaded';
      /** By variant id ('' for the chosen row). */
      readonly bills: ReadonlyMap<string, BillFigure>;
      readonly currency: string | undefined;
      /** The measure node the prices were computed for (stale when the node on screen is another). */
      readonly basis: Measure | undefined;
    };

/** The row key of a comparison row: its variant id, '' for the chosen row. */
export const rowKey = (variantId: string | null): string => variantId ?? '';

const text = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() !== '' ? v : undefined);

/** A decimal string with at most `decimals` decimals (the api answers quantities as numbers, prices as strings). */
function decimal(value: unknown, decimals: number): string | undefined {
  const raw = typeof value === 'number' && Number.isFinite(value) && value >= 0 ? String(value) : typeof value === 'string' ? value.trim().replace(',', '.') : '';
  if (!/^\d+(\.\d+)?$/.test(raw)) return undefined;
  const [whole, fraction = ''] = raw.split('.');
  const cut = fraction.slice(0, decimals).replace(/0+$/, '');
  return cut === '' ? String(Number(whole)) : `${String(Number(whole))}.${cut}`;
}

/** An api product line as the engine's additional product (the project file's form). */
export function additionalProduct(line: Partial<ProductLine>): AdditionalProduct | undefined {
  const materialNumber = text(line['materialNumber']);
  const quantity = decimal(line['quantity'], 3);
  if (materialNumber === undefined || quantity === undefined) return undefined;
  const orderNumber = text(line['orderNumber']);
  const name = text(line['text']);
  const longText = text(line['longText']);
  const unit = text(line['unit']);
  const unitPrice = decimal(line['unitPrice'], 2);
  return {
    materialNumber,
    quantity,
    ...(orderNumber === undefined ? {} : { orderNumber }),
    ...(name === undefined ? {} : { text: name }),
    ...(longText === undefined ? {} : { longText }),
    ...(unit === undefined ? {} : { unit }),
    ...(unitPrice === undefined ? {} : { unitPrice }),
  };
}

/** An engine additional product as the api's product line. */
export function productLine(product: AdditionalProduct): ProductLineInput {
  return {
    materialNumber: product.materialNumber,
    orderNumber: product.orderNumber ?? null,
    text: product.text ?? null,
    longText: product.longText ?? null,
    unit: product.unit ?? null,
    quantity: product.quantity,
    ...(product.unitPrice == null ? {} : { unitPrice: product.unitPrice }),
  };
}

/** The lowest free localized default name `name(n)`, n from `first`. */
export function nextName(used: readonly string[], name: (n: number) => string, first = 2): string {
  const taken = new Set(used);
  for (let n = first; ; n++) if (!taken.has(name(n))) return name(n);
}

export class VariantsStore {
  /** The comparison of the measure on screen (engine in the worker, without bill totals). */
  comparison: VariantComparison | undefined = undefined;
  comparisonFailed = false;
  prices: PricesState = { status: 'idle' };
  /** The action that runs ('add', 'choose:v1', …); one at a time. */
  running: string | undefined = undefined;
  printing = false;
  measureId: string | undefined = undefined;

  private readonly root: RootStore;
  private compareToken = 0;
  private pricesToken = 0;
  /** Hands a file to the browser (replaceable in tests). */
  save: (fileName: string, content: Uint8Array | Blob, type: string) => void = (fileName, content, type) => {
    void import('../projectFile/saveFile.ts').then(({ saveFile }) => saveFile(fileName, content as BlobPart, type));
  };

  constructor(root: RootStore) {
    this.root = root;
    makeObservable(this, {
      comparison: observableRef,
      comparisonFailed: observable,
      prices: observableRef,
      running: observable,
      printing: observable,
      measureId: observable,
      show: action,
    });
  }

  private get waterflow() {
    return this.root.waterflow;
  }

  private t(key: string, params: Record<string, unknown> = {}): string {
    return this.root.i18n.t(key, params);
  }

  /** The measure on screen is `measureId`: forget another measure's comparison and prices. */
  show(measureId: string): void {
    if (this.measureId === measureId) return;
    this.measureId = measureId;
    this.comparison = undefined;
    this.comparisonFailed = false;
    this.prices = { status: 'idle' };
    this.pricesToken++;
  }

  /** Computes the comparison of the state on screen in the engine (after each edit; a newer call supersedes a queued one). */
  async compare(measureId: string): Promise<void> {
    this.show(measureId);
    const token = ++this.compareToken;
    const measure = this.waterflow.measure(measureId);
    if (measure === undefined) return;
    try {
      await this.waterflow.settled();
      const comparison = await this.waterflow.bridge.compareVariants(this.waterflow.engineProject, measureId);
      if (token !== this.compareToken || this.measureId !== measureId) return;
      runInAction(() => {
        this.comparison = comparison;
        this.comparisonFailed = false;
      });
    } catch (error) {
      if (isAbortError(error) || token !== this.compareToken) return;
      console.error('variant comparison failed', error);
      runInAction(() => (this.comparisonFailed = true));
    }
  }

  /** The bill totals are for another state of the measure than the one on screen. */
  get pricesStale(): boolean {
    const p = this.prices;
    return p.status === 'loaded' && this.measureId !== undefined && p.basis !== this.waterflow.measure(this.measureId);
  }

  /** Saves and loads the bill totals of every variant from the api (the server's catalogue prices). */
  async loadPrices(measureId: string): Promise<void> {
    this.show(measureId);
    const projectId = this.waterflow.projectId;
    if (projectId === undefined) return;
    if (this.waterflow.repository.storage !== 'server') {
      runInAction(() => (this.prices = { status: 'unavailable' }));
      return;
    }
    const token = ++this.pricesToken;
    runInAction(() => (this.prices = { status: 'loading' }));
    const saved = await this.waterflow.saveChanged();
    const basis = this.waterflow.measure(measureId);
    if (!saved) {
      if (token === this.pricesToken) runInAction(() => (this.prices = { status: 'failed', reason: 'documents:download.unsaved' }));
      return;
    }
    try {
      const answer = await this.root.api.project.variants(projectId, measureId, { silent: true });
      const bills = new Map<string, BillFigure>();
      for (const row of answer.rows) bills.set(rowKey(row.variantId), { total: row.billTotal ?? undefined, diff: row.differences.billTotal ?? undefined });
      if (token === this.pricesToken) runInAction(() => (this.prices = { status: 'loaded', bills, currency: answer.currency ?? undefined, basis }));
    } catch (error) {
      if (token === this.pricesToken) runInAction(() => (this.prices = { status: 'failed', reason: failureText(error, 'dimensioning:variants.failed.compare') }));
    }
  }

  /** The chosen variant's product list (the measure's additional products on the server; none in the browser). */
  private async chosenProducts(projectId: string, measureId: string): Promise<AdditionalProduct[]> {
    if (this.waterflow.repository.storage !== 'server') return [];
    const lines = await this.root.api.project.additionalProducts(projectId, measureId, { silent: true });
    return (Array.isArray(lines) ? lines : []).flatMap((l) => additionalProduct(l) ?? []);
  }

  private productsFailed(error: unknown): void {
    const reason = reasonText((k) => this.t(k), failureText(error, 'documents:products.loadFailed'));
    this.root.notifications.push({ kind: 'error', message: 'dimensioning:variants.failed.products', params: { reason } });
  }

  /** Runs one variant action at a time; afterwards saves and reloads the prices. */
  private async run(id: string, measureId: string, fn: (projectId: string, measure: Measure) => Promise<boolean>): Promise<boolean> {
    const projectId = this.waterflow.projectId;
    const measure = this.waterflow.measure(measureId);
    if (this.running !== undefined || projectId === undefined || measure === undefined) return false;
    runInAction(() => (this.running = id));
    try {
      const ok = await fn(projectId, measure);
      if (ok) {
        await this.waterflow.saveChanged();
        void this.loadPrices(measureId);
      }
      return ok;
    } finally {
      runInAction(() => (this.running = undefined));
    }
  }

  /** Adds a copy of the chosen variant (with its product list) under the next free default name. */
  add(measureId: string): Promise<boolean> {
    return this.run('add', measureId, async (projectId, measure) => {
      if ((measure.variants?.length ?? 0) >= MAX_VARIANTS) return false;
      let products: AdditionalProduct[];
      try {
        products = await this.chosenProducts(projectId, measureId);
      } catch (error) {
        this.productsFailed(error);
        return false;
      }
      const defaultName = (n: number) => this.t('dimensioning:variants.defaultName', { n });
      const wf = this.waterflow;
      // the chosen variant gets a name in the UI's language when it has none (the engine's default is "V1")
      if (measure.variantName === undefined && !(await wf.edit(call('renameChosenMeasureVariant', measureId, defaultName(1))))) {
        this.root.notifications.error({ message: 'dimensioning:variants.failed.add' });
        return false;
      }
      const current = wf.measure(measureId) ?? measure;
      const name = nextName([current.variantName ?? '', ...(current.variants ?? []).map((v) => v.name)], defaultName);
      const ok = await wf.edit(call('addMeasureVariant', measureId, name, products));
      if (!ok) this.root.notifications.error({ message: 'dimensioning:variants.failed.add' });
      return ok;
    });
  }

  /** Renames a variant that is not chosen. */
  rename(measureId: string, variantId: string, name: string): Promise<boolean> {
    return this.run(`rename:${variantId}`, measureId, async () => {
      const ok = await this.waterflow.edit(call('renameMeasureVariant', measureId, variantId, name));
      if (!ok) this.root.notifications.error({ message: 'dimensioning:variants.failed.rename' });
      return ok;
    });
  }

  /** Names the chosen variant (an ordinary edit: saved with the measure); blank clears it. */
  renameChosen(measureId: string, name: string): Promise<boolean> {
    const trimmed = name.trim();
    return this.waterflow.edit(call('renameChosenMeasureVariant', measureId, trimmed === '' ? null : trimmed));
  }

  remove(measureId: string, variantId: string): Promise<boolean> {
    return this.run(`remove:${variantId}`, measureId, async () => {
      const ok = await this.waterflow.edit(call('removeMeasureVariant', measureId, variantId));
      if (!ok) this.root.notifications.error({ message: 'dimensioning:variants.failed.remove' });
      return ok;
    });
  }

  /**
   * Makes a variant the measure (after the user confirmed).
   *
   * Account projects (api storage): the measure's pending saves are flushed first (a save that
   * still fails refuses the choice with a notice), then the api's atomic choose call swaps the
   * node and the product lists in one transaction with the measure's version; its answer becomes
   * the stored state of the node (applied in the engine, not marked changed, so no second PUT).
   * A failed call (conflict, network, refusal) changes nothing here and says what to do.
   *
   * Trial mode (browser storage, no product lists): the engine swaps the node and it is saved.
   */
  choose(measureId: string, variantId: string): Promise<boolean> {
    return this.run(`choose:${variantId}`, measureId, async (projectId, measure) => {
      const variant = measure.variants?.find((v) => v.id === variantId);
      if (variant === undefined) return false;
      const repository = this.waterflow.repository;
      if (repository.storage !== 'server' || repository.chooseVariant === undefined) {
        const ok = await this.waterflow.edit(call('chooseMeasureVariant', measureId, variantId, []));
        if (!ok) this.root.notifications.error({ message: 'dimensioning:variants.failed.choose' });
        return ok;
      }
      if (!(await this.waterflow.saveChanged()) || this.waterflow.changed.has(measureId)) {
        this.root.notifications.error({ message: 'dimensioning:variants.failed.chooseUnsaved' });
        return false;
      }
      let node: Measure;
      try {
        node = (await repository.chooseVariant(projectId, measureId, variantId)) as Measure;
      } catch (error) {
        if (error instanceof ApiError && error.status === 409) {
          this.root.notifications.error({ message: 'dimensioning:variants.failed.chooseConflict' });
        } else {
          const reason = reasonText((k) => this.t(k), failureText(error, 'dimensioning:variants.failed.choose'));
          this.root.notifications.push({ kind: 'error', message: 'dimensioning:variants.failed.chooseRetry', params: { reason } });
        }
        return false;
      }
      // stored on the server: the answer is the node's saved state (the other project, a reload: dropped)
      if (this.waterflow.projectId !== projectId) return false;
      const ok = await this.waterflow.editUnchanged(call('replaceMeasureNode', node));
      if (!ok) this.root.notifications.error({ message: 'dimensioning:variants.failed.chooseConflict' });
      return ok;
    });
  }

  /**
   * Downloads the printable comparison (PDF made in the documents worker from the engine's
   * definition): the api's comparison with the bill totals of the saved project; when the api
   * cannot answer, the comparison on screen without prices (an error notice says why).
   */
  async print(measureId: string, projectName: string): Promise<boolean> {
    if (this.printing) return false;
    const projectId = this.waterflow.projectId;
    if (projectId === undefined) return false;
    runInAction(() => (this.printing = true));
    try {
      let comparison: VariantComparison | undefined;
      if (this.waterflow.repository.storage === 'server' && (await this.waterflow.saveChanged())) {
        try {
          comparison = await this.root.api.project.variants(projectId, measureId, { silent: true });
        } catch (error) {
          const reason = reasonText((k) => this.t(k), failureText(error, 'dimensioning:variants.failed.compare'));
          this.root.notifications.push({ kind: 'error', message: 'dimensioning:variants.billFailed', params: { reason } });
        }
      }
      if (comparison === undefined) {
        await this.waterflow.settled();
        comparison = await this.waterflow.bridge.compareVariants(this.waterflow.engineProject, measureId, {});
      }
      const { createVariantsPdf } = await import('../documents/variantsPdf.ts');
      const file = await createVariantsPdf({ comparison, projectName, language: this.root.i18n.language });
      this.save(file.fileName, file.blob, 'application/pdf');
      return true;
    } catch (error) {
      const reason = reasonText((k) => this.t(k), failureText(error, 'documents:download.failedDefault'));
      this.root.notifications.push({ kind: 'error', message: 'dimensioning:variants.printFailed', params: { reason } });
      return false;
    } finally {
      runInAction(() => (this.printing = false));
    }
  }
}

/** The variants store of a root store (created on first use). */
export const variantsStore = lazyStore((root: RootStore) => new VariantsStore(root));
