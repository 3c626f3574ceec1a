/**
 * PLACEHOLDER route module: Dimensioning overview (/project/{projectId}/dimensioning). Owner: engineer (c) — replace this file with the screen
 * (keep the file name and the `Component` export; see web/CONTEXT.md).
 */
import { Placeholder } from '../../components/Placeholder.tsx';

export function Component() {
  return <Placeholder screen="Dimensioning overview (/project/{projectId}/dimensioning)" />;
}
