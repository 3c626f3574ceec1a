/**
 * PLACEHOLDER route module: Project data (/project/{projectId}/projectData). Owner: engineer (b) — replace this file with the screen
 * (keep the file name and the `Component` export; see web/CONTEXT.md).
 */
import { Placeholder } from '../../components/Placeholder.tsx';

export function Component() {
  return <Placeholder screen="Project data (/project/{projectId}/projectData)" />;
}
