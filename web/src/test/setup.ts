import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { loadRouteTexts } from '../i18n/index.ts';

// React Testing Library: unmount after each test (vitest has no globals for auto-cleanup).
afterEach(() => cleanup());

// waitFor/findBy wait up to 5 s (the library's default is 1 s): lazy routes load their modules on
// first use, which takes longer than a second on a loaded CI machine. Assertions are unchanged.
configure({ asyncUtilTimeout: 5000 });

// The texts of the larger screens load with their routes in the app (i18n/index.ts); component
// tests render those screens directly, so every namespace is there before a test starts.
await loadRouteTexts();
