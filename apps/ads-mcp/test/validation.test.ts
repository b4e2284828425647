// Input validation: parity with the contract validator, profile/region rules, write gating, oneOf.
import { createContractServer } from '@obmcp/mcp-server/server';
import { EXAMPLES_META_KEY, type Envelope, type JsonSchema, type ServerProfile } from '@obmcp/contract';
import { silentLogger } from '@obmcp/mcp-server/testing';
import type { TestServer } from '@obmcp/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSchema } from '../src/tools/reporting.schemas.js';
import { fail, ok, start } from './helpers.js';

let s: TestServer;
beforeAll(async () => {
  s = await start({ ADS_API_TOOLSETS: 'curated,reporting' });
});
afterAll(() => s.close());

/** A different server profile (SP kinds) validating the same schema in-process: the contract's own answer. */
async function contractEnvelope(
  name: string,
  schema: JsonSchema,
  args: Record<string, unknown>,
): Promise<Envelope> {
  const spLike: ServerProfile = {
    name: 'parity',
    version: '0',
    httpKind: 'sp_api_http',
    clientKind: 'sp_api_client',
    httpCodePrefix: 'SP_API',
    errorKinds: ['mcp_input_validation', 'internal_error'],
  };
  const { host } = createContractServer({
    profile: spLike,
    tools: [{ name, description: 'parity', inputSchema: schema, handler: () => ({}) }],
    env: {},
    logger: silentLogger,
  });
  const out = await host.call(name, args);
  if (out.ok) throw new Error('contract accepted the args');
  return out.envelope;
}

/** Full schemas for the cases whose rule the portable published view only states in words. */
const FULL_SCHEMAS: Record<string, JsonSchema> = { create_report: createSchema };

const shape = (e: Envelope) => ({
  error_kind: e.error_kind,
  error_code: e.error_code,
  details: e.details.map((d) => ({
    keys: Object.keys(d).sort(),
    path: d.path,
    received_type: d.received_type,
  })),
});

describe('SCHEMA_* parity with @obmcp/contract', () => {
  const cases: Array<[string, Record<string, unknown>, string]> = [
    ['list_campaigns', { maxResults: 'ten' }, 'SCHEMA_TYPE_MISMATCH'],
    ['list_campaigns', { maxResults: 5000 }, 'SCHEMA_MAXIMUM'],
    ['list_campaigns', { stateFilter: ['LIVE'] }, 'SCHEMA_ENUM_MISMATCH'],
    ['list_campaigns', { stateFiltr: ['ENABLED'] }, 'SCHEMA_ADDITIONAL_PROPERTIES'],
    ['set_active_profile', {}, 'SCHEMA_REQUIRED'],
    [
      'create_report',
      {
        startDate: '2026-13-45',
        endDate: '2026-04-02',
        reportTypeId: 'spCampaigns',
        groupBy: ['campaign'],
        columns: ['cost'],
      },
      'SCHEMA_FORMAT_INVALID',
    ],
  ];
  for (const [tool, args, code] of cases) {
    it(`${tool} ${JSON.stringify(args)} → ${code}, same as the contract`, async () => {
      const wire = await fail(s, tool, args);
      expect(wire.error_code).toBe(code);
      const listed = (await s.client.listTools()).tools.find((t) => t.name === tool);
      // tools/list shows the portable view (format: date is a sentence there); the server validates the full one.
      const schema: JsonSchema = FULL_SCHEMAS[tool] ?? {
        ...(listed?.inputSchema as JsonSchema),
        examples: listed?._meta?.[EXAMPLES_META_KEY] as unknown[],
      };
      const local = await contractEnvelope(tool, schema, args);
      expect(shape(wire)).toEqual(shape(local));
    });
  }

  it('the did-you-mean for an unknown key survives into the envelope', async () => {
    const env = await fail(s, 'list_campaigns', { stateFiltr: ['ENABLED'] });
    expect(env.hints.join(' ')).toContain('stateFilter');
  });
});

describe('domain rules', () => {
  it('no active profile → mcp_input_validation naming profileId and set_active_profile', async () => {
    const env = await fail(s, 'list_keywords');
    expect(env).toMatchObject({
      error_kind: 'mcp_input_validation',
      error_code: 'INPUT_VALIDATION_FAILED',
      retryable: false,
      summary: 'No active advertising profile.',
    });
    expect(env.details[0]).toMatchObject({ path: 'profileId', received_type: 'undefined' });
    expect(env.hints[0]).toContain('set_active_profile');
    expect(env.examples.length).toBeGreaterThan(0);
  });

  it("set_region 'usa' → SCHEMA_ENUM_MISMATCH with a hint naming region='na'", async () => {
    const env = await fail(s, 'set_region', { region: 'usa' });
    expect(env.error_code).toBe('SCHEMA_ENUM_MISMATCH');
    expect(env.hints.join(' ')).toContain("region='na'");
    for (const [alias, region] of [
      ['Europe', 'eu'],
      ['japan', 'fe'],
    ] as const) {
      expect((await fail(s, 'set_region', { region: alias })).hints.join(' ')).toContain(
        `region='${region}'`,
      );
    }
  });

  it('create_amc_workflow_execution needs exactly one of sqlQuery / workflowId', async () => {
    const both = await fail(s, 'create_amc_workflow_execution', {
      instanceId: 'amcabc123def',
      sqlQuery: 'SELECT 1',
      workflowId: 'w1',
      timeWindowType: 'MOST_RECENT_DAY',
    });
    expect(both.error_kind).toBe('mcp_input_validation');
    expect(both.error_code).toBe('SCHEMA_ONE_OF_FAILED');
    // The published schema has no oneOf (providers refuse it); the envelope names both fields as data.
    expect(both.details[0]).toMatchObject({ alternatives: [['sqlQuery'], ['workflowId']] });
    expect(both.hints[0]).toBe('Send exactly one of sqlQuery or workflowId; got both.');
    const listed = (await s.client.listTools()).tools.find((t) => t.name === 'create_amc_workflow_execution');
    expect(listed?.inputSchema).not.toHaveProperty('oneOf');
    expect(listed?.description).toContain('Send exactly one of sqlQuery or workflowId.');
  });

  it('scalar for an array field is coerced (normalization), not rejected', async () => {
    await ok(s, 'set_active_profile', { profileId: 1111111111 });
    expect((await ok(s, 'list_campaigns', { stateFilter: 'ENABLED' })).count).toBe(2);
  });
});

describe('write gating', () => {
  it('create/update tools are hidden by default and unknown when called', async () => {
    const names = (await s.client.listTools()).tools.map((t) => t.name);
    expect(names).not.toContain('create_campaigns');
    expect(names).not.toContain('update_campaigns');
    expect(names).toContain('list_campaigns');
    expect((await fail(s, 'create_campaigns', { campaigns: [] })).error_kind).toBe('tool_not_found');
  });

  it('every listed tool has a typed schema with additionalProperties:false and examples in _meta', async () => {
    const tools = (await s.client.listTools()).tools.filter((t) => t.name !== 'get_envelope_contract');
    for (const t of tools) {
      const schema = t.inputSchema as { additionalProperties?: unknown };
      expect(schema.additionalProperties, t.name).toBe(false);
      expect((t._meta?.[EXAMPLES_META_KEY] as unknown[] | undefined)?.length, t.name).toBeGreaterThan(0);
      expect(t.annotations, t.name).toBeDefined();
    }
  });
});
