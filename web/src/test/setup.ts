import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// React Testing Library: unmount after each test (vitest has no globals for auto-cleanup).
afterEach(() => cleanup());
