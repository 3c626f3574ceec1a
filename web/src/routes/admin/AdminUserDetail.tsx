/**
 * PLACEHOLDER route module: Admin user detail (/admin/users/{userId}). Owner: engineer (a) — replace this file with the screen
 * (keep the file name and the `Component` export; see web/CONTEXT.md).
 */
import { Placeholder } from '../../components/Placeholder.tsx';

export function Component() {
  return <Placeholder screen="Admin user detail (/admin/users/{userId})" />;
}
