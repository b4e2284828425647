// Where mutation testing runs: the packages whose code guards users, their guard modules, and the security guards.

/** hosted-auth's security guards: all of src but index.ts and three type-only files (in NOT_MUTATED). */
const HOSTED_AUTH_GUARDS = [
  'src/gate.ts',
  'src/as/redirect-uris.ts',
  'src/as/registration-limit.ts',
  'src/as/access-token.ts',
  'src/vault/vault.ts',
  'src/vault/key-ring.ts',
  'src/as/random.ts',
  'src/as/authorization-request.ts',
  'src/as/token-endpoint.ts',
  'src/as/register-endpoint.ts',
  'src/as/client-auth.ts',
  // Beyond the first guards (issue 44): the client_id document fetch (SSRF), the HTML pages and their escaping,
  // revocation, the signing key, per-user session choices and the node listener.
  'src/as/client-metadata-fetch.ts',
  'src/as/pages.ts',
  'src/http/respond.ts',
  'src/as/revoke-endpoint.ts',
  'src/as/signing-key.ts',
  'src/store/user-session-choices.ts',
  'src/http/node-listener.ts',
  // Codes and grants, the client registry, the browser's login path and the --hosted setup from the environment.
  'src/as/grants.ts',
  'src/as/clients.ts',
  'src/as/login-flow.ts',
  'src/from-env.ts',
  // The authorization server as a whole, its stores, and the upstream logins that put a user's credential in the vault.
  'src/hosted-auth.ts',
  'src/store/memory-store.ts',
  'src/store/redis-store.ts',
  'src/upstream/sp-api-login.ts',
  'src/upstream/ads-login.ts',
  'src/upstream/lwa-exchange.ts',
  // The Openbridge key a user pastes: checked once at Openbridge, never quoted back in a failure.
  'src/upstream/openbridge-login.ts',
];

/** The views' HTML sinks, mutated and held to the security floor. */
const VIEWS_HTML_SINKS = ['src/shared/dom.ts', 'src/shared/envelope-panel.ts', 'src/shared/controls.ts'];

/**
 * Each target: the package folder and the files Stryker mutates (killed by that package's own vitest suite, or by
 * the narrower `vitestConfig` when the whole suite is too slow to run per mutant).
 * `security` lists the files held to the higher bar (secret redaction, URL credentials, redirects, strict-unknown,
 * sandbox limits, the SQL check).
 */
export const TARGETS = [
  {
    dir: 'packages/contract',
    // The stdio/HTTP server and CLI tests also reach the envelope and the normalizer but spawn processes or
    // servers: the guards' own tests judge them.
    vitestConfig: 'vitest.mutation.config.ts',
    mutate: [
      'src/validation/mapping.ts',
      'src/validation/strict-unknown.ts',
      'src/normalize/normalize.ts',
      'src/normalize/map-entries.ts',
      'src/envelope/build.ts',
      'src/envelope/classify.ts',
      'src/envelope/redact.ts',
      'src/envelope/url-credentials.ts',
      // Beyond the guards (issue 44: the whole src, in batches a 2-core machine finishes; docs/MUTATION.md).
      'src/meta/rate-limit.ts',
      'src/meta/retry-after.ts',
      'src/meta/warning.ts',
      'src/hints/categories.ts',
      'src/hints/distance.ts',
      'src/hints/suggest.ts',
      'src/validation/validation-envelope.ts',
      'src/validation/select-errors.ts',
      'src/validation/json-type.ts',
      'src/validation/ajv.ts',
      'src/validation/schema-walk.ts',
      'src/tool/logger.ts',
      'src/tool/passthrough.ts',
      'src/tool/annotations.ts',
      'src/client/call-with-envelope.ts',
      'src/envelope/is-envelope.ts',
      'src/validation/describe.ts',
      'src/envelope/reclassifications.ts',
      'src/envelope/text.ts',
      'src/envelope/validate.ts',
      'src/normalize/identity-when-valid.ts',
      'src/schema/open-map.ts',
      'src/tool/date-order.ts',
      'src/tool/errors.ts',
      'src/tool/types.ts',
      'src/tool/define-tool.ts',
      'src/validation/published-errors.ts',
      'src/schema/implied-type.ts',
      // The published view (what tools/list shows every provider) and the envelope's schema, taxonomy and phrases.
      'src/schema/portable-notes.ts',
      'src/schema/published-tool.ts',
      'src/schema/examples-meta-key.ts',
      'src/taxonomy.ts',
      'src/envelope/schema.ts',
      'src/envelope/phrases.ts',
      'src/envelope/types.ts',
      'src/hints/tables.ts',
      'src/version.ts',
      // The portable view of an input schema every provider is shown, and the rules it keeps or rewrites.
      'src/schema/portable-rules.ts',
      'src/schema/portable-schema.ts',
    ],
    security: [
      'src/validation/strict-unknown.ts',
      'src/envelope/redact.ts',
      'src/envelope/url-credentials.ts',
    ],
  },
  {
    dir: 'packages/http-kit',
    mutate: [
      'src/retry.ts',
      'src/should-retry.ts',
      'src/limiter.ts',
      'src/redirects.ts',
      'src/redirect-scope.ts',
      'src/private-address.ts',
      'src/url-credentials.ts',
      'src/wire-values.ts',
      'src/pipeline/header-parsers.ts',
      'src/classify-failure.ts',
      // Beyond the guards (issue 44: the whole src, in batches a 2-core machine finishes; docs/MUTATION.md).
      'src/content-type.ts',
      'src/token-cache.ts',
      'src/query.ts',
      'src/answered-url.ts',
      'src/csv-table.ts',
      'src/redirect-error.ts',
      'src/response.ts',
      'src/pipeline/outgoing.ts',
      'src/pipeline/decode.ts',
      'src/pipeline/rate-override.ts',
      'src/exchange-signal.ts',
      'src/until-aborted.ts',
      'src/pipeline/response-meta.ts',
      'src/pipeline/token-auth.ts',
      'src/read-body.ts',
      'src/fetcher.ts',
      'src/gzip.ts',
      'src/proxy-env.ts',
      'src/lazy-agent.ts',
      'src/transport-errors.ts',
      'src/pipeline/should-retry.ts',
      // The upstream loop and the credential exchanges (what the upstream and the agent notice: the extra request,
      // a retried credential failure, the limiter's hold), the limiter stores, the store-call retry.
      'src/pipeline/pipeline.ts',
      'src/pipeline/credential-exchange.ts',
      'src/memory-limiter-store.ts',
      'src/fallback-limiter-store.ts',
      'src/tasks/store-retry.ts',
      'src/user-agent.ts',
      'src/server-limiter.ts',
      // Types, a re-export and Lua scripts held as module constants: no mutant the runner can activate.
      'src/app.ts',
      'src/limiter-store.ts',
      'src/sleep.ts',
      'src/redis-limiter-scripts.ts',
      'src/tasks/redis-task-scripts.ts',
      // What a bin makes from env (killed against a loopback redis-server): the limiter's shared buckets, the task
      // records' retries, session switches, the Redis clients' settings, and the start-up (server-cli.ts).
      'src/redis-limiter-store.ts',
      'src/limiter-store-from-env.ts',
      'src/session-choices-from-env.ts',
      'src/redis-client-options.ts',
      'src/server-cli.ts',
      'src/tasks/retrying-task-records.ts',
      'src/tasks/task-records-from-env.ts',
      // Task records every replica shares: who owns a task (another caller's is never listed nor found).
      'src/tasks/redis-task-records.ts',
    ],
    security: [
      'src/redirects.ts',
      'src/redirect-scope.ts',
      'src/private-address.ts',
      'src/url-credentials.ts',
      // Task ownership in Redis, and the retries that hand each call the caller's owner and ids unchanged.
      'src/tasks/redis-task-records.ts',
      'src/tasks/retrying-task-records.ts',
    ],
  },
  {
    dir: 'packages/mcp-server',
    // The stdio servers and first-call compile tests spawn processes: the guards' own tests judge them.
    vitestConfig: 'vitest.mutation.config.ts',
    mutate: [
      'src/http/exposure.ts',
      'src/http/bearer-auth.ts',
      'src/http/host-check.ts',
      'src/http/task-owner.ts',
      'src/http/hosted-route.ts',
      'src/tasks/scoped-task-store.ts',
      'src/tasks/memory-task-records.ts',
      // Beyond the guards (issue 44: the whole src, in batches a 2-core machine finishes; docs/MUTATION.md).
      'src/server/listing-size.ts',
      'src/server/stdio-line-splitter.ts',
      'src/server/stdio-line-verdict.ts',
      'src/http/param-headers.ts',
      'src/server/session-choices.ts',
      // The HTTP layer: every /mcp request goes through these (issue 44).
      'src/http/mcp-route.ts',
      'src/http/http-server.ts',
      'src/http/http-options.ts',
      'src/http/connection-policy.ts',
      'src/http/session-route.ts',
      'src/http/hosted-user.ts',
      'src/http/read-body.ts',
      'src/http/web-bridge.ts',
      'src/http/http-responses.ts',
      // Task helpers, the command line, config and small server parts (unit tests: task-parts, server-parts).
      'src/tasks/poll-job.ts',
      'src/tasks/owner-lost.ts',
      'src/tasks/interrupted.ts',
      'src/tasks/progress-notifier.ts',
      'src/tasks/upstream-cancel.ts',
      'src/tasks/wait-seconds.ts',
      'src/tasks/tasks-extension.ts',
      'src/tasks/task-records.ts',
      'src/cli/cli-args.ts',
      'src/cli/help.ts',
      'src/cli/node-floor.ts',
      'src/config/run-server.ts',
      'src/config/env-docs.ts',
      'src/config/log-level.ts',
      'src/server/tool-not-found.ts',
      'src/server/contract-tool.ts',
      // The bin's command line, the environment reader, the 2025 task methods and settings, the views (in-process
      // tests: run-cli, env-reader, task-methods-rules, tasks-extension, view-registry-rules).
      'src/cli/run-cli.ts',
      'src/config/env-reader.ts',
      'src/config/env.ts',
      'src/tasks/task-methods.ts',
      'src/tasks/task-settings.ts',
      'src/views/define-views.ts',
      'src/views/ui-extension.ts',
      'src/views/view-registry.ts',
      // server/: serving on stdio and HTTP, the guarded stdio transport, results and their _meta, traces.
      'src/server/cache-hints.ts',
      'src/server/guarded-stdio-transport.ts',
      'src/server/input-responses.ts',
      'src/server/meta-collector.ts',
      'src/server/result.ts',
      'src/server/serve.ts',
      'src/server/sleep.ts',
      'src/server/stray-output.ts',
      'src/server/success-meta.ts',
      'src/server/trace-context.ts',
      // The SDK Server's task seams per era, a tool's published view and validator, the test-only crash tool
      // (issue 44; server-rules, tasks-extension, compiled-tool-rules, tools-list-entries).
      'src/server/sdk-server.ts',
      'src/server/compiled-tool.ts',
      'src/server/test-hooks.ts',
      // The contract server itself: each caller's SDK Server, the tool host and one call's pipeline (issue 44).
      'src/server/create-server.ts',
      'src/server/host.ts',
      'src/server/pipeline.ts',
      // The task runner: what a task runs and as whom, its leases, drain and handover (task-runner-rules, -edges).
      'src/tasks/task-runner.ts',
    ],
    security: [
      'src/http/exposure.ts',
      'src/http/bearer-auth.ts',
      'src/http/host-check.ts',
      'src/http/task-owner.ts',
      // --hosted: /mcp runs only as the user the gate names; the gate's paths go to the gate.
      'src/http/hosted-route.ts',
      // Task ownership: another caller's task is "not found" to every method; the one-process records list by owner.
      'src/tasks/scoped-task-store.ts',
      'src/tasks/memory-task-records.ts',
      // Routing by user: the hosted user a call runs as, and a shared session store that does not answer is a 503.
      'src/http/hosted-user.ts',
      'src/http/session-route.ts',
      // The crash tool is listed only in mock mode with OBMCP_TEST_HOOKS=1: never in a production listing.
      'src/server/test-hooks.ts',
      // Exposure and ownership over MCP: an internal tool is neither callable, suggested nor run as a task there;
      // each caller's server reads and starts only that caller's tasks.
      'src/server/host.ts',
      'src/server/create-server.ts',
      // A task runs only a listed tool, in its owner's store; a draining replica claims no handover.
      'src/tasks/task-runner.ts',
    ],
  },
  {
    dir: 'packages/hosted-auth',
    // The Chromium login and the two-replica redis tests take seconds a run: the in-process tests judge the guards.
    vitestConfig: 'vitest.mutation.config.ts',
    // Every file is a security guard: the gate and everything between a client and a user's Amazon credential
    // (redirect URIs, PKCE, the authorization request, the token endpoint and client authentication, registration
    // limits, audience-bound tokens, the encrypted vault).
    mutate: HOSTED_AUTH_GUARDS,
    security: HOSTED_AUTH_GUARDS,
  },
  {
    dir: 'packages/views',
    // The views run in the browser (tests/views drives them in Chromium); these DOM tests run in happy-dom.
    vitestConfig: 'vitest.mutation.config.ts',
    // Every string a view shows goes through h() as text: a tool result's markup never becomes an element.
    mutate: [
      ...VIEWS_HTML_SINKS,
      // Beyond the sinks (issue 44): which host messages a view accepts, what it reads from a result and shows.
      'src/shared/bridge.ts',
      'src/shared/host-context.ts',
      'src/shared/tool-result.ts',
      'src/shared/json.ts',
      'src/shared/format.ts',
      'src/shared/names.ts',
      'src/shared/csv.ts',
      'src/shared/rows.ts',
      'src/shared/columns.ts',
      'src/shared/row-set.ts',
      'src/shared/model-context.ts',
      'src/shared/contrast.ts',
      'src/shared/chart-colors.ts',
      'src/shared/chart-layout.ts',
      'src/shared/chart-summary.ts',
      'src/shared/chart-legend.ts',
      'src/shared/data-table.ts',
      'src/shared/chart-bars.ts',
      'src/shared/run-view.ts',
      'src/shared/chart.ts',
      'src/views/ads-profile.ts',
      'src/views/amc-results.ts',
      'src/views/budget-usage.ts',
      'src/views/campaign-performance.ts',
      'src/views/fba-inventory.ts',
      'src/views/fees.ts',
      'src/views/orders.ts',
      'src/views/pipeline-health.ts',
      'src/views/query-results.ts',
      'src/views/sales-over-time.ts',
    ],
    // The sinks, the bridge (only the parent window's JSON-RPC reaches a view) and the host context it applies.
    security: [...VIEWS_HTML_SINKS, 'src/shared/bridge.ts', 'src/shared/host-context.ts'],
  },
  {
    dir: 'packages/openbridge-upstream',
    mutate: [
      'src/budget.ts',
      'src/catalog.ts',
      'src/error-body.ts',
      'src/exchange.ts',
      'src/hosts.ts',
      'src/jwt-claims.ts',
      'src/operations.ts',
    ],
    // Credential handling: the refresh-token exchange, the JWT's expiry, and error bodies that may echo a secret.
    security: ['src/exchange.ts', 'src/jwt-claims.ts', 'src/error-body.ts'],
  },
  {
    dir: 'packages/openapi-tools',
    mutate: [
      'src/build-request.ts',
      'src/generate/parameters.ts',
      // Beyond the guards (issue 44): the runtime the apps import (binding, form bodies, toolset split, selection).
      'src/bind-operation.ts',
      'src/catalog-tools.ts',
      'src/catalog-types.ts',
      'src/form-body.ts',
      'src/inline-defs.ts',
      'src/operation-annotations.ts',
      'src/operation-key.ts',
      'src/pick-input.ts',
      'src/read-catalog.ts',
      'src/select.ts',
      // The generator (build time): the catalog files and command, descriptions, media choice, writes, shared $defs.
      'src/generate/annotation-overrides.ts',
      'src/generate/catalog-file.ts',
      'src/generate/describe.ts',
      'src/generate/generated-folder.ts',
      'src/generate/media-choice.ts',
      'src/generate/run-generator.ts',
      'src/generate/shared-defs.ts',
      'src/generate/writes.ts',
      // What each generated tool's name, schema and media-type arguments say.
      'src/generate/accept-arg.ts',
      'src/generate/form-body.ts',
      'src/generate/names.ts',
      'src/generate/spec-operations.ts',
      'src/generate/to-json-schema.ts',
      'src/generate/undeclared-required.ts',
      'src/generate/tool-snapshots.ts',
      // The catalog build (its refusals of spec defects) and the example arguments every generated tool publishes.
      'src/generate/build-catalog.ts',
      'src/generate/examples.ts',
    ],
    // Path filling: a path argument fills one segment (or, greedy, slash-separated ones), never `.`/`..`.
    security: ['src/build-request.ts'],
  },
  {
    dir: 'packages/code-mode',
    mutate: [
      'src/options.ts',
      'src/sandbox/call-tool-global.ts',
      'src/sandbox/log-sink.ts',
      'src/sandbox/marshal.ts',
      // The thread protocol's worker side, served on the calling thread in tests (test/in-thread.ts; issue 44).
      'src/worker/port-logger.ts',
      'src/worker/port-tool-caller.ts',
      'src/worker/protocol.ts',
      'src/sandbox/run-state.ts',
      // The sandbox limits (issue 44): blocked names, depth, wall time, what a thrown value or a host fault is.
      'src/sandbox/blocked-names.ts',
      'src/sandbox/json-depth.ts',
      'src/sandbox/wall-time.ts',
      'src/sandbox/classify-thrown.ts',
      'src/sandbox/host-fault.ts',
      // The run queue: maxConcurrentRuns and which thread a run gets.
      'src/sandbox/concurrency-gate.ts',
      'src/worker/thread-pool.ts',
      // What agents see: search ranking, a tool's schema with examples, execute's answer and its limits' hints.
      'src/tools/execute.tool.ts',
      'src/tools/get-tool-schema.tool.ts',
      'src/tools/search-tools.tool.ts',
      'src/tools/callable-tools.ts',
      'src/search/rank-tools.ts',
      'src/sandbox/search-hint.ts',
      'src/limitation-error.ts',
      // CODE_MODE: what each mode lists, execute's hints, the server every app assembles.
      'src/mode.ts',
      'src/execute-annotations.ts',
      'src/code-mode-server.ts',
      'src/code-mode-tools.ts',
      'src/code-mode-env.ts',
      // The sandbox's own parts (issue 44): how a script is wrapped, errors escaping a pending job, the worker's loop
      // and the thread that runs it (its heap, its output as log lines).
      'src/sandbox/script-source.ts',
      'src/sandbox/pump-jobs.ts',
      'src/worker/serve-sandbox.ts',
      'src/worker/sandbox-thread.ts',
      'src/sandbox/console-global.ts',
      'src/worker/worker-entry.ts',
      'src/sandbox/module-pool.ts',
      // A run end to end (issue 44: security files): the script's evaluation and the limit it hit, the engine the
      // next run gets after a limitation or a host fault, and the main side of a run on a thread (its deadlines,
      // cancellation, the calls it serves, the thread it releases or terminates).
      'src/sandbox/evaluate.ts',
      'src/sandbox/run-script.ts',
      'src/worker/run-in-thread.ts',
    ],
    security: [
      'src/options.ts',
      'src/sandbox/call-tool-global.ts',
      'src/sandbox/log-sink.ts',
      'src/sandbox/blocked-names.ts',
      'src/sandbox/json-depth.ts',
      'src/sandbox/wall-time.ts',
      'src/sandbox/classify-thrown.ts',
      'src/sandbox/host-fault.ts',
      'src/sandbox/concurrency-gate.ts',
      'src/sandbox/evaluate.ts',
      'src/sandbox/run-script.ts',
      'src/worker/run-in-thread.ts',
    ],
  },
  {
    dir: 'apps/openbridge-mcp',
    // The in-process server tests also reach the guards but take seconds a run: the guards' own tests judge them.
    vitestConfig: 'vitest.mutation.config.ts',
    mutate: [
      'src/tools/sql-check.ts',
      'src/sql/lexical-statements.ts',
      'src/sql/dialect-lexer.ts',
      'src/sql/warehouses.ts',
      'src/sql/benign-forms.ts',
      'src/sql/read-only-ast.ts',
      'src/sql/functions.ts',
      'src/tools/paging.ts',
      'src/tools/query-outcome.ts',
      // Beyond the guards (issue 44): what an agent is shown and which grammar checks its query.
      'src/tools/product-search.ts',
      'src/tools/table-resolver.ts',
      'src/tools/storage-dialect.ts',
      'src/tools/query-rows.ts',
      'src/tools/shape.ts',
      'src/tools/storages.ts',
      'src/http/outcome-unknown.ts',
      'src/config.ts',
      // The Openbridge JWT: each hosted user's own key and cache entry, neither key in an error (issue 44).
      'src/auth/jwt-provider.ts',
      'src/sql/dialect-parsers.ts',
      // The tools agents call (issue 44): the request each sends Openbridge and the answer or envelope it returns.
      'src/tools/amazon-token.tools.ts',
      'src/tools/capabilities.tools.ts',
      'src/tools/deps.ts',
      'src/tools/healthchecks.tools.ts',
      'src/tools/index.ts',
      'src/tools/job-writes.tools.ts',
      'src/tools/jobs.tools.ts',
      'src/tools/remote-identities.tools.ts',
      'src/tools/rules-client.ts',
      'src/tools/subscription-writes.tools.ts',
      'src/tools/subscriptions.tools.ts',
      'src/tools/products.tools.ts',
      'src/tools/query.tools.ts',
      'src/tools/tables.tools.ts',
      // What the tools stand on: the binder and the app's data (static: no mutant the runner activates; the tool
      // snapshots and app tests pin them).
      'src/http/http-error.ts',
      'src/operations/bind.ts',
      'src/operations/listing.ts',
      'src/hints/tables.ts',
      'src/version.ts',
      'src/profile.ts',
      'src/ui-views.ts',
      'src/app.ts',
      // What every call stands on (issue 44): --hosted's login (whose key a call uses), the Openbridge pipeline
      // description (JWT, budget, retries, redacted errors), the client (each request as sent) and the server.
      'src/hosted.ts',
      'src/http/upstream.ts',
      'src/http/client.ts',
      'src/server.ts',
      // The SQL guard's queue on its worker thread (the built worker handed in by test/unit/check-off-thread.test.ts).
      'src/sql/check-off-thread.ts',
    ],
    security: [
      'src/hosted.ts',
      'src/sql/check-off-thread.ts',
      'src/auth/jwt-provider.ts',
      'src/sql/dialect-parsers.ts',
      'src/tools/sql-check.ts',
      'src/sql/lexical-statements.ts',
      'src/sql/dialect-lexer.ts',
      'src/sql/warehouses.ts',
      'src/sql/benign-forms.ts',
      'src/sql/read-only-ast.ts',
      'src/sql/functions.ts',
    ],
  },
  {
    dir: 'apps/sp-mcp',
    // Most of the suite starts the built server; these unit tests import src, so a mutant runs in milliseconds.
    vitestConfig: 'vitest.mutation.config.ts',
    mutate: [
      'src/restricted/restricted-data.ts',
      'src/restricted/restricted-resource.ts',
      // Beyond the guards (issue 44): where a wrong answer reaches the seller and no other layer would notice.
      'src/tools/order-date-rules.ts',
      'src/tools/page-filters.ts',
      'src/tools/sales-interval.ts',
      'src/tools/fee-totals.ts',
      'src/tools/seller-id.ts',
      'src/tools/report-types-seen.ts',
      'src/tools/financial-events.ts',
      // Credentials, restricted-data tokens, redirects and presigned documents (issue 44: security files).
      'src/auth/token-provider.ts',
      'src/auth/rdt-auth.ts',
      'src/auth/lwa-errors.ts',
      'src/auth/rdt-errors.ts',
      'src/auth/sp-auth.ts',
      'src/http/redirect-hosts.ts',
      'src/http/document-download.ts',
      'src/restricted/restricted-operations.ts',
      'src/http/upstream-error.ts',
      'src/session/identities.ts',
      'src/config.ts',
      'src/hints/currencies.ts',
      'src/hints/marketplaces.ts',
      'src/hints/region-aliases.ts',
      'src/operations/call-operation.ts',
      'src/operations/execute.ts',
      'src/operations/bind.ts',
      'src/operations/usage-plan.ts',
      'src/operations/listing.ts',
      'src/http/hosts.ts',
      'src/restricted/rdt-notes.ts',
      'src/restricted/restricted-report-types.ts',
      // The curated tools agents call (issue 44): each request sent upstream and each answer, killed by the
      // in-process tool tests (test/tool-requests*.test.ts).
      'src/tools/pricing.tools.ts',
      'src/tools/sellers.tools.ts',
      'src/tools/orders.tools.ts',
      'src/tools/sales.tools.ts',
      'src/tools/fees.tools.ts',
      'src/tools/finances.tools.ts',
      'src/tools/inventory.tools.ts',
      'src/tools/identity.tools.ts',
      'src/tools/catalog-items.tools.ts',
      'src/tools/listings.tools.ts',
      'src/tools/solicitations.tools.ts',
      'src/tools/feeds.tools.ts',
      'src/tools/deps.ts',
      'src/tools/index.ts',
      'src/hosted.ts',
      'src/http/client.ts',
      'src/http/upstream.ts',
      'src/app.ts',
      'src/profile.ts',
      'src/ui-views.ts',
      'src/hints/tables.ts',
      'src/version.ts',
      'src/tools/run-report.tool.ts',
      // What SP_API_SANDBOX=true accepts (canned values; examples and enums kept verbatim), the catalog's toolsets
      // (a folder's ending suffix only), the key-rename hints and the shared schema parts (static: no row).
      'src/tools/sandbox-schema.ts',
      'src/operations/catalog-config.ts',
      'src/hints/key-renames.ts',
      'src/tools/schema-parts.ts',
      // The reports and feed tools (get_report_document's token and bound, submit_feed's waits and cancels), the
      // session (whose refresh token and region a call uses: --hosted's user only) and the server's wiring.
      'src/tools/reports.tools.ts',
      'src/tools/submit-feed.tool.ts',
      'src/session/session.ts',
      'src/server.ts',
    ],
    security: [
      // The identity a call acts as: a hosted user's own token, never the configured ones or another user's choice.
      'src/session/session.ts',
      'src/auth/token-provider.ts',
      'src/auth/rdt-auth.ts',
      'src/auth/lwa-errors.ts',
      'src/auth/rdt-errors.ts',
      'src/auth/sp-auth.ts',
      'src/http/redirect-hosts.ts',
      'src/http/document-download.ts',
      'src/restricted/restricted-operations.ts',
    ],
  },
  {
    dir: 'apps/ads-mcp',
    // The whole suite (generated tools, snapshots, stdio servers on dist) takes minutes; these tests import src.
    vitestConfig: 'vitest.mutation.config.ts',
    mutate: [
      'src/http/error-body.ts',
      // Beyond the guards (issue 44): the AMC account a call uses, the rows and pages an agent is shown.
      'src/tools/amc-scope.ts',
      'src/tools/amc-results.ts',
      'src/tools/sp-list.ts',
      'src/tools/require-profile.ts',
      'src/tools/multi-status.ts',
      'src/tools/job-wait.ts',
      'src/tools/file-rows.ts',
      'src/http/mutation-error.ts',
      'src/tools/report-view.ts',
      'src/tools/amc-steps.ts',
      'src/http/error-hints.ts',
      'src/regions.ts',
      'src/config.ts',
      // Credentials (LWA, Openbridge brokering, identities, the JWT) and redirects (issue 44: security files).
      'src/auth/lwa.ts',
      'src/auth/credential-exchange.ts',
      'src/auth/openbridge-jwt.ts',
      'src/auth/openbridge-source.ts',
      'src/auth/openbridge-identities.ts',
      'src/http/redirect-hosts.ts',
      // The Ads client and its pipeline description: headers, scopes, budgets, errors, downloads (issue 44).
      'src/http/upstream.ts',
      'src/http/client.ts',
      'src/http/download.ts',
      'src/http/headers.ts',
      'src/http/limits.ts',
      // What a catalog operation sends (identity headers, media types, files, forms, 207 batches), the listing
      // per ADS_API_TOOLSETS, the catalog's build rules, and the session a call runs with (--hosted, shared store).
      'src/operations/catalog-config.ts',
      'src/operations/execute.ts',
      'src/operations/listing.ts',
      'src/operations/bind.ts',
      'src/session/hosted-session.ts',
      'src/session/session.ts',
      // The curated tools as the agent calls them (issue 44): each tool's exact request, answer and refusals,
      // killed by the wire tests (test/tool-requests-*.test.ts: the msw upstream, every request recorded).
      'src/tools/amc-call.ts',
      'src/tools/amc-library.tools.ts',
      'src/tools/amc-results.tool.ts',
      'src/tools/amc.schemas.ts',
      'src/tools/amc.tools.ts',
      'src/tools/index.ts',
      // Reporting v3 tools, the jobs' schemas, --hosted's Ads login, and the app's data modules (static: no row).
      'src/tools/reporting.tools.ts',
      'src/tools/reporting.schemas.ts',
      'src/tools/jobs.schemas.ts',
      'src/hosted.ts',
      'src/app.ts',
      'src/profile.ts',
      'src/ui-views.ts',
      'src/hints/tables.ts',
      'src/version.ts',
      // The session tools (which profile and Openbridge identity every later call acts for, the region's hosts),
      // the SP list schemas (static: no row) and the server createServer assembles (issue 44).
      'src/tools/profiles.tools.ts',
      'src/tools/identities.tools.ts',
      'src/tools/regions.tools.ts',
      'src/tools/sp-schema.ts',
      'src/server.ts',
      // The rest of the tools (issue 44): the SP and campaign tools' requests, the job tools' waits, defaults,
      // handovers and cancels, and what a catalog operation sends (killed by the wire and rig tests).
      'src/tools/campaign-reads.tools.ts',
      'src/tools/sp-read.tools.ts',
      'src/tools/sp-write.tools.ts',
      'src/tools/sp-targeting.tools.ts',
      'src/operations/call-operation.ts',
      'src/tools/run-amc-query.tool.ts',
      'src/tools/run-report.tool.ts',
      'src/tools/run-export.tool.ts',
      'src/tools/run-snapshot.tool.ts',
    ],
    security: [
      'src/auth/lwa.ts',
      'src/auth/credential-exchange.ts',
      'src/auth/openbridge-jwt.ts',
      'src/auth/openbridge-source.ts',
      'src/auth/openbridge-identities.ts',
      'src/http/redirect-hosts.ts',
      // Which advertising profile and which Openbridge identity (whose token signs) a call acts for.
      'src/tools/profiles.tools.ts',
      'src/tools/identities.tools.ts',
    ],
  },
];

/**
 * All product code: every package and app whose `src` ships to users. The CI gate mutates any file here that a
 * change touches (with the target's narrower vitest config when one is listed above, the package's suite otherwise),
 * so weakening a file outside the lists above is measured too.
 */
export const PRODUCT_DIRS = [
  'packages/contract',
  'packages/http-kit',
  'packages/openapi-tools',
  'packages/code-mode',
  'packages/mcp-server',
  'packages/hosted-auth',
  'packages/openbridge-upstream',
  'packages/views',
  'apps/sp-mcp',
  'apps/ads-mcp',
  'apps/openbridge-mcp',
];

/**
 * Product files Stryker does not mutate, each with its reason: entry points only re-export; type-only modules hold
 * no statements; generated catalogs and env docs are data checked by their own drift tests; the example server is a
 * fixture. The views' entries (`src/entries/`, one `startView(program)` line each) are entry points too; the rest of
 * the views' src is a target above, killed by its happy-dom unit tests (Chromium stays with tests/views).
 */
export const NOT_MUTATED = [
  /\/src\/entries\//,
  /\/src\/index\.ts$/,
  /\.d\.ts$/,
  /\/src\/example\//,
  /\/src\/env-docs\.ts$/,
  /\/src\/operations\/catalog\.ts$/,
  // code-mode's worker entry only hands the worker's port to serveSandbox (tested on the calling thread); a
  // worker's globals are invisible to Stryker's active mutant.
  /\/code-mode\/src\/worker\/sandbox-worker\.ts$/,
  // code-mode's sandbox shapes (execute's results, limit kinds, the runner's request): type declarations only.
  /\/code-mode\/src\/sandbox\/types\.ts$/,
  // The views' view model: type declarations only (no statement to mutate).
  /\/views\/src\/shared\/view-model\.ts$/,
  // openapi-tools' bin only hands argv and stderr to runGenerator (run-generator.ts, tested in process) and exits.
  /\/openapi-tools\/src\/generate\/cli\.ts$/,
  // openapi-tools' build-time entry (`@obmcp/openapi-tools/generate`): re-exports only.
  /\/openapi-tools\/src\/generate\/index\.ts$/,
  // mcp-server's view definition types: type declarations only.
  /\/mcp-server\/src\/views\/view-types\.ts$/,
  // hosted-auth's options, key-value store and upstream-login interfaces: type declarations only.
  /\/hosted-auth\/src\/(options|store\/kv-store|upstream\/upstream-login)\.ts$/,
  // sp-mcp's bin: the Node floor, then runServerCli(app), all at module level (importing it starts a server; its
  // mutants would be static). What it runs is app.ts and http-kit's runServerCli.
  /\/sp-mcp\/src\/bin\.ts$/,
  // http-kit's request and response shapes and the pipeline's description interfaces: type declarations only.
  /\/http-kit\/src\/(types|pipeline\/types)\.ts$/,
  // openbridge-mcp's bin only checks the Node floor and hands the app to runServerCli (both tested where they live);
  // its SQL check worker only hands each message to checkSql (the SQL guard, a security target) on a worker thread,
  // whose code Stryker's active mutant never reaches (as code-mode's sandbox-worker.ts).
  /\/openbridge-mcp\/src\/(bin|sql\/check-worker)\.ts$/,
  // ads-mcp's tool dependencies and credential-source interfaces: type declarations only.
  /\/ads-mcp\/src\/(tools\/deps|auth\/types)\.ts$/,
  // ads-mcp's bin only checks the Node floor and hands the app to runServerCli (module-level statements, which
  // Stryker's vitest runner never activates; the app object and its server are tested in process).
  /\/ads-mcp\/src\/bin\.ts$/,
];

/** Mutation score floors: every configured package, and each security guard file. */
export const FLOORS = { package: 85, security: 95 };
