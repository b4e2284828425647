// Regressions for bugs this suite found (hostile validation input); each was fixed in packages/contract.
import { describe, expect, it } from 'vitest';
import type { RawServer } from '../src/raw-stdio.js';
import { spawnApp } from '../src/servers.js';

async function timedCall(server: RawServer, tool: string, args: string) {
  const started = Date.now();
  const answer = await server.callToolText(tool, args, 120_000);
  const text = (answer.result?.content as { text: string }[] | undefined)?.[0]?.text ?? '';
  return { ms: Date.now() - started, envelope: JSON.parse(text) as { error_code: string } };
}

describe('known issues (packages/contract validation/describe.ts, hints/categories.ts)', () => {
  // describeAjvErrors used to detail every ajv error (~75 µs each): 200k issues blocked the loop ~15 s.
  it('a 100 000-item wrong-type array is rejected within 5 s', async () => {
    // search_orders is listed with the orders toolset (outside sp-mcp's default list).
    const server = await spawnApp('sp-mcp', { env: { SP_API_TOOLSETS: 'curated,orders' } });
    const items = new Array<string>(100_000).fill('0').join(',');
    const r = await timedCall(
      server,
      'search_orders',
      `{"createdAfter":"2026-03-01T00:00:00Z","marketplaceIds":["ATVPDKIKX0DER"],"fulfilledBy":[${items}]}`,
    );
    await server.close();
    expect(r.envelope.error_code).toBe('SCHEMA_TYPE_MISMATCH');
    expect(r.ms).toBeLessThan(5_000);
  });

  // enumHints → quote() used to JSON.stringify the value: 5000-deep nesting overflowed the stack.
  it('a 5000-deep object for an enum field is a validation envelope, not INTERNAL_ERROR', async () => {
    const server = await spawnApp('openbridge-mcp');
    const deep = `${'{"a":'.repeat(5_000)}1${'}'.repeat(5_000)}`;
    const r = await timedCall(server, 'get_storage_subscriptions', `{"status":${deep}}`);
    await server.close();
    // status is a string enum: the type issue ranks first (required > additionalProperties > type > enum).
    expect(r.envelope.error_code).toBe('SCHEMA_TYPE_MISMATCH');
  });
});
