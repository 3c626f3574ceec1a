/**
 * PLACEHOLDER route module: Dimensioning layout with flow overview (/project/{projectId}/dimensioning/…). Owner: engineer (c) — replace this file with the screen
 * (keep the file name and the `Component` export; see web/CONTEXT.md).
 */
import { Outlet } from 'react-router';
import { Placeholder } from '../../components/Placeholder.tsx';

export function Component() {
  return (
    <>
      <Placeholder screen="Dimensioning layout with flow overview (/project/{projectId}/dimensioning/…)" />
      <Outlet />
    </>
  );
}
