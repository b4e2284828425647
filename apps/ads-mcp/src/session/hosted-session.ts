// --hosted: each user gets a session of their own (region, active profile, caches) and only the profiles they allowed at login; switches live in the shared store when the deployment has one.
import { DomainValidationError } from '@obmcp/contract';
import { currentHostedUser, currentSessionChoices } from '@obmcp/mcp-server/hosted';
import { REGIONS } from '../regions.js';
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
  /** The identity each session's profile and AMC account caches were filled under. */
  const cachesOf = new WeakMap<Session, { identityId: number | undefined }>();
  const proxy: Session = new Proxy(base, {
    get: (_base, key) => {
      if (key === 'profiles' || key === 'amcAccounts') {
        // Another identity's caches (switched here or, with a shared store, on another replica) are dropped.
        const session = target();
        const identityId = proxy.identityId;
        const owner = cachesOf.get(session);
        if (owner === undefined) cachesOf.set(session, { identityId });
        else if (owner.identityId !== identityId) {
          session.profiles.clear();
          session.amcAccounts.clear();
          owner.identityId = identityId;
        }
        return Reflect.get(session, key);
      }
      const shared = currentSessionChoices();
      if (shared !== undefined && isChoice(key)) {
        const stored = shared.get(key);
        const value = stored === undefined ? INVALID : decodeChoice(key, stored);
        if (value !== INVALID) return value;
      }
      return Reflect.get(target(), key);
    },
    set: (_base, key, value) => {
      const shared = currentSessionChoices();
      if (shared === undefined || !isChoice(key)) return Reflect.set(target(), key, value);
      // Every replica reads it from the store (null: cleared on purpose, not "never chosen").
      shared.set(key, JSON.stringify(value ?? null));
      return true;
    },
  });
  return proxy;
}

/** The switches a user makes mid-conversation: in the shared store when the deployment has one. */
type Choice = 'region' | 'profileId' | 'profileSource' | 'identityId';
const CHOICE_NAMES: readonly string[] = ['region', 'profileId', 'profileSource', 'identityId'];
const INVALID = Symbol('invalid');

function isChoice(key: string | symbol): key is Choice {
  return typeof key === 'string' && CHOICE_NAMES.includes(key);
}

/** A stored switch, or INVALID when it is not one this server would have made (the session's own value applies). */
function decodeChoice(key: Choice, stored: string): unknown {
  let value: unknown;
  try {
    value = JSON.parse(stored);
  } catch {
    return INVALID;
  }
  if (value === null) return key === 'region' ? INVALID : undefined;
  switch (key) {
    case 'region':
      return typeof value === 'string' && (REGIONS as readonly string[]).includes(value) ? value : INVALID;
    case 'profileSource':
      return value === 'env' || value === 'set_active_profile' ? value : INVALID;
    case 'profileId': {
      // A profile no longer allowed (the user logged in again and picked others) is not used.
      const allowed = allowedProfiles();
      if (typeof value !== 'number' || !Number.isSafeInteger(value)) return INVALID;
      return allowed === undefined || allowed.includes(value) ? value : INVALID;
    }
    case 'identityId':
      return typeof value === 'number' && Number.isSafeInteger(value) ? value : INVALID;
  }
}
