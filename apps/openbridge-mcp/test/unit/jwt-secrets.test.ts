// The operator's Openbridge key never shows in a JWT exchange error, hosted or not.
import { AuthError } from '@obmcp/contract';
import { createFetcher } from '@obmcp/http-kit';
import { startMockServer } from '@obmcp/upstream-mocks';
import { HttpResponse, http } from 'msw';
import type { SetupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createJwtProvider } from '../../src/auth/jwt-provider.js';

const AUTH = 'https://authentication.api.openbridge.io';
let mock: SetupServer;
beforeAll(() => {
  mock = startMockServer();
});
afterEach(() => mock.resetHandlers());
afterAll(() => mock.close());

describe('a JWT exchange error that echoes the key', () => {
  it('shows it without the key, as the refusal it is', async () => {
    mock.use(
      http.post(`${AUTH}/auth/api/ref`, () =>
        HttpResponse.json(
          { errors: [{ detail: 'refresh token key-id:key-secret is not valid' }] },
          { status: 400 },
        ),
      ),
    );
    const provider = createJwtProvider({
      fetcher: createFetcher({ timeoutMs: 2_000 }),
      hosts: { auth: AUTH },
      refreshToken: 'key-id:key-secret',
      maxRetries: 0,
    });
    const error = await provider.jwt().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AuthError);
    const e = error as AuthError;
    const shown = JSON.stringify([e.message, e.summary, e.details, e.hints]);
    expect(shown).toContain('is not valid');
    expect(shown).not.toContain('key-secret');
  });
});
