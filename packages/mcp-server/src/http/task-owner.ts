// taskOwner: the scope of an HTTP caller's tasks — a hash of the Authorization it presented, never the secret.
import { createHash } from 'node:crypto';
import { currentHostedUser } from './hosted-user.js';

/** Same credentials → same owner on every replica; no credentials → one shared 'anonymous' owner; --hosted: the user. */
export function taskOwner(authorization: string | undefined): string {
  // --hosted: the user, not the token (access tokens rotate every few minutes; the user's tasks stay theirs).
  const user = currentHostedUser();
  if (user !== undefined) return `hosted:${user.subject}`;
  const presented = authorization?.trim();
  if (!presented) return 'anonymous';
  // Stryker disable next-line StringLiteral: 'utf8' is update()'s default for a string (equivalent), see README
  return `auth:${createHash('sha256').update(`obmcp-task-owner\n${presented}`, 'utf8').digest('hex').slice(0, 32)}`;
}
