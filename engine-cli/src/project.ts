import { parseProject, type ParseResult } from '@rainplan/engine';
import { displayName, readInput, type CliIo } from './io.ts';

export interface LoadedInput {
  /** How the input is named in messages (`<stdin>` for `-`). */
  readonly name: string;
  readonly result: ParseResult;
}

/** Reads a project file (or stdin for `-`) and parses it. Unreadable files throw a UserError. */
export async function loadProject(file: string, io: CliIo): Promise<LoadedInput> {
  const text = await readInput(file, io);
  return { name: displayName(file), result: parseProject(text) };
}
