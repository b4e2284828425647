// Regressions for bugs this suite found (hostile validation input); each was fixed in packages/contract.
import { describe, expect, it } from 'vitest';
import type { RawServer } from '../src/raw-stdio.js';
import { spawnApp } from '../src/servers.js';

async function envelopeOf(server: RawServer, tool: string, args: string) {
  const answer = await server.callToolText(tool, args, 120_000);
  const text = (answer.result?.content as { text: string }[] | undefined)?.[0]?.text ?? '';
  return JSON.parse(text) as { error_code: string; summary: string; details: unknown[] };
}

describe('known issues (packages/contract validation/describe.ts, hints/categories.ts)', () => {
  // describeAjvErrors used to detail every ajv error (~75 µs each): 200k issues blocked the loop ~15 s.
  // Not timed here (shared CI): packages/contract/test/describe-bounds.test.ts counts the work instead (at
  // most 2 000 ajv errors read, 40 items described); this proves the wire answer is the bounded one.
  it('a 100 000-item wrong-type array is one bounded envelope that counts every issue', async () => {
    // search_orders is listed with the orders toolset (outside sp-mcp's default list).
    const server = await spawnApp('sp-mcp', { env: { SP_API_TOOLSETS: 'curated,orders' } });
    const items = new Array<string>(100_000).fill('0').join(',');
    const envelope = await envelopeOf(
      server,
      'search_orders',
      `{"createdAfter":"2026-03-01T00:00:00Z","marketplaceIds":["ATVPDKIKX0DER"],"fulfilledBy":[${items}]}`,
    );
    await server.close();
    expect(envelope.error_code).toBe('SCHEMA_TYPE_MISMATCH');
    expect(envelope.details.length).toBeLessThanOrEqual(25);
    expect(envelope.summary).toMatch(/\(\+\d{5,} more issues\)/);
  });

  // enumHints → quote() used to JSON.stringify the value: 5000-deep nesting overflowed the stack.
  it('a 5000-deep object for an enum field is a validation envelope, not INTERNAL_ERROR', async () => {
    const server = await spawnApp('openbridge-mcp');
    const deep = `${'{"a":'.repeat(5_000)}1${'}'.repeat(5_000)}`;
    const envelope = await envelopeOf(server, 'get_storage_subscriptions', `{"status":${deep}}`);
    await server.close();
    // status is a string enum: the type issue ranks first (required > additionalProperties > type > enum).
    expect(envelope.error_code).toBe('SCHEMA_TYPE_MISMATCH');
  });
});
