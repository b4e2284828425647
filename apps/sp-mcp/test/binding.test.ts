// One binding: every upstream tool (curated, workflow or generated) declares exactly one operation
// (`_meta["io.obmcp/operation"]`) or, for a multi-call workflow, a declared list (`io.obmcp/operations`),
// each an operation of the vendored models; the limiter limits it by the model's own usage plan; and no
// tool module reaches the upstream except through its declared operations (no client call, no path).
import { readdirSync, readFileSync } from 'node:fs';
import { silentLogger } from '@obmcp/mcp-server/testing';
import type { ToolInfo } from '@obmcp/contract';
import type { AuthPlugin, Fetcher, Limiter } from '@obmcp/http-kit';
import { declaredOperations, operationKey } from '@obmcp/openapi-tools';
import { listSpecFiles, parseUsagePlan, readSpec } from '@obmcp/upstream-specs';
import { annotationOverrides } from '@obmcp/openapi-tools/generate';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { spUpstream } from '../src/http/upstream.js';
import { createSession } from '../src/session/session.js';
import { spCatalog } from '../src/operations/catalog.js';
import { UNDOCUMENTED_RULE } from '../src/operations/usage-plan.js';
import { createServer } from '../src/server.js';

const ENV = { SP_API_TOOLSETS: 'all', SP_API_ENABLE_WRITES: 'true', CODE_MODE: 'off' };

function servedTools(): ToolInfo[] {
  return createServer(loadConfig({ OBMCP_MOCK: '1', ...ENV }), {
    logger: silentLogger,
    env: ENV,
  }).host.listed();
}

/** `<stem> <METHOD> <path>` → the usage plan of the model file itself (not the catalog). */
function modelUsagePlans(): Map<string, ReturnType<typeof parseUsagePlan>> {
  const plans = new Map<string, ReturnType<typeof parseUsagePlan>>();
  for (const file of listSpecFiles('sp-api')) {
    const doc = readSpec(file) as unknown as {
      paths: Record<string, Record<string, { operationId?: string; description?: string }>>;
    };
    for (const [path, item] of Object.entries(doc.paths))
      for (const [method, op] of Object.entries(item))
        if (op && typeof op === 'object' && typeof op.operationId === 'string')
          plans.set(`${file.stem} ${method.toUpperCase()} ${path}`, parseUsagePlan(op.description ?? ''));
  }
  return plans;
}

/**
 * One-operation tools whose annotations are not their operation's, and why. Every other curated tool inherits them
 * (the binder refuses one restating the same), so a difference is never accidental.
 */
const ANNOTATION_OVERRIDES: Record<string, string> = {
  create_feed: 'a feed can replace or delete live listings: destructive, unlike a plain create',
  create_report:
    'createReport passes the writes gate as a read, but each call starts a new report: not read-only, not idempotent',
};

describe('one binding from tool to operation', () => {
  const tools = servedTools();
  const upstream = tools.filter((t) => t.annotations?.openWorldHint !== false);

  it('every upstream tool declares exactly one operation, or a declared list for a workflow', () => {
    expect(upstream.length).toBeGreaterThan(370);
    const undeclared = upstream.filter((t) => declaredOperations(t) === undefined).map((t) => t.name);
    expect(undeclared).toEqual([]);
    // Local tools (session, identity, the contract's own) call nothing upstream and declare nothing.
    const local = tools.filter((t) => t.annotations?.openWorldHint === false);
    expect(local.filter((t) => declaredOperations(t) !== undefined).map((t) => t.name)).toEqual([]);
  });

  it("each declared operation is limited by its model's usage plan (UNDOCUMENTED_RULE where none)", () => {
    const plans = modelUsagePlans();
    const config = loadConfig({ OBMCP_MOCK: '1' });
    const { limits } = spUpstream({
      config,
      session: createSession(config, {}),
      auth: {} as AuthPlugin,
      fetcher: {} as Fetcher,
      limiter: {} as Limiter,
      env: {},
    });
    const mismatches: string[] = [];
    for (const tool of upstream)
      for (const op of declaredOperations(tool) ?? []) {
        const route = `${op.api} ${op.method} ${op.path}`;
        expect(plans.has(route), `${tool.name}: ${route} is not in the models`).toBe(true);
        const key = operationKey(spCatalog(), { meta: op });
        const expected = plans.get(route) ?? UNDOCUMENTED_RULE;
        if (JSON.stringify(limits?.rule(key)) !== JSON.stringify(expected))
          mismatches.push(`${tool.name} ${key}: ${JSON.stringify(limits?.rule(key))}`);
      }
    expect(mismatches).toEqual([]);
  });

  it('no tool module calls the client or names an upstream path: only declared operations reach it', () => {
    const dir = new URL('../src/tools/', import.meta.url);
    const offenders = readdirSync(dir)
      .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
      .flatMap((f) => {
        const text = readFileSync(new URL(f, dir), 'utf8');
        return /client\.call\(|\.exchange\(|['`"]\/(?:[a-z]+\/)*v\d|['`"]\/[a-z]+\/\d{4}-\d\d-\d\d\//i.test(
          text,
        )
          ? [f]
          : [];
      });
    expect(offenders).toEqual([]);
  });

  it("a curated tool's annotations differ from its operation's only where ANNOTATION_OVERRIDES says why", () => {
    expect(annotationOverrides(tools, spCatalog())).toEqual(Object.keys(ANNOTATION_OVERRIDES).sort());
  });
});
