// What the operator's audit trail says about issued, replayed and reused tokens (ids cut short, never a token), and the
// refusals that depend on a parameter being absent rather than empty.
import { describe, expect, it } from 'vitest';
import { checkAuthorizationRequest } from '../src/as/authorization-request.js';
import type { ClientRegistry } from '../src/as/clients.js';
import {
  browserLogin,
  exchange,
  form,
  harness,
  login,
  pkce,
  registerPublicClient,
} from './support/harness.js';

type H = Awaited<ReturnType<typeof harness>>;

const events = (h: H, name: string) =>
  h.logs.map((line) => JSON.parse(line) as Record<string, unknown>).filter((e) => e.event === name);

async function refusal(response: Response): Promise<[number, string, string]> {
  const body = (await response.json()) as { error: string; error_description: string };
  return [response.status, body.error, body.error_description];
}

async function codeFor(h: H) {
  const clientId = await registerPublicClient(h);
  const { verifier, challenge } = pkce();
  const back = await browserLogin(h, clientId, challenge);
  return { clientId, code: back.searchParams.get('code') ?? '', verifier };
}

describe('the audit trail', () => {
  it('an issued pair names the client, the first 8 characters of the grant and how it was issued', async () => {
    const h = await harness({ scopes: ['mcp', 'mcp:write'] });
    const { clientId, code, verifier } = await codeFor(h);
    const answer = (await (await exchange(h, clientId, code, verifier)).json()) as {
      scope: string;
      refresh_token: string;
    };
    expect(answer.scope).toBe('mcp mcp:write');
    const [issued] = events(h, 'token_issued');
    expect(issued).toEqual({
      event: 'token_issued',
      client: clientId,
      grant: expect.stringMatching(/^.{8}$/),
      grant_type: 'authorization_code',
    });
    await h.call(
      '/oauth/token',
      form({ grant_type: 'refresh_token', client_id: clientId, refresh_token: answer.refresh_token }),
    );
    expect(events(h, 'token_issued')[1]).toEqual({ ...issued, grant_type: 'refresh_token' });
    expect(h.logs.join('\n')).not.toContain(answer.refresh_token);
  });

  it('a replayed code and a reused refresh token are logged with the client (and the grant, cut short)', async () => {
    const h = await harness();
    const { clientId, code, verifier } = await codeFor(h);
    const first = (await (await exchange(h, clientId, code, verifier)).json()) as { refresh_token: string };
    await exchange(h, clientId, code, verifier);
    expect(events(h, 'code_replayed')).toEqual([{ event: 'code_replayed', client: clientId }]);
    const other = await login(h);
    const refresh = (token: string) =>
      h.call(
        '/oauth/token',
        form({ grant_type: 'refresh_token', client_id: other.clientId, refresh_token: token }),
      );
    await refresh(other.refresh_token);
    await refresh(other.refresh_token);
    expect(events(h, 'refresh_reused')).toEqual([
      { event: 'refresh_reused', client: other.clientId, grant: expect.stringMatching(/^.{8}$/) },
    ]);
    expect(first.refresh_token).toBeTruthy();
  });
});

describe('absent parameters', () => {
  it('a code exchange without code or code_verifier at all says which is missing', async () => {
    const h = await harness();
    const { clientId, code, verifier } = await codeFor(h);
    const post = (values: Record<string, string>) =>
      h.call('/oauth/token', form({ grant_type: 'authorization_code', client_id: clientId, ...values }));
    expect(await refusal(await post({ code_verifier: verifier }))).toEqual([
      400,
      'invalid_request',
      'code is missing',
    ]);
    expect(await refusal(await post({ code }))).toEqual([
      400,
      'invalid_request',
      'PKCE code_verifier is missing',
    ]);
  });

  it('a refresh with an empty token, and an unknown token asking for a scope', async () => {
    const h = await harness();
    const { clientId } = await login(h);
    const post = (values: Record<string, string>) =>
      h.call('/oauth/token', form({ grant_type: 'refresh_token', client_id: clientId, ...values }));
    expect(await refusal(await post({ refresh_token: '' }))).toEqual([
      400,
      'invalid_request',
      'refresh_token is missing',
    ]);
    expect(await refusal(await post({ refresh_token: 'made-up', scope: 'mcp' }))).toEqual([
      400,
      'invalid_grant',
      'The refresh token is unknown, expired or revoked',
    ]);
  });
});

describe('client authentication headers', () => {
  it('an Authorization header that is not Basic leaves the client identified by its form fields', async () => {
    const h = await harness();
    const clientId = await registerPublicClient(h);
    const response = await h.call('/oauth/token', {
      ...form({ grant_type: 'refresh_token', client_id: clientId, refresh_token: 'x' }),
      headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: 'Bearer something' },
    });
    expect((await refusal(response)).slice(0, 2)).toEqual([400, 'invalid_grant']);
  });

  it('Basic with an empty client id identifies no client; spaces around the credentials are fine', async () => {
    const h = await harness();
    const basic = (text: string) => `Basic ${Buffer.from(text).toString('base64')}`;
    const call = (authorization: string) =>
      h.call('/oauth/token', {
        ...form({ grant_type: 'refresh_token', refresh_token: 'x' }),
        headers: { 'content-type': 'application/x-www-form-urlencoded', authorization },
      });
    expect(await refusal(await call(basic(':secret')))).toEqual([
      401,
      'invalid_client',
      'No client identified',
    ]);
    expect(await refusal(await call(`${basic('nobody:x')}  `))).toEqual([
      401,
      'invalid_client',
      'Unknown client',
    ]);
  });
});

describe('registration when the store fails', () => {
  it('a store failure is not reported as the client’s mistake', async () => {
    const h = await harness();
    const broken = await harness({
      registrationsPerMinute: 0,
      store: Object.assign(Object.create(Object.getPrototypeOf(h.store)), h.store, {
        async set(key: string) {
          throw new Error(`store down (${key.split(':')[0]})`);
        },
      }),
    });
    const outcome = await broken.auth
      .handle(
        new Request(new URL('/oauth/register', broken.resource), {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            redirect_uris: ['http://127.0.0.1:1/cb'],
            token_endpoint_auth_method: 'none',
          }),
        }),
        { address: '203.0.113.1' },
      )
      .then(
        (r) => r?.status,
        (e: Error) => e.message,
      );
    expect(outcome).not.toBe(400);
    expect(outcome).not.toBe(201);
  });
});

describe('the pages an authorization request can end on', () => {
  const none = { find: async () => undefined } as unknown as ClientRegistry;
  const check = (params: Record<string, string>) =>
    checkAuthorizationRequest(new URLSearchParams(params), none, ['mcp'], 'https://sp.example.test/mcp');

  it('say what is wrong with the client', async () => {
    expect(await check({})).toEqual({
      kind: 'page',
      title: 'Missing client',
      message: 'The request names no client_id.',
    });
    expect(await check({ client_id: 'nobody' })).toEqual({
      kind: 'page',
      title: 'Unknown client',
      message: 'This client is not registered and its client_id names no usable metadata document.',
    });
  });
});
