// The token endpoint: a good exchange, and each refusal the RFCs name with its status and error code.
import { describe, expect, it } from 'vitest';
import {
  browserLogin,
  exchange,
  form,
  harness,
  pkce,
  REDIRECT,
  RESOURCE,
  registerPublicClient,
} from './support/harness.js';

async function codeFor(
  h: Awaited<ReturnType<typeof harness>>,
): Promise<{ clientId: string; code: string; verifier: string }> {
  const clientId = await registerPublicClient(h);
  const { verifier, challenge } = pkce();
  const back = await browserLogin(h, clientId, challenge);
  expect(back.searchParams.get('state')).toBe('client-state-1');
  expect(back.searchParams.get('iss')).toBe('https://sp.example.test');
  return { clientId, code: back.searchParams.get('code') ?? '', verifier };
}

async function expectError(response: Response, status: number, error: string): Promise<void> {
  expect(response.status).toBe(status);
  expect(response.headers.get('cache-control')).toBe('no-store');
  expect(((await response.json()) as { error: string }).error).toBe(error);
}

describe('token endpoint', () => {
  it('exchanges a code for a Bearer access token and a refresh token', async () => {
    const h = await harness();
    const { clientId, code, verifier } = await codeFor(h);
    const response = await exchange(h, clientId, code, verifier);
    expect(response.status).toBe(200);
    const body = (await response.json()) as Record<string, unknown>;
    expect(body).toMatchObject({ token_type: 'Bearer', expires_in: 300, scope: 'mcp' });
    expect(typeof body.access_token).toBe('string');
    expect(typeof body.refresh_token).toBe('string');
  });

  it('refuses a wrong PKCE verifier with invalid_grant', async () => {
    const h = await harness();
    const { clientId, code } = await codeFor(h);
    await expectError(await exchange(h, clientId, code, pkce().verifier), 400, 'invalid_grant');
  });

  it('refuses a missing PKCE verifier with invalid_request (and the code stays unspent)', async () => {
    const h = await harness();
    const { clientId, code, verifier } = await codeFor(h);
    await expectError(await exchange(h, clientId, code, ''), 400, 'invalid_request');
    expect((await exchange(h, clientId, code, verifier)).status).toBe(200);
  });

  it('refuses a replayed code with invalid_grant and revokes what the first use issued', async () => {
    const h = await harness();
    const { clientId, code, verifier } = await codeFor(h);
    const first = (await (await exchange(h, clientId, code, verifier)).json()) as { access_token: string };
    await expectError(await exchange(h, clientId, code, verifier), 400, 'invalid_grant');
    const call = await h.call('/mcp', {
      method: 'POST',
      headers: { authorization: `Bearer ${first.access_token}` },
    });
    expect(call.status).toBe(401);
  });

  it('two exchanges of one code at once: exactly one gets tokens (single use under concurrency)', async () => {
    const h = await harness();
    const { clientId, code, verifier } = await codeFor(h);
    const answers = await Promise.all([
      exchange(h, clientId, code, verifier),
      exchange(h, clientId, code, verifier),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400]);
  });

  it('refuses an expired code (60 s) with invalid_grant', async () => {
    const h = await harness();
    const { clientId, code, verifier } = await codeFor(h);
    h.clock.now += 61_000;
    await expectError(await exchange(h, clientId, code, verifier), 400, 'invalid_grant');
  });

  it('refuses a redirect_uri other than the authorization request one with invalid_grant', async () => {
    const h = await harness();
    const { clientId, code, verifier } = await codeFor(h);
    await expectError(
      await exchange(h, clientId, code, verifier, { redirect_uri: `${REDIRECT}x` }),
      400,
      'invalid_grant',
    );
  });

  it('refuses a code issued to another client with invalid_grant', async () => {
    const h = await harness();
    const { code, verifier } = await codeFor(h);
    const other = await registerPublicClient(h);
    await expectError(await exchange(h, other, code, verifier), 400, 'invalid_grant');
  });

  it('refuses another resource with invalid_target', async () => {
    const h = await harness();
    const { clientId, code, verifier } = await codeFor(h);
    await expectError(
      await exchange(h, clientId, code, verifier, { resource: 'https://ads.example.test/mcp' }),
      400,
      'invalid_target',
    );
  });

  it('refuses an unknown client with 401 invalid_client', async () => {
    const h = await harness();
    const { code, verifier } = await codeFor(h);
    await expectError(await exchange(h, 'obmcp-nobody', code, verifier), 401, 'invalid_client');
  });

  it('refuses a confidential client with a wrong secret: 401 invalid_client with a Basic challenge', async () => {
    const h = await harness();
    const registered = await h.call('/oauth/register', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ client_name: 'Web app', redirect_uris: [REDIRECT] }),
    });
    const { client_id, client_secret } = (await registered.json()) as {
      client_id: string;
      client_secret: string;
    };
    expect(client_secret.length).toBeGreaterThan(20);
    const wrong = await h.call('/oauth/token', {
      ...form({
        grant_type: 'authorization_code',
        code: 'x',
        code_verifier: pkce().verifier,
        redirect_uri: REDIRECT,
      }),
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: `Basic ${Buffer.from(`${client_id}:nope`).toString('base64')}`,
      },
    });
    expect(wrong.headers.get('www-authenticate')).toContain('Basic');
    await expectError(wrong, 401, 'invalid_client');
    const right = await h.call('/oauth/token', {
      ...form({
        grant_type: 'authorization_code',
        code: 'x',
        code_verifier: pkce().verifier,
        redirect_uri: REDIRECT,
      }),
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: `Basic ${Buffer.from(`${client_id}:${client_secret}`).toString('base64')}`,
      },
    });
    await expectError(right, 400, 'invalid_grant');
  });

  it('refuses other grant types with unsupported_grant_type, and a missing one with invalid_request', async () => {
    const h = await harness();
    await expectError(
      await h.call('/oauth/token', form({ grant_type: 'password', client_id: 'x' })),
      400,
      'unsupported_grant_type',
    );
    await expectError(
      await h.call('/oauth/token', form({ grant_type: 'client_credentials' })),
      400,
      'unsupported_grant_type',
    );
    await expectError(await h.call('/oauth/token', form({ client_id: 'x' })), 400, 'invalid_request');
  });

  it('refuses a JSON body (the token request is a form)', async () => {
    const h = await harness();
    await expectError(
      await h.call('/oauth/token', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ grant_type: 'authorization_code', resource: RESOURCE }),
      }),
      400,
      'invalid_request',
    );
  });
});
