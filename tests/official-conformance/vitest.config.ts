// vitest for the expected-failures judge (the suite run itself is dist/run-official.js, after these tests).
import { defineConfig } from 'vitest/config';

export default defineConfig({ test: { include: ['test/**/*.test.ts'] } });
