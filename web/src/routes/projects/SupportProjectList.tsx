/**
 * PLACEHOLDER route module: Support project list (/projects/supportProjects). Owner: engineer (b) — replace this file with the screen
 * (keep the file name and the `Component` export; see web/CONTEXT.md).
 */
import { Placeholder } from '../../components/Placeholder.tsx';

export function Component() {
  return <Placeholder screen="Support project list (/projects/supportProjects)" />;
}
