/**
 * The waterflow store follows the project's shell (name, address, rule edition, rain data) from
 * the project store, which edits it: a reaction puts each change of the open project's shell into
 * the waterflow store and reloads the rain data when the position or the custom-rain choice changed.
 */
import { reaction, type IReactionDisposer } from 'mobx';
import type { RuleEdition } from '@rainplan/engine/tables';
import type { ProjectShell } from './repository.ts';

/** The shell fields the store follows from the ProjectStore. */
export interface ShellSource {
  readonly projectId: string | undefined;
  readonly project:
    | {
        readonly id: string;
        readonly name: string;
        readonly location: ProjectShell['location'];
        readonly airPollution: string | null;
        readonly ruleEdition?: string | undefined;
        readonly usesCustomRaindata: boolean;
      }
    | undefined;
}

/** What the follower reads and calls on the waterflow store. */
export interface ShellTarget {
  readonly projectId: string | undefined;
  readonly shell: ProjectShell | undefined;
  setShell(shell: ProjectShell): void;
  reloadRainData(): Promise<void>;
}

/** Starts following `source` into `target`; returns the disposer. */
export function followShell(source: ShellSource, target: ShellTarget): IReactionDisposer {
  return reaction(
    () => {
      const p = source.project;
      return p === undefined || p.id !== target.projectId
        ? undefined
        : [p.name, p.airPollution, p.ruleEdition, p.location?.latitude, p.location?.longitude, p.location?.address, p.usesCustomRaindata].join('|');
    },
    (key) => {
      const p = source.project;
      const shell = target.shell;
      if (key === undefined || p === undefined || shell === undefined) return;
      const rainChanged =
        p.usesCustomRaindata !== shell.usesCustomRaindata || p.location?.latitude !== shell.location?.latitude || p.location?.longitude !== shell.location?.longitude;
      target.setShell({
        ...shell,
        name: p.name,
        location: p.location,
        airPollution: (p.airPollution ?? null) as ProjectShell['airPollution'],
        ruleEdition: (p.ruleEdition ?? shell.ruleEdition) as RuleEdition,
        usesCustomRaindata: p.usesCustomRaindata,
      });
      if (rainChanged) void target.reloadRainData();
    },
  );
}
