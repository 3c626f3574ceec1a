/**
 * The product-list dialog's state (planning spec §2 "Other dialogs", §3 "Product line", §7
 * additionalProducts): the additional products of a measure or of a box configuration, edited as
 * a draft (add from the catalogue, change quantity and unit price, delete lines) and saved as a
 * whole with Save, or dropped with Cancel. Totals come from the engine's decimal rule
 * (`productListTotals`: unit price × quantity rounded half-up to cents, exact sums), so the
 * dialog shows what the mass list will say. A failed save keeps the draft and says why (the
 * error's message, else the status text, else a default: spec §7 "product saving failures").
 */
import { action, computed, makeObservable, observable, observableRef, runInAction } from 'mobx';
import { Decimal } from 'decimal.js';
import { productListTotals, type ProductListTotals } from '@rainplan/engine/documents';
import type { CatalogueProduct as ApiCatalogueProduct, ProductLine } from '../api/types.ts';
import type { RootStore } from '../stores/RootStore.ts';
import { failureText, reasonText } from './DocumentsStore.ts';

/** Whose list the dialog edits. */
export type ProductListOwner = { readonly kind: 'measure'; readonly projectId: string; readonly id: string; readonly name: string } | { readonly kind: 'configuration'; readonly id: string; readonly name: string };

/** A product of the catalogue (`GET /Project/products`). */
export interface CatalogueProduct {
  readonly materialNumber: string;
  readonly orderNumber: string | null;
  readonly text: string;
  readonly longText: string | null;
  readonly unit: string;
  /** List price, decimal string with 2 decimals. */
  readonly unitPrice: string;
}

/** One line of the draft: quantity and unit price as decimal strings (exact), ids local to the dialog. */
export interface DraftLine {
  readonly id: string;
  readonly materialNumber: string;
  readonly orderNumber: string | null;
  readonly text: string;
  readonly longText: string | null;
  readonly unit: string;
  readonly quantity: string;
  /** null: no price (the catalogue's list price is used by the server). */
  readonly unitPrice: string | null;
}

/** Largest quantity the api accepts (9 digits before, 3 after the separator). */
export const MAX_QUANTITY = 999_999_999.999;
/** Largest unit price the dialog accepts (a sanity bound; prices are list prices per unit). */
export const MAX_UNIT_PRICE = 99_999_999.99;

const text = (v: unknown): string | null => (typeof v === 'string' ? v : null);

/** A decimal string from a number or string (api answers quantities as numbers, prices as strings). */
function decimalText(value: unknown, decimals: number): string | null {
  if (typeof value === 'number' && Number.isFinite(value)) return new Decimal(value).toDecimalPlaces(decimals, Decimal.ROUND_HALF_UP).toString();
  if (typeof value === 'string' && /^\d+([.,]\d+)?$/.test(value.trim())) return new Decimal(value.trim().replace(',', '.')).toDecimalPlaces(decimals, Decimal.ROUND_HALF_UP).toString();
  return null;
}

function catalogueProduct(p: ApiCatalogueProduct | ProductLine): CatalogueProduct | undefined {
  const materialNumber = text(p['materialNumber']);
  if (materialNumber === null) return undefined;
  return {
    materialNumber,
    orderNumber: text(p['orderNumber']),
    text: text(p['text']) ?? materialNumber,
    longText: text(p['longText']),
    unit: text(p['unit']) ?? '',
    unitPrice: decimalText(p['unitPrice'], 2) ?? '0',
  };
}

export class ProductListStore {
  readonly owner: ProductListOwner;
  lines: DraftLine[] = [];
  status: 'loading' | 'loaded' | 'failed' = 'loading';
  catalogue: readonly CatalogueProduct[] = [];
  catalogueStatus: 'loading' | 'loaded' | 'failed' = 'loading';
  saving = false;
  /** The draft differs from what was loaded. */
  dirty = false;
  /** Why the last load or save failed (shown in the dialog); undefined otherwise. */
  error: string | undefined = undefined;

  private readonly root: RootStore;
  private nextId = 1;

  constructor(root: RootStore, owner: ProductListOwner) {
    this.root = root;
    this.owner = owner;
    makeObservable(this, {
      lines: observable,
      status: observable,
      catalogue: observableRef,
      catalogueStatus: observable,
      saving: observable,
      dirty: observable,
      error: observable,
      totals: computed,
      add: action,
      update: action,
      remove: action,
    });
  }

  /** Loads the stored list and the catalogue (both needed: the list to edit, the catalogue to add from). */
  async load(): Promise<void> {
    runInAction(() => {
      this.status = 'loading';
      this.error = undefined;
    });
    const { api } = this.root;
    const owner = this.owner;
    const catalogue = this.catalogueStatus === 'loaded' ? Promise.resolve(undefined) : api.project.products({ silent: true });
    try {
      const stored = owner.kind === 'measure' ? await api.project.additionalProducts(owner.projectId, owner.id, { silent: true }) : await api.boxConfigurator.additionalProducts(owner.id, { silent: true });
      runInAction(() => {
        this.lines = (Array.isArray(stored) ? stored : []).flatMap((p) => {
          const product = catalogueProduct(p);
          if (product === undefined) return [];
          return [{ ...product, id: `l${this.nextId++}`, quantity: decimalText(p['quantity'], 3) ?? '0', unitPrice: decimalText(p['unitPrice'], 2) }];
        });
        this.status = 'loaded';
        this.dirty = false;
      });
    } catch (error) {
      runInAction(() => {
        this.status = 'failed';
        this.error = failureText(error, 'documents:products.loadFailed');
      });
    }
    try {
      const products = await catalogue;
      if (products !== undefined) {
        runInAction(() => {
          this.catalogue = (Array.isArray(products) ? products : []).flatMap((p) => catalogueProduct(p) ?? []);
          this.catalogueStatus = 'loaded';
        });
      }
    } catch {
      runInAction(() => (this.catalogueStatus = 'failed'));
    }
  }

  /** Catalogue products whose article number, order number or text contains the query (at most `limit`). */
  search(query: string, limit = 50): CatalogueProduct[] {
    const q = query.trim().toLocaleLowerCase();
    const out: CatalogueProduct[] = [];
    for (const p of this.catalogue) {
      if (q === '' || p.materialNumber.toLocaleLowerCase().includes(q) || p.text.toLocaleLowerCase().includes(q) || (p.orderNumber ?? '').toLocaleLowerCase().includes(q)) out.push(p);
      if (out.length >= limit) break;
    }
    return out;
  }

  /** Adds a catalogue product with quantity 1 and its list price; a product already listed gets 1 more instead. Returns the line's id. */
  add(materialNumber: string): string | undefined {
    const product = this.catalogue.find((p) => p.materialNumber === materialNumber);
    if (product === undefined) return undefined;
    this.dirty = true;
    const existing = this.lines.find((l) => l.materialNumber === materialNumber);
    if (existing !== undefined) {
      const quantity = Decimal.min(new Decimal(existing.quantity).plus(1), MAX_QUANTITY).toString();
      this.lines = this.lines.map((l) => (l.id === existing.id ? { ...l, quantity } : l));
      return existing.id;
    }
    const line: DraftLine = { ...product, id: `l${this.nextId++}`, quantity: '1' };
    this.lines = [...this.lines, line];
    return line.id;
  }

  /** Changes a line's quantity (≥ 0, 3 decimals) or unit price (≥ 0, 2 decimals); non-finite or negative values are ignored. */
  update(id: string, change: { readonly quantity?: number; readonly unitPrice?: number | null }): void {
    this.lines = this.lines.map((l) => {
      if (l.id !== id) return l;
      let next = l;
      if (change.quantity !== undefined && Number.isFinite(change.quantity) && change.quantity >= 0 && change.quantity <= MAX_QUANTITY) {
        next = { ...next, quantity: new Decimal(change.quantity).toDecimalPlaces(3, Decimal.ROUND_HALF_UP).toString() };
      }
      if (change.unitPrice === null) next = { ...next, unitPrice: null };
      else if (change.unitPrice !== undefined && Number.isFinite(change.unitPrice) && change.unitPrice >= 0 && change.unitPrice <= MAX_UNIT_PRICE) {
        next = { ...next, unitPrice: new Decimal(change.unitPrice).toFixed(2) };
      }
      if (next !== l) this.dirty = true;
      return next;
    });
  }

  remove(id: string): void {
    const before = this.lines.length;
    this.lines = this.lines.filter((l) => l.id !== id);
    if (this.lines.length !== before) this.dirty = true;
  }

  /** Line totals and the total in decimal (the engine's rule). */
  get totals(): ProductListTotals {
    return productListTotals(this.lines);
  }

  /** Saves the whole list (PUT …/additionalProducts). Resolves true when stored; on failure the draft stays and `error` says why. */
  async save(): Promise<boolean> {
    if (this.saving) return false;
    runInAction(() => {
      this.saving = true;
      this.error = undefined;
    });
    const body = this.lines.map((l) => ({
      materialNumber: l.materialNumber,
      orderNumber: l.orderNumber,
      text: l.text,
      longText: l.longText,
      unit: l.unit,
      quantity: l.quantity,
      ...(l.unitPrice === null ? {} : { unitPrice: l.unitPrice }),
    }));
    const { api } = this.root;
    const owner = this.owner;
    try {
      if (owner.kind === 'measure') await api.project.setAdditionalProducts(owner.projectId, owner.id, body, { silent: true });
      else await api.boxConfigurator.setAdditionalProducts(owner.id, body, { silent: true });
      runInAction(() => {
        this.saving = false;
        this.dirty = false;
      });
      this.root.notifications.success('documents:products.saved');
      return true;
    } catch (error) {
      const message = failureText(error, 'documents:products.saveFailed');
      runInAction(() => {
        this.saving = false;
        this.error = message;
      });
      this.root.notifications.push({ kind: 'error', message: 'documents:products.saveFailedNotice', params: { reason: reasonText((k) => this.root.i18n.t(k), message) } });
      return false;
    }
  }
}
