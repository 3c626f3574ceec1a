/**
 * PLACEHOLDER route module: Project list (/projects/projects). Owner: engineer (b) — replace this file with the screen
 * (keep the file name and the `Component` export; see web/CONTEXT.md).
 */
import { Placeholder } from '../../components/Placeholder.tsx';

export function Component() {
  return <Placeholder screen="Project list (/projects/projects)" />;
}
