// Setup file: test files share one module cache per worker (isolate: false), so each starts and ends on the mocks a new process would find.
import { mockFileBoundary } from '@obmcp/upstream-mocks';
import { afterAll, beforeAll } from 'vitest';

let end: (() => void) | undefined;
beforeAll(() => {
  end = mockFileBoundary();
});
afterAll(() => end?.());
