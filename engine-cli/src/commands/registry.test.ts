import { describe, expect, it } from 'vitest';
import { run } from '../testing/run.ts';
import { COMMANDS, MAIN_HELP, commandNamed } from './registry.ts';

describe('the command registry', () => {
  it('names each command once, and its help starts with its usage', () => {
    const names = COMMANDS.map((c) => c.name);
    expect(new Set(names).size).toBe(names.length);
    for (const c of COMMANDS) {
      expect(c.synopsis.startsWith(`${c.name} `)).toBe(true);
      expect(c.help.startsWith(`Usage: rainplan ${c.name} `)).toBe(true);
      expect(commandNamed(c.name)).toBe(c);
    }
    expect(commandNamed('help')).toBeUndefined();
    expect(commandNamed('nope')).toBeUndefined();
  });

  it('is what rainplan --help lists, in its order, with the summary from column 26', () => {
    const listed = [...MAIN_HELP.matchAll(/^ {2}(\S+)/gm)].map((m) => m[1]);
    const commands = listed.slice(0, listed.indexOf('help') + 1);
    expect(commands).toEqual([...COMMANDS.map((c) => c.name), 'help']);
    expect(MAIN_HELP).toContain('\n  evaluate <file|->       Evaluate a project');
    expect(MAIN_HELP).toContain('\n  gaeb <file|-> --phase 81|82\n                          The service catalogue');
  });

  it('answers <command> --help and help <command> with the registered help, an unknown one with exit 2', async () => {
    for (const c of COMMANDS) {
      expect(await run([c.name, '--help'])).toEqual({ code: 0, stdout: c.help, stderr: '' });
      expect(await run(['help', c.name])).toEqual({ code: 0, stdout: c.help, stderr: '' });
    }
    const unknown = await run(['nope']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('rainplan: unknown command "nope"');
  });
});
