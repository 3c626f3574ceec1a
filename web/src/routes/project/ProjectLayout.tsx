/**
 * PLACEHOLDER route module: Project header and tabs (/project/{projectId}/…). Owner: engineer (c) — replace this file with the screen
 * (keep the file name and the `Component` export; see web/CONTEXT.md).
 */
import { Outlet } from 'react-router';
import { Placeholder } from '../../components/Placeholder.tsx';

export function Component() {
  return (
    <>
      <Placeholder screen="Project header and tabs (/project/{projectId}/…)" />
      <Outlet />
    </>
  );
}
