// One binding: every upstream tool (curated, workflow or generated) declares exactly one operation
// (`_meta["io.obmcp/operation"]`) or, for a multi-call workflow, a declared list (`io.obmcp/operations`),
// each an operation of the vendored specs; the limiter limits it by the one Ads rule (the specs document no
// usage plan); and no tool module reaches the upstream except through its declared operations.
import { readdirSync, readFileSync } from 'node:fs';
import { silentLogger } from '@obmcp/mcp-server/testing';
import type { ToolInfo } from '@obmcp/contract';
import type { Fetcher, Limiter } from '@obmcp/http-kit';
import { declaredOperations, operationKey } from '@obmcp/openapi-tools';
import { listSpecFiles, parseUsagePlan, readSpec } from '@obmcp/upstream-specs';
import { annotationOverrides } from '@obmcp/openapi-tools/generate';
import { describe, expect, it } from 'vitest';
import type { CredentialSource } from '../src/auth/types.js';
import { loadConfig } from '../src/config.js';
import { ADS_DEFAULT_RULE, REPORT_CREATION } from '../src/http/limits.js';
import { adsUpstream } from '../src/http/upstream.js';
import { adsCatalog } from '../src/operations/catalog.js';
import { createServer } from '../src/server.js';
import { createSession } from '../src/session/session.js';

const CREDS = {
  OBMCP_MOCK: '1',
  ADS_API_CLIENT_ID: 'mock-client',
  ADS_API_CLIENT_SECRET: 'mock-secret',
  ADS_API_REFRESH_TOKEN: 'mock-refresh',
};
const ENV = { ADS_API_TOOLSETS: 'all', ADS_API_ENABLE_WRITES: 'true', CODE_MODE: 'off' };

function servedTools(): ToolInfo[] {
  return createServer(loadConfig({ ...CREDS, ...ENV }), { logger: silentLogger, env: ENV }).host.listed();
}

/** `<stem> <METHOD> <path>` → the operation's description, straight from the spec files. */
function specDescriptions(): Map<string, string> {
  const out = new Map<string, string>();
  for (const file of listSpecFiles('amazon-ads')) {
    const doc = readSpec(file) as unknown as {
      paths: Record<string, Record<string, { operationId?: string; description?: string }>>;
    };
    for (const [path, item] of Object.entries(doc.paths))
      for (const [method, op] of Object.entries(item))
        if (op && typeof op === 'object' && ['get', 'put', 'post', 'delete', 'patch'].includes(method))
          out.set(`${file.stem} ${method.toUpperCase()} ${path}`, op.description ?? '');
  }
  return out;
}

/**
 * One-operation tools whose annotations are not their operation's, and why. Every other curated tool inherits them
 * (the binder refuses one restating the same), so a difference is never accidental.
 */
const ANNOTATION_OVERRIDES: Record<string, string> = {
  create_amc_workflow_execution:
    'passes the writes gate as a read, but each call starts a new AMC execution: not read-only, not idempotent',
  create_report:
    'passes the writes gate as a read, but each call starts a new report: not read-only, not idempotent',
};

describe('one binding from tool to operation', () => {
  const tools = servedTools();
  const upstream = tools.filter((t) => t.annotations?.openWorldHint !== false);

  it('every upstream tool declares exactly one operation, or a declared list for a workflow', () => {
    expect(upstream.length).toBeGreaterThan(556);
    expect(upstream.filter((t) => declaredOperations(t) === undefined).map((t) => t.name)).toEqual([]);
    const local = tools.filter((t) => t.annotations?.openWorldHint === false);
    expect(local.filter((t) => declaredOperations(t) !== undefined).map((t) => t.name)).toEqual([]);
  });

  it('each declared operation is in the specs, documents no usage plan, and gets the one Ads rule', () => {
    const specs = specDescriptions();
    const config = loadConfig(CREDS);
    const { limits } = adsUpstream({
      config,
      session: createSession({ region: config.region }),
      source: {} as CredentialSource,
      fetcher: {} as Fetcher,
      limiter: {} as Limiter,
      env: {},
    });
    const problems: string[] = [];
    for (const tool of upstream)
      for (const op of declaredOperations(tool) ?? []) {
        const route = `${op.api} ${op.method} ${op.path}`;
        const description = specs.get(route);
        if (description === undefined) problems.push(`${tool.name}: ${route} is not in the specs`);
        else if (parseUsagePlan(description)) problems.push(`${tool.name}: ${route} documents a usage plan`);
        const key = operationKey(adsCatalog(), { meta: op });
        const expected = key === REPORT_CREATION ? { rate: 1, burst: 5 } : ADS_DEFAULT_RULE;
        if (JSON.stringify(limits?.rule(key)) !== JSON.stringify(expected))
          problems.push(`${tool.name} ${key}: ${JSON.stringify(limits?.rule(key))}`);
      }
    expect(problems).toEqual([]);
  });

  it('no tool module calls the client or names an upstream path: only declared operations reach it', () => {
    const dir = new URL('../src/tools/', import.meta.url);
    const offenders = readdirSync(dir)
      .filter((f) => f.endsWith('.ts'))
      .flatMap((f) => {
        const text = readFileSync(new URL(f, dir), 'utf8');
        return /client\.call\(|\.exchange\(|['`"](?:GET|POST|PUT|PATCH|DELETE)? ?\/(?:v2|sp|sb|sd|amc|reporting|portfolios)\//.test(
          text,
        )
          ? [f]
          : [];
      });
    expect(offenders).toEqual([]);
  });

  it("a curated tool's annotations differ from its operation's only where ANNOTATION_OVERRIDES says why", () => {
    expect(annotationOverrides(tools, adsCatalog())).toEqual(Object.keys(ANNOTATION_OVERRIDES).sort());
  });
});
