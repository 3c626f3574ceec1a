/**
 * PLACEHOLDER route module: New project (/project/new). Owner: engineer (b) — replace this file with the screen
 * (keep the file name and the `Component` export; see web/CONTEXT.md).
 */
import { Placeholder } from '../../components/Placeholder.tsx';

export function Component() {
  return <Placeholder screen="New project (/project/new)" />;
}
