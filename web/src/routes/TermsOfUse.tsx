/**
 * PLACEHOLDER route module: Terms of use (/termsOfUse). Owner: engineer (a) — replace this file with the screen
 * (keep the file name and the `Component` export; see web/CONTEXT.md).
 */
import { Placeholder } from '../components/Placeholder.tsx';

export function Component() {
  return <Placeholder screen="Terms of use (/termsOfUse)" />;
}
