import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// React Testing Library: unmount after each test (vitest has no globals for auto-cleanup).
afterEach(() => cleanup());

// waitFor/findBy wait up to 5 s (the library's default is 1 s): lazy routes load their modules on
// first use, which takes longer than a second on a loaded CI machine. Assertions are unchanged.
configure({ asyncUtilTimeout: 5000 });
