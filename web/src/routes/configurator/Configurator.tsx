/**
 * PLACEHOLDER route module: Box configurator (/project/{projectId}/configurator). Owner: engineer (c) — replace this file with the screen
 * (keep the file name and the `Component` export; see web/CONTEXT.md).
 */
import { Placeholder } from '../../components/Placeholder.tsx';

export function Component() {
  return <Placeholder screen="Box configurator (/project/{projectId}/configurator)" />;
}
