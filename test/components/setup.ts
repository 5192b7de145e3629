import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// Each test renders into a fresh document; mocks set by a test do not leak into the next.
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});
