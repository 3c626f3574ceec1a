/**
 * The drawings of one box configuration from `GET /Documents/images/{boxConfiguratorProjectId}`
 * (planning spec §3 "Drawing images", §7 Documents; decision 0221): top, front and side view and
 * the isometric depiction, each a base64 PNG the api rasterised from the engine's drawing. The
 * answer is checked before use (a view is kept only with a known kind and a PNG of bounded size);
 * a failed call is shown with a retry, never silently empty.
 */
import { action, makeObservable, observable, observableRef, runInAction } from 'mobx';
import type { RootStore } from '../stores/RootStore.ts';

export type DrawingView = 'topView' | 'frontView' | 'sideView' | 'depiction';

export interface Drawing {
  readonly view: DrawingView;
  /** The api's display id ("Rigole – top"). */
  readonly displayId: string;
  /** A data URL of the PNG. */
  readonly src: string;
}

const GROUPS: readonly (readonly [string, DrawingView])[] = [
  ['topViews', 'topView'],
  ['frontViews', 'frontView'],
  ['sideViews', 'sideView'],
  ['depictions', 'depiction'],
];

/** A PNG's base64 text may be at most this long (the api bounds a drawing to 4,194,304 px, decision 0192; ~ 16 MB base64). */
const MAX_BASE64_LENGTH = 24 * 1024 * 1024;
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

/** The drawings of an images answer, in the order top, front, side, depiction; malformed entries are left out. */
export function drawingsFromAnswer(answer: unknown): Drawing[] {
  if (typeof answer !== 'object' || answer === null) return [];
  const out: Drawing[] = [];
  for (const [group, view] of GROUPS) {
    const list = (answer as Record<string, unknown>)[group];
    if (!Array.isArray(list)) continue;
    for (const entry of list.slice(0, 10)) {
      if (typeof entry !== 'object' || entry === null) continue;
      const { content, description } = entry as { content?: unknown; description?: unknown };
      if (typeof content !== 'string' || content.length === 0 || content.length > MAX_BASE64_LENGTH || !BASE64.test(content)) continue;
      const displayId = typeof description === 'object' && description !== null && typeof (description as { displayId?: unknown }).displayId === 'string' ? (description as { displayId: string }).displayId.slice(0, 200) : '';
      out.push({ view, displayId, src: `data:image/png;base64,${content}` });
    }
  }
  return out;
}

export class DrawingsStore {
  status: 'idle' | 'loading' | 'loaded' | 'failed' = 'idle';
  drawings: readonly Drawing[] = [];
  /** The UI language the drawings were drawn in (their labels and captions). */
  language: string | undefined = undefined;
  private readonly root: RootStore;
  private readonly configurationId: string;

  constructor(root: RootStore, configurationId: string) {
    this.root = root;
    this.configurationId = configurationId;
    makeObservable(this, { status: observable, drawings: observableRef, language: observable, load: action });
  }

  /** Whether the drawings are missing or were drawn in another language than the UI's now. */
  get outdated(): boolean {
    return this.status !== 'loaded' || this.language !== this.root.i18n.language;
  }

  /** Loads the drawings (again after a failure); a failure is shown beside them (the call is silent). */
  async load(): Promise<void> {
    if (this.status === 'loading') return;
    this.status = 'loading';
    try {
      // the api writes the drawings' texts in the language asked for (languageCode: the UI language)
      const language = this.root.i18n.language;
      const answer = await this.root.api.documents.images(this.configurationId, { silent: true });
      runInAction(() => {
        this.drawings = drawingsFromAnswer(answer);
        this.language = language;
        this.status = 'loaded';
      });
    } catch (error) {
      console.error('drawings could not be loaded', error);
      runInAction(() => (this.status = 'failed'));
    }
  }
}
