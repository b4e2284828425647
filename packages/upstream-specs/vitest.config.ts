// vitest for the vendored specs: dereferencing a whole spec takes seconds on a loaded 2-core machine.
import { defineConfig } from 'vitest/config';

export default defineConfig({ test: { include: ['test/**/*.test.ts'], testTimeout: 30_000 } });
