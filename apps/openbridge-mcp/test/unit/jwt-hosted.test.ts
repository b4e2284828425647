// --hosted JWTs: each user's own API key is exchanged and cached apart, the operator's key is never used for them, and neither key reaches an error; retries follow maxRetries.
import type { UpstreamHttpError } from '@obmcp/contract';
import { createFetcher } from '@obmcp/http-kit';
import { runAsHostedUser } from '@obmcp/mcp-server/hosted';
import { startMockServer } from '@obmcp/upstream-mocks';
import { HttpResponse, http } from 'msw';
import type { SetupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createJwtProvider } from '../../src/auth/jwt-provider.js';

const AUTH = 'https://authentication.api.openbridge.io';
const OPERATOR_KEY = 'unit-key:unit-secret';

let mock: SetupServer;
/** The refresh token of each exchange, in order. */
let exchanged: string[] = [];

beforeAll(() => {
  mock = startMockServer();
  mock.events.on('request:start', async ({ request }) => {
    if (new URL(request.url).pathname !== '/auth/api/ref') return;
    const body = (await request.clone().json()) as { data?: { attributes?: { refresh_token?: string } } };
    exchanged.push(body.data?.attributes?.refresh_token ?? '');
  });
});
afterEach(() => {
  mock.resetHandlers();
  exchanged = [];
});
afterAll(() => mock.close());

function provider(maxRetries = 0) {
  return createJwtProvider({
    fetcher: createFetcher({ timeoutMs: 2_000 }),
    hosts: { auth: AUTH },
    refreshToken: OPERATOR_KEY,
    maxRetries,
  });
}

const alice = { subject: 'openbridge:alice', account: 'alice', secret: 'alice-key:alice-secret' };
const bob = { subject: 'openbridge:bob', account: 'bob', secret: 'bob-key:bob-secret' };

describe('createJwtProvider --hosted', () => {
  it("each user's own key, each user's own cached JWT; invalidate drops only the caller's", async () => {
    const p = provider();
    const a = await runAsHostedUser(alice, () => p.jwt());
    const b = await runAsHostedUser(bob, () => p.jwt());
    const own = await p.jwt();
    expect(exchanged).toEqual([alice.secret, bob.secret, OPERATOR_KEY]);
    expect(new Set([a, b, own]).size).toBe(3);
    expect(await runAsHostedUser(alice, () => p.jwt())).toBe(a);
    runAsHostedUser(alice, () => p.invalidate());
    expect(await p.jwt()).toBe(own);
    expect(await runAsHostedUser(bob, () => p.jwt())).toBe(b);
    expect(exchanged).toHaveLength(3);
    await runAsHostedUser(alice, () => p.jwt());
    expect(exchanged).toEqual([alice.secret, bob.secret, OPERATOR_KEY, alice.secret]);
    p.invalidate();
    await p.jwt();
    expect(exchanged).toHaveLength(5);
  });

  it("an exchange error echoing a key shows neither the user's nor the operator's", async () => {
    mock.use(
      http.post(`${AUTH}/auth/api/ref`, () =>
        HttpResponse.json(
          { errors: [{ detail: `refresh token ${alice.secret} and ${OPERATOR_KEY} are not valid` }] },
          { status: 400 },
        ),
      ),
    );
    const p = provider();
    const error = await runAsHostedUser(alice, () => p.jwt()).then(
      () => expect.unreachable('the exchange should fail'),
      (e: unknown) => e as UpstreamHttpError,
    );
    const shown = JSON.stringify([error.message, error.summary, error.details, error.hints]);
    expect(shown).toContain('are not valid');
    expect(shown).not.toContain('alice-secret');
    expect(shown).not.toContain('unit-secret');
  });

  it('an outage is retried maxRetries times, then reported', async () => {
    mock.use(http.post(`${AUTH}/auth/api/ref`, () => HttpResponse.json({ errors: [] }, { status: 503 })));
    await expect(provider(1).jwt()).rejects.toThrow();
    expect(exchanged).toHaveLength(2);
    exchanged = [];
    await expect(provider(0).jwt()).rejects.toThrow();
    expect(exchanged).toHaveLength(1);
  });
});
