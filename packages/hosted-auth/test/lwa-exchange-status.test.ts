// An LWA answer that is not 2xx is a refusal, whatever its body says.
import { describe, expect, it } from 'vitest';
import { exchangeCode } from '../src/upstream/lwa-exchange.js';

describe('the LWA code exchange', () => {
  it('takes no tokens from an error answer, even one that carries some', async () => {
    const fetchImpl = async () =>
      Response.json({ access_token: 'Atza|a', refresh_token: 'Atzr|r' }, { status: 400 });
    expect(
      await exchangeCode({ clientId: 'c', clientSecret: 's' }, 'code', 'https://x.test/cb', fetchImpl),
    ).toBeUndefined();
  });
});
