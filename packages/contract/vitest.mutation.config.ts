// vitest for Stryker on the contract's guards: only the tests written for them (no stdio/HTTP servers, no CLI), so each mutant runs in milliseconds.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      // validation mapping, strict-unknown
      'test/render-template.test.ts',
      'test/strict-unknown-walk.test.ts',
      // normalizer, open-map entries
      'test/normalize-edges.test.ts',
      'test/map-entries.test.ts',
      'test/passthrough.test.ts',
      // envelope build and classify
      'test/envelope.test.ts',
      'test/envelope-bounds.test.ts',
      'test/classify.test.ts',
      'test/classify-shapes.test.ts',
      // redaction, URL credentials
      'test/redact-memory-cap.test.ts',
      'test/redact-patterns.test.ts',
      'test/url-credentials-shapes.test.ts',
    ],
    testTimeout: 90_000,
    hookTimeout: 90_000,
  },
});
