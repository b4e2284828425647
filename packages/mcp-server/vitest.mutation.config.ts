// vitest for Stryker on mcp-server: the guards (exposure, bearer, Host/Origin, hosted route, task ownership) and the in-process tests of the files beyond them.
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
      // the /mcp route alone: which requests reach the SDK, the Mcp-Param refusal's id and message, the SDK's refusals logged
      'test/mcp-route-rules.test.ts',
      'test/http-parts.test.ts',
      // readHttpOptions' edges; task helpers, the command line, config and small server parts
      'test/http-options-rules.test.ts',
      'test/task-parts.test.ts',
      'test/server-parts.test.ts',
      // tasks/* (the runner, the methods, the settings), views/*, the environment and the bin's command line
      'test/trace-progress.test.ts',
      'test/task-runner-rules.test.ts',
      'test/task-methods-rules.test.ts',
      'test/views.test.ts',
      'test/view-links-listing.test.ts',
      'test/view-registry-rules.test.ts',
      'test/env-reader.test.ts',
      'test/env-docs-rules.test.ts',
      'test/env-url-credentials.test.ts',
      'test/run-cli.test.ts',
      // server/*: the contract server over an in-memory client, serve() for stdio and HTTP in one process
      'test/tools-list-entries.test.ts',
      'test/host-rules.test.ts',
      'test/pipeline-envelope-wire.test.ts',
      'test/handler-context.test.ts',
      'test/trace-legacy.test.ts',
      'test/server-options.test.ts',
      'test/cache-hints-wire.test.ts',
      'test/discover-capabilities.test.ts',
      'test/non-object-results.test.ts',
      'test/open-map-entries.test.ts',
      'test/call-routing-legacy.test.ts',
      'test/serve-http-inprocess.test.ts',
      'test/serve-stdio-inprocess.test.ts',
      'test/serve-process-guard.test.ts',
      'test/guarded-stdio-edges.test.ts',
      'test/guarded-stdio-transport.test.ts',
      'test/compiled-tool-rules.test.ts',
      'test/input-responses-rules.test.ts',
      'test/meta-collector-rules.test.ts',
      'test/result.test.ts',
      'test/meta.test.ts',
      'test/validate-first.test.ts',
      'test/server-rules.test.ts',
      // the task runner's edges: leases of several tasks, internal tools, the result bound, shutdown's abort reasons
      'test/task-runner-edges.test.ts',
    ],
    testTimeout: 90_000,
    hookTimeout: 90_000,
  },
});
