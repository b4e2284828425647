// Hints stay data: no hint of any envelope the server answers tells the agent to switch, delete, confirm or skip.
import { describe, expect, test } from 'vitest';
import { exampleProfile, exampleTools } from '@obmcp/contract/internal/example/example-tools.js';
import {
  AuthError,
  ClientSideError,
  DomainValidationError,
  type Envelope,
  RateLimitedError,
  SandboxLimitationError,
  UpstreamTransportError,
} from '@obmcp/contract';
import { envelopeFromThrown } from '@obmcp/contract/envelope';
import { createContractServer } from '../src/entries/server.js';
import { EnvironmentError } from '@obmcp/contract/internal/tool/errors.js';
import { silentLogger } from '../src/entries/testing.js';
import { envelopeOf, hostWith } from './helpers.js';

const host = (env: Record<string, string> = {}) => hostWith(exampleTools, env);
const order = (extra: Record<string, unknown>) => ({ marketplaceIds: ['ATVPDKIKX0DER'], ...extra });

describe('hints are data, never instructions', () => {
  async function corpus(): Promise<Envelope[]> {
    const h = host();
    const off = host({ MCP_SCHEMA_KEY_NORMALIZATION_ENABLED: 'false' });
    const bad = [
      {},
      { MarketplaceIds: ['ATVPDKIKX0DER'] },
      order({ region: 'usa' }),
      order({ region: 'europe' }),
      order({ maxResults: '10' }),
      order({ maxResults: 1000 }),
      order({ maxResult: 1 }),
      order({ filters: [{ marketplaceId: 5 }] }),
      { marketplaceIds: ['X', 'Y', 'Z'] },
      { marketplaceIds: '["ATVPDKIKX0DER"' },
    ];
    const out: Envelope[] = [];
    for (const args of bad) {
      for (const hh of [h, off]) {
        const outcome = await hh.call('list_orders', args);
        if (!outcome.ok) out.push(outcome.envelope);
      }
    }
    for (const status of [400, 401, 403, 404, 429, 500, 503])
      out.push(await envelopeOf(h, 'upstream_fail', { status }));
    out.push(await envelopeOf(h, 'crash', {}));
    out.push(await envelopeOf(h, 'list_ordrs', {}));
    const { host: wired } = createContractServer({
      profile: exampleProfile,
      tools: exampleTools,
      env: {},
      logger: silentLogger,
    });
    const viaInvoke = await wired.invoke(
      'nope',
      {},
      { signal: new AbortController().signal, listedOnly: true },
    );
    if (!viaInvoke.outcome.ok) out.push(viaInvoke.outcome.envelope);
    const thrown = [
      new UpstreamTransportError('UPSTREAM_TIMEOUT'),
      new AuthError({ summary: 'token exchange failed' }),
      new RateLimitedError({ retryAfterSeconds: 2 }),
      new DomainValidationError('SCHEMA_IDENTITY_NOT_FOUND'),
      new ClientSideError('TOOL_EXECUTION_FAILED'),
      new SandboxLimitationError(),
      new EnvironmentError('STORAGE_UNAVAILABLE', 'disk /var/x full'),
    ];
    for (const t of thrown) out.push(envelopeFromThrown(t, { profile: exampleProfile, tool: 't' }));
    return out;
  }

  test('no hint in a corpus of envelopes tells the agent to switch, delete, confirm or skip', async () => {
    const envelopes = await corpus();
    const hints = envelopes.flatMap((e) => e.hints);
    expect(envelopes.length).toBeGreaterThan(30);
    expect(hints.length).toBeGreaterThan(40);
    for (const hint of hints) expect(hint).not.toMatch(/switch|delete|confirm|skip/i);
  });
});
