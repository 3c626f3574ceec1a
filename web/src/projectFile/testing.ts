/** Test helper (imported only by tests): the repository's example project files (fixtures/projects). */
const files = import.meta.glob<unknown>('../../../fixtures/projects/*.project.json', { eager: true, import: 'default' });

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- fixtures are JSON of any shape; tests spread them freely
export function fixtureProject(name: string): any {
  const file = files[`../../../fixtures/projects/${name}.project.json`];
  if (file === undefined) throw new Error(`no fixture ${name}`);
  return structuredClone(file);
}
