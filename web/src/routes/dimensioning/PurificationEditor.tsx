/**
 * PLACEHOLDER route module: Purification editor (/project/{projectId}/dimensioning/purifications/{purificationId?}). Owner: engineer (c) — replace this file with the screen
 * (keep the file name and the `Component` export; see web/CONTEXT.md).
 */
import { Placeholder } from '../../components/Placeholder.tsx';

export function Component() {
  return <Placeholder screen="Purification editor (/project/{projectId}/dimensioning/purifications/{purificationId?})" />;
}
