/**
 * The waterflow store's per-node indexes (latency, issue 7): the derived waterflow and the
 * evaluation by node id, so that reading one node, result or issue list tracks only that entry and
 * an edit re-renders only the parts of the screen that show the nodes it changed. `sync` brings
 * them up to a new state; unchanged entries keep their identity and their readers do not react.
 */
import { makeObservable, observable, observableRef, type ObservableMap } from 'mobx';
import type { Evaluation, Measure, MeasureResult, Purification, PurificationResult, SealedSurface, SurfaceResult, Waterflow } from '@rainplan/engine';
import { deepEqual } from '../engine/shared/diff.ts';

const NO_IDS: readonly string[] = [];
const NO_ITEMS: readonly never[] = [];
export type Issues = Evaluation['issues'];

/**
 * Items by id in a shallow observable map (`get(id)` tracks only that entry; values are replaced,
 * not made observable), brought up to a list with `sync`: only entries whose object changed are
 * set, so only their readers react.
 */
class Index<T extends { readonly id: string }> {
  readonly map: ObservableMap<string, T> = observable.map<string, T>(undefined, { deep: false });
  private list: readonly T[] = [];

  sync(list: readonly T[]): void {
    const previous = this.list;
    if (list === previous) return;
    this.list = list;
    // the usual edit keeps the order: compare item by item without reading the observable map
    if (previous.length === list.length && list.every((item, i) => item.id === previous[i]!.id)) {
      list.forEach((item, i) => {
        if (item !== previous[i]) this.map.set(item.id, item);
      });
      return;
    }
    for (const item of list) if (this.map.get(item.id) !== item) this.map.set(item.id, item);
    if (this.map.size !== list.length) {
      const ids = new Set(list.map((item) => item.id));
      for (const id of [...this.map.keys()]) if (!ids.has(id)) this.map.delete(id);
    }
  }
}

/** `previous` when it holds the same ids in the same order (readers of the order do not react), else the new ids. */
function sameOrNewIds(previous: readonly string[], list: readonly { readonly id: string }[]): readonly string[] {
  return previous.length === list.length && list.every((item, i) => item.id === previous[i]) ? previous : list.map((item) => item.id);
}

export class WaterflowIndex {
  /** The ids of the waterflow's lists, in order; replaced only when nodes are added, removed or reordered. */
  surfaceIds: readonly string[] = NO_IDS;
  purificationIds: readonly string[] = NO_IDS;
  measureIds: readonly string[] = NO_IDS;
  readonly surfaces = new Index<SealedSurface>();
  readonly purifications = new Index<Purification>();
  readonly measures = new Index<Measure>();
  readonly surfaceResults = new Index<SurfaceResult>();
  readonly purificationResults = new Index<PurificationResult>();
  readonly measureResults = new Index<MeasureResult>();
  /** The evaluation's issues by node id ('' for project-wide ones). */
  readonly issues = observable.map<string, Issues>(undefined, { deep: false });
  private indexedIssues: Issues | undefined = undefined;

  constructor() {
    makeObservable(this, { surfaceIds: observableRef, purificationIds: observableRef, measureIds: observableRef });
  }

  /** Brings every index up to the state (call within an action). */
  sync(waterflow: Waterflow, evaluation: Evaluation | undefined): void {
    this.surfaceIds = sameOrNewIds(this.surfaceIds, waterflow.sealedSurfaces);
    this.purificationIds = sameOrNewIds(this.purificationIds, waterflow.purifications);
    this.measureIds = sameOrNewIds(this.measureIds, waterflow.measures);
    this.surfaces.sync(waterflow.sealedSurfaces);
    this.purifications.sync(waterflow.purifications);
    this.measures.sync(waterflow.measures);
    this.surfaceResults.sync(evaluation?.sealedSurfaces ?? NO_ITEMS);
    this.purificationResults.sync(evaluation?.purifications ?? NO_ITEMS);
    this.measureResults.sync(evaluation?.measures ?? NO_ITEMS);
    const issues = evaluation?.issues;
    if (issues === this.indexedIssues) return;
    this.indexedIssues = issues;
    const byNode = new Map<string, Issues[number][]>();
    for (const issue of issues ?? []) {
      const id = issue.nodeId ?? '';
      let list = byNode.get(id);
      if (list === undefined) byNode.set(id, (list = []));
      list.push(issue);
    }
    for (const [id, list] of byNode) {
      // issues an edit did not change keep their identity (the engine's diff)
      const old = this.issues.get(id);
      if (old === undefined || old.length !== list.length || list.some((issue, i) => issue !== old[i] && !deepEqual(issue, old[i]))) this.issues.set(id, list);
    }
    for (const id of [...this.issues.keys()]) if (!byNode.has(id)) this.issues.delete(id);
  }
}
