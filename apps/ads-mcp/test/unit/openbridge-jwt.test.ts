// The Openbridge JWT as ads-mcp sends it: Bearer JWT plus the key as x-api-key, one exchange while fresh, a 401 means exchange again.
import { startMockServer } from '@obmcp/upstream-mocks';
import type { SetupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openbridgeChain, REFRESH_TOKEN } from '../support/openbridge-chain.js';

let mock: SetupServer;
let exchanges = 0;
beforeAll(() => {
  mock = startMockServer();
  mock.events.on('request:start', ({ request }) => {
    if (new URL(request.url).pathname === '/auth/api/ref') exchanges += 1;
  });
});
afterEach(() => {
  exchanges = 0;
});
afterAll(() => mock.close());

describe('createJwtProvider (ads-mcp)', () => {
  it('sends the JWT as a Bearer token and the refresh token as x-api-key; one exchange while fresh', async () => {
    const { jwt } = openbridgeChain();
    const headers = await jwt.headers('default');
    expect(headers).toEqual({
      authorization: expect.stringMatching(/^Bearer \S+\.\S+\.\S+$/),
      'x-api-key': REFRESH_TOKEN,
    });
    expect(await jwt.headers('default')).toEqual(headers);
    expect(exchanges).toBe(1);
    jwt.invalidate('default');
    const again = await jwt.headers('default');
    expect(exchanges).toBe(2);
    expect(again.authorization).not.toBe(headers.authorization);
  });

  it('a 401 from Openbridge means the JWT was rejected; other answers do not', () => {
    const { jwt } = openbridgeChain();
    const res = (status: number) =>
      ({ status, headers: new Headers(), text: () => '', json: () => ({}) }) as never;
    expect(jwt.isExpired(res(401))).toBe(true);
    expect(jwt.isExpired(res(403))).toBe(false);
    expect(jwt.isExpired(res(200))).toBe(false);
  });
});
