/** Shared names of the configurator's store and its managers. */

/** Toolbar tools (spec §2). */
export const TOOLS = ['select', 'draw', 'erase', 'fillLayer', 'fillHorizontal', 'fillVertical', 'eraseHorizontal', 'eraseVertical', 'editAxes', 'deleteAxes'] as const;
export type Tool = (typeof TOOLS)[number];

export type ConfiguratorStatus = 'idle' | 'loading' | 'ready' | 'failed';
export type ConfiguratorSaveStatus = 'saved' | 'pending' | 'saving' | 'failed' | 'conflict';

/** Spec §9: box autosave 2000 ms after the last change. */
export const AUTOSAVE_MS = 2000;
