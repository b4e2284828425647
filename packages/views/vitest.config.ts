// vitest: the pure view models and the built files' budget (node environment; the browser test lives in tests/views).
import { defineConfig } from 'vitest/config';

// Generous for a loaded 2-core machine (the budget test reads the built views).
export default defineConfig({ test: { include: ['test/**/*.test.ts'], testTimeout: 30_000 } });
