// A path value of ".", ".." or "" (and a CR/LF in a path or header value) is refused as input, naming the
// argument, on generated and curated tools of all three apps — and no request reaches the mocks.
import { validateEnvelope } from '@obmcp/contract/envelope';
import { startMockServer } from '@obmcp/upstream-mocks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type InProcessApp, inProcessApp } from '../src/in-process.js';

const mocks = startMockServer();
const requests: string[] = [];
mocks.events.on('request:start', ({ request }) => {
  requests.push(`${request.method} ${request.url}`);
});
afterAll(() => mocks.close());

const OPERATION = 'io.obmcp/operation';
const EXAMPLES = 'io.obmcp/examples';
const BAD_VALUES = ['..', '.', '', 'a\r\nX-Injected: yes'];

interface Case {
  tool: string;
  arg: string;
}

/** The placeholders of a template, i.e. the path arguments of a generated tool (its args are the spec names). */
const placeholders = (path: string) => [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1] ?? '');

/** Every k-th generated tool with a string path argument: a spread over the APIs, deterministic. */
function generatedSample(app: InProcessApp, curated: ReadonlySet<string>, size: number): Case[] {
  const cases: Case[] = [];
  for (const tool of app.contract.host.tools()) {
    const op = tool._meta?.[OPERATION] as { path: string } | undefined;
    if (!op || curated.has(tool.name)) continue;
    const props = (tool.inputSchema.properties ?? {}) as Record<string, { type?: unknown }>;
    const arg = placeholders(op.path).find((name) => props[name]?.type === 'string');
    if (arg) cases.push({ tool: tool.name, arg });
  }
  const step = Math.max(1, Math.floor(cases.length / size));
  return cases.filter((_, i) => i % step === 0).slice(0, size);
}

async function expectRefused(app: InProcessApp, { tool, arg }: Case): Promise<void> {
  const info = app.contract.host.describe(tool);
  expect(info, tool).toBeDefined();
  const example = ((info?._meta?.[EXAMPLES] ?? []) as Record<string, unknown>[])[0] ?? {};
  for (const value of BAD_VALUES) {
    const before = requests.length;
    const { outcome } = await app.call(tool, { ...example, [arg]: value });
    expect(outcome.ok, `${tool} ${arg}=${JSON.stringify(value)}`).toBe(false);
    if (outcome.ok) continue;
    expect(validateEnvelope(outcome.envelope).errors).toEqual([]);
    expect(outcome.envelope.error_kind, `${tool} ${JSON.stringify(value)}`).toBe('mcp_input_validation');
    expect(outcome.envelope.retryable).toBe(false);
    expect(outcome.envelope.details.map((d) => d.path)).toContain(arg);
    expect(requests.slice(before), `${tool} ${JSON.stringify(value)} reached the mocks`).toEqual([]);
  }
}

const APPS: Array<{
  app: 'sp-mcp' | 'ads-mcp' | 'openbridge-mcp';
  env: Record<string, string>;
  curated: Case[];
}> = [
  {
    app: 'sp-mcp',
    env: { SP_API_TOOLSETS: 'all', SP_API_ENABLE_WRITES: 'true' },
    curated: [
      { tool: 'get_order', arg: 'orderId' },
      { tool: 'get_order_items', arg: 'orderId' },
      { tool: 'get_feed', arg: 'feedId' },
      { tool: 'get_report', arg: 'reportId' },
      { tool: 'get_report_document', arg: 'reportDocumentId' },
      { tool: 'get_listings_item', arg: 'sku' },
      { tool: 'patch_listings_item', arg: 'sku' },
    ],
  },
  {
    app: 'ads-mcp',
    env: { ADS_API_TOOLSETS: 'all', ADS_API_ENABLE_WRITES: 'true' },
    curated: [
      { tool: 'get_report', arg: 'reportId' },
      { tool: 'get_amc_workflow_execution', arg: 'workflowExecutionId' },
      { tool: 'get_amc_workflow', arg: 'workflowId' },
      { tool: 'get_amc_schedule', arg: 'scheduleId' },
    ],
  },
  {
    app: 'openbridge-mcp',
    env: {},
    curated: [
      { tool: 'get_job_by_id', arg: 'job_id' },
      { tool: 'get_history_by_id', arg: 'history_id' },
      { tool: 'get_subscription_by_id', arg: 'subscription_id' },
      { tool: 'get_remote_identity_by_id', arg: 'remote_identity_id' },
    ],
  },
];

describe.each(APPS)('$app: path values that would change the request path', ({ app: name, env, curated }) => {
  let app: InProcessApp;
  beforeAll(async () => {
    app = await inProcessApp(name, env);
  });

  it('curated tools refuse them before any request', async () => {
    for (const c of curated) await expectRefused(app, c);
  }, 60_000);

  it.runIf(name !== 'openbridge-mcp')(
    'a sample of generated tools refuse them before any request',
    async () => {
      const sample = generatedSample(app, new Set(curated.map((c) => c.tool)), 12);
      expect(sample.length).toBeGreaterThanOrEqual(10);
      for (const c of sample) await expectRefused(app, c);
    },
    120_000,
  );
});

describe('header values', () => {
  it('a CR/LF in a header argument is an input error naming it, not UPSTREAM_UNREACHABLE', async () => {
    const app = await inProcessApp('ads-mcp', { ADS_API_TOOLSETS: 'all' });
    const before = requests.length;
    const { outcome } = await app.call('dsp_amazon_ad_tag_get_ad_tag_by_advertiser_id', {
      accountId: 'ENTITY1',
      'Amazon-Ads-AccountId': 'x\r\nX-Injected: yes',
    });
    expect(outcome.ok).toBe(false);
    if (outcome.ok) return;
    expect(outcome.envelope).toMatchObject({ error_kind: 'mcp_input_validation', retryable: false });
    expect(outcome.envelope.details.map((d) => d.path)).toContain('Amazon-Ads-AccountId');
    expect(requests.slice(before)).toEqual([]);
  });
});
