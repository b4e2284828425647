// One binding, as in sp-mcp and ads-mcp: every upstream tool declares its Openbridge operation
// (`_meta["io.obmcp/operation"]`) or a workflow's list (`io.obmcp/operations`), each an operation of the hand-authored
// catalog (@obmcp/openbridge-upstream) limited by Openbridge's one per-IP rule; every catalog operation is served;
// and no tool module reaches the upstream except through its declared operations (no client call, no path, no URL).
import { readdirSync, readFileSync } from 'node:fs';
import type { ToolInfo } from '@obmcp/contract';
import type { Fetcher, Limiter } from '@obmcp/http-kit';
import { silentLogger } from '@obmcp/mcp-server/testing';
import { declaredOperations } from '@obmcp/openapi-tools';
import { openbridgeCatalog, OPENBRIDGE_RULE } from '@obmcp/openbridge-upstream';
import { annotationOverrides } from '@obmcp/openapi-tools/generate';
import { describe, expect, it } from 'vitest';
import type { JwtProvider } from '../src/auth/jwt-provider.js';
import { loadConfig } from '../src/config.js';
import { openbridgeUpstream } from '../src/http/upstream.js';
import { createServer } from '../src/server.js';

const ENV = {
  OBMCP_MOCK: '1',
  OPENBRIDGE_ENABLE_PRIVILEGED_TOOLS: 'true',
  OPENBRIDGE_ENABLE_QUERY_EXECUTION: 'true',
  CODE_MODE: 'off',
};

function servedTools(): ToolInfo[] {
  return createServer(loadConfig(ENV), { logger: silentLogger, env: ENV }).host.listed();
}

const key = (op: { api: string; operationId: string }) => `${op.api} ${op.operationId}`;

/**
 * One-operation tools whose annotations are not their operation's (the catalog knows only the method), and why.
 * Every other curated tool inherits them (the binder refuses one restating the same).
 */
const ANNOTATION_OVERRIDES: Record<string, string> = {
  cancel_subscription: 'a PATCH to status cancelled: repeating it changes nothing more (idempotent)',
  get_amazon_api_access_token: 'a GET that mints a new Amazon token each call: not idempotent',
  update_history_status: 'a PATCH that sets one status: idempotent',
  update_subscription: 'a PATCH that sets the fields given: idempotent, and it removes nothing',
};

describe('one binding from tool to operation', () => {
  const tools = servedTools();
  const upstream = tools.filter((t) => t.annotations?.openWorldHint !== false);

  it('every upstream tool declares exactly one operation, or a declared list for a workflow', () => {
    expect(upstream.length).toBeGreaterThanOrEqual(23);
    expect(upstream.filter((t) => declaredOperations(t) === undefined).map((t) => t.name)).toEqual([]);
    const local = tools.filter((t) => t.annotations?.openWorldHint === false);
    expect(local.map((t) => t.name)).toEqual(['get_capabilities', 'get_envelope_contract']);
    expect(local.filter((t) => declaredOperations(t) !== undefined).map((t) => t.name)).toEqual([]);
  });

  it('each declared operation is the catalog entry, limited by the one Openbridge rule', () => {
    const byKey = new Map(openbridgeCatalog().operations.map((op) => [key(op.meta), op.meta]));
    const { limits } = openbridgeUpstream({
      config: loadConfig(ENV),
      jwt: {} as JwtProvider,
      fetcher: {} as Fetcher,
      limiter: {} as Limiter,
      env: {},
    });
    const problems: string[] = [];
    for (const tool of upstream)
      for (const op of declaredOperations(tool) ?? []) {
        if (JSON.stringify(byKey.get(key(op))) !== JSON.stringify(op))
          problems.push(`${tool.name}: ${JSON.stringify(op)} is not in the catalog`);
        if (JSON.stringify(limits?.rule(op.operationId)) !== JSON.stringify(OPENBRIDGE_RULE))
          problems.push(`${tool.name} ${op.operationId}: ${JSON.stringify(limits?.rule(op.operationId))}`);
      }
    expect(problems).toEqual([]);
  });

  it('every catalog operation but the JWT exchange (the package runs it) is declared by a tool', () => {
    const declared = new Set(upstream.flatMap((t) => (declaredOperations(t) ?? []).map(key)));
    const unserved = openbridgeCatalog()
      .operations.map((op) => key(op.meta))
      .filter((k) => !declared.has(k));
    expect(unserved).toEqual(['auth refreshTokenExchange']);
  });

  it('no tool module calls the client or names an upstream path or URL: only declared operations reach it', () => {
    const dir = new URL('../src/tools/', import.meta.url);
    const offenders = readdirSync(dir)
      .filter((f) => f.endsWith('.ts'))
      .flatMap((f) => {
        const text = readFileSync(new URL(f, dir), 'utf8');
        return /\bclient\.\w+\(|\.exchange\(|OpenbridgeClient|urls\.|url:|https?:\/\/|['`"]\/(?:v2|service|ri|sri|auth)\b/.test(
          text,
        )
          ? [f]
          : [];
      });
    expect(offenders).toEqual([]);
  });

  it("a curated tool's annotations differ from its operation's only where ANNOTATION_OVERRIDES says why", () => {
    expect(annotationOverrides(tools, openbridgeCatalog())).toEqual(Object.keys(ANNOTATION_OVERRIDES).sort());
  });
});
