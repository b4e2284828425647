// --hosted: each user gets a session of their own (region, active profile, caches) and only the profiles they allowed at login.
import { DomainValidationError } from '@obmcp/contract';
import { currentHostedUser } from '@obmcp/mcp-server/hosted';
import type { Session } from './session.js';

/** The profiles the request's hosted user allowed; undefined over stdio and plain HTTP (every profile the token reaches). */
export function allowedProfiles(): number[] | undefined {
  const profiles = currentHostedUser()?.profiles;
  return profiles === undefined ? undefined : profiles.map(Number).filter((id) => Number.isSafeInteger(id));
}

/** Refuses a profile the hosted user did not allow at login (the consent screen's choice holds for every call). */
export function checkProfileAllowed(profileId: number): void {
  const allowed = allowedProfiles();
  if (allowed === undefined || allowed.includes(profileId)) return;
  throw new DomainValidationError('INPUT_VALIDATION_FAILED', {
    summary: `Profile ${profileId} is not one you allowed this client to use.`,
    details: [
      {
        path: 'profileId',
        issue: `not one of the ${allowed.length} profiles allowed at login`,
        received_type: 'integer',
      },
    ],
    hints: [
      `Allowed profileId values: ${allowed.slice(0, 10).join(', ')}.`,
      'Log in again to allow other profiles.',
    ],
  });
}

/**
 * The server's session object, answering for the request's hosted user when there is one: each user's own
 * session (created at first use with the first allowed profile active), the server-wide one otherwise.
 */
export function hostedAwareSession(
  base: Session,
  fresh: (profileId: number | undefined) => Session,
): Session {
  const perUser = new Map<string, Session>();
  const target = (): Session => {
    const user = currentHostedUser();
    if (user === undefined) return base;
    let session = perUser.get(user.subject);
    if (session === undefined) {
      session = fresh(allowedProfiles()?.[0]);
      perUser.set(user.subject, session);
    }
    return session;
  };
  return new Proxy(base, {
    get: (_base, key) => Reflect.get(target(), key),
    set: (_base, key, value) => Reflect.set(target(), key, value),
  });
}
