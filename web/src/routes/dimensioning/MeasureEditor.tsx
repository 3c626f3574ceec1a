/**
 * PLACEHOLDER route module: Measure editor (/project/{projectId}/dimensioning/measures/{measureId?}). Owner: engineer (c) — replace this file with the screen
 * (keep the file name and the `Component` export; see web/CONTEXT.md).
 */
import { Placeholder } from '../../components/Placeholder.tsx';

export function Component() {
  return <Placeholder screen="Measure editor (/project/{projectId}/dimensioning/measures/{measureId?})" />;
}
