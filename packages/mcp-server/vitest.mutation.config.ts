// vitest for Stryker on the server's guards: the tests written for the exposure rule, bearer auth, Host/Origin checks and the task owner digest.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      // exposure rule and HTTP options
      'test/cli.test.ts',
      'test/exposure-names.test.ts',
      'test/http-options.test.ts',
      // bearer auth, Host/Origin checks
      'test/http-security.test.ts',
      // bearer checks, Host/Origin, task owner, loopback spellings
      'test/http-guards.test.ts',
    ],
    testTimeout: 90_000,
    hookTimeout: 90_000,
  },
});
