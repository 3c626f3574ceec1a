/**
 * The configurator's view kept across a reload of the page (decision 0208): per configuration the
 * current layer and tool, per project the configuration open last, in the tab's sessionStorage.
 * A stored entry that is not a view (a layer the grid no longer has is the caller's check, an
 * unknown tool, broken JSON) is ignored; blocked or full storage keeps nothing.
 */
import { TOOLS, type Tool } from './types.ts';

const VIEW_KEY = 'rainplan.configurator.view.';
const SELECTED_KEY = 'rainplan.configurator.selected.';

function session(): Storage | undefined {
  try {
    return typeof sessionStorage === 'undefined' ? undefined : sessionStorage;
  } catch {
    return undefined; // storage blocked: the view resets after a reload
  }
}

/** The layer and tool last used in a configuration in this tab, if any (checked: a stale or edited entry is ignored). */
export function readView(configurationId: string): { layer?: number; tool?: Tool | null } | undefined {
  try {
    const raw = session()?.getItem(VIEW_KEY + configurationId);
    if (raw == null) return undefined;
    const parsed = JSON.parse(raw) as { layer?: unknown; tool?: unknown };
    const layer = typeof parsed.layer === 'number' && Number.isInteger(parsed.layer) && parsed.layer >= 0 ? parsed.layer : undefined;
    const tool = parsed.tool === null ? null : (TOOLS as readonly unknown[]).includes(parsed.tool) ? (parsed.tool as Tool) : undefined;
    return { ...(layer === undefined ? {} : { layer }), ...(tool === undefined ? {} : { tool }) };
  } catch {
    return undefined;
  }
}

export function writeView(configurationId: string, view: { layer: number; tool: Tool | null }): void {
  try {
    session()?.setItem(VIEW_KEY + configurationId, JSON.stringify(view));
  } catch {
    // storage full or blocked: nothing is kept
  }
}

export function readSelected(projectId: string): string | undefined {
  try {
    return session()?.getItem(SELECTED_KEY + projectId) ?? undefined;
  } catch {
    return undefined;
  }
}

export function writeSelected(projectId: string, configurationId: string): void {
  try {
    session()?.setItem(SELECTED_KEY + projectId, configurationId);
  } catch {
    // nothing is kept
  }
}
