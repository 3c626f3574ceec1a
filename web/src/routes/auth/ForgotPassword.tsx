/**
 * PLACEHOLDER route module: Forgot password (/authentication/forgotpassword). Owner: engineer (a) — replace this file with the screen
 * (keep the file name and the `Component` export; see web/CONTEXT.md).
 */
import { Placeholder } from '../../components/Placeholder.tsx';

export function Component() {
  return <Placeholder screen="Forgot password (/authentication/forgotpassword)" />;
}
