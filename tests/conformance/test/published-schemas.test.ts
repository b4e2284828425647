// Over stdio, per app: every published inputSchema is portable, its _meta examples validate, and every
// example of every tool (write tools and Code Mode included) succeeds when all run in ONE session.
import type { Tool } from '@modelcontextprotocol/client';
import { callWithEnvelope } from '@obmcp/contract/client';
import { checkPortableSchema, sharedAjv } from '@obmcp/contract/schema';
import { EXAMPLES_META_KEY } from '@obmcp/contract';
import { type TestServer, startInProcess } from '@obmcp/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_APPS, isBuilt, PROFILES, REQUIRE_APPS } from './support/apps.js';
import { appObject } from './support/app-objects.js';

/** Every tool the server has: write tools on, Code Mode's internal tools callable via execute. */
const ENV_ALL_TOOLS: Record<string, string> = {
  ADS_API_ENABLE_WRITES: 'true',
  SP_API_ENABLE_WRITES: 'true',
  OPENBRIDGE_ENABLE_PRIVILEGED_TOOLS: 'true',
};

/** A call; a pre-flight RATE_LIMITED (two examples back to back) is retried once after its Retry-After, as an agent would. */
async function callOnce(server: TestServer, tool: string, args: Record<string, unknown>) {
  const first = await callWithEnvelope(server.client, tool, args);
  const wait = first.envelope?._meta?.retry_after_seconds;
  if (first.envelope?.error_kind !== 'rate_limited' || typeof wait !== 'number' || wait > 5)
    return first.envelope;
  await new Promise((resolve) => setTimeout(resolve, wait * 1000 + 100));
  return (await callWithEnvelope(server.client, tool, args)).envelope;
}

describe.each(ALL_APPS)('%s published schemas', (app) => {
  const skip = !isBuilt(app) && !REQUIRE_APPS;
  let server: TestServer;
  let tools: Tool[] = [];

  beforeAll(async () => {
    if (skip) return;
    server = await startInProcess({
      app: await appObject(app),
      env: { ...PROFILES[app].env, ...ENV_ALL_TOOLS },
    });
    tools = (await server.client.listTools()).tools;
  }, 60_000);
  afterAll(() => server?.close());

  it.skipIf(skip)('every published inputSchema passes the portable-schema rules', () => {
    expect(tools.length).toBeGreaterThan(0);
    const broken = tools.flatMap((t) =>
      checkPortableSchema(t.inputSchema).map((v) => `${t.name} ${v.pointer} [${v.rule}] ${v.message}`),
    );
    expect(broken).toEqual([]);
  });

  it.skipIf(skip)('every tool has _meta examples that validate against its published schema', () => {
    for (const t of tools) {
      const examples = t._meta?.[EXAMPLES_META_KEY];
      expect(Array.isArray(examples) && examples.length > 0, t.name).toBe(true);
      expect(t.inputSchema, t.name).not.toHaveProperty('examples');
      const validate = sharedAjv().compile(t.inputSchema);
      for (const example of examples as unknown[])
        expect(validate(example), `${t.name} ${JSON.stringify(example)}`).toBe(true);
    }
  });

  it.skipIf(skip)(
    'every example of every tool succeeds, all in one session (examples leave the session as they found it)',
    async () => {
      const failed: string[] = [];
      for (const t of tools) {
        for (const example of (t._meta?.[EXAMPLES_META_KEY] ?? []) as Record<string, unknown>[]) {
          const envelope = await callOnce(server, t.name, example);
          if (envelope)
            failed.push(`${t.name} ${JSON.stringify(example)} → ${envelope.error_code}: ${envelope.summary}`);
        }
      }
      expect(failed).toEqual([]);
    },
    180_000,
  );
});
