// The profile and AMC account caches belong to the Openbridge identity they were filled under: another identity never reads them.
import { describe, expect, it } from 'vitest';
import { createSession } from '../src/session/session.js';

describe('session caches across an identity switch', () => {
  it('drops the profiles and AMC accounts cached for the previous identity', () => {
    const session = createSession({ region: 'na', openbridge: { refreshToken: 'k:s', identityId: 11 } });
    session.profiles.set('na', [{ profileId: 1 }]);
    session.amcAccounts.set('na', [{ accountId: 'amc-of-11' }]);
    expect(session.amcAccounts.get('na')).toHaveLength(1);
    session.identityId = 22;
    expect(session.profiles.get('na')).toBeUndefined();
    expect(session.amcAccounts.get('na')).toBeUndefined();
    // Filled again under 22, kept while 22 is active.
    session.amcAccounts.set('na', [{ accountId: 'amc-of-22' }]);
    expect(session.amcAccounts.get('na')?.[0]?.accountId).toBe('amc-of-22');
  });
});
