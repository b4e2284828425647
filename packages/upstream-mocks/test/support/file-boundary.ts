// Setup file: test files share one module cache per worker (isolate: false), so each starts and ends on the mocks a new process would find.
import { afterAll, beforeAll } from 'vitest';
import { mockFileBoundary } from '../../src/index.js';

let end: (() => void) | undefined;
beforeAll(() => {
  end = mockFileBoundary();
});
afterAll(() => end?.());
