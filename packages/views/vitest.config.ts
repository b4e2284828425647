// vitest: the pure view models and the built files' budget (node environment; the browser test lives in tests/views).
import { defineConfig } from 'vitest/config';

export default defineConfig({ test: { include: ['test/**/*.test.ts'] } });
