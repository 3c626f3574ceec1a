import type { Project } from '../model/project.ts';

/** Writes a project as formatted JSON text (2-space indent, trailing newline); parseProject reads it back unchanged. */
export function serializeProject(project: Project): string {
  return `${JSON.stringify(project, null, 2)}\n`;
}
