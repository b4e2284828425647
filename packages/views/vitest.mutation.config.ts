// vitest for Stryker on the views' HTML sinks: the DOM tests (happy-dom, see README) of h() and the panels built with it.
import { defineConfig } from 'vitest/config';

export default defineConfig({ test: { include: ['test/dom-text.test.ts'], testTimeout: 30_000 } });
