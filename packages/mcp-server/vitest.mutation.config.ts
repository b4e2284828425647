// vitest for Stryker on the server's guards: exposure, bearer auth, Host/Origin, the hosted route and task ownership.
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
      // --hosted: gate paths, the user a request runs as
      'test/hosted-route.test.ts',
      // task ownership, the store's bounds and lease rule, the memory records (in-process SDK client)
      'test/tasks.test.ts',
      'test/task-owner-rules.test.ts',
      'test/task-store-rules.test.ts',
      'test/task-store-lease.test.ts',
      'test/tasks-extension.test.ts',
      // beyond the guards: the listing-size warning, stdin framing and verdicts
      'test/listing-size.test.ts',
      'test/stdio-line-splitter.test.ts',
      'test/stdio-line-verdict.test.ts',
      // Mcp-Param-* headers, session choices (in-process HTTP servers)
      'test/param-headers.test.ts',
      'test/param-header-rules.test.ts',
      'test/session-choices.test.ts',
      // the HTTP layer in one process: the /mcp route's refusals, health, drain, socket policy, body cap, web bridge
      'test/http-route-inprocess.test.ts',
      'test/http-parts.test.ts',
      // readHttpOptions' edges; task helpers, the command line, config and small server parts
      'test/http-options-rules.test.ts',
      'test/task-parts.test.ts',
      'test/server-parts.test.ts',
    ],
    testTimeout: 90_000,
    hookTimeout: 90_000,
  },
});
