// The hosted user a request acts for (--hosted): set by the HTTP route around the MCP handler, read by the apps' credential code.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { SessionChoiceStore } from '../server/session-choices.js';

/** A user logged in through the server's authorization server: who, and the upstream credential that acts for them. */
export interface HostedUser {
  /** `<login>:<account>` (`sp:A1…`, `ads:amzn1.account.…`, `openbridge:…`): scopes tasks, token caches and rate budgets. */
  subject: string;
  /** The upstream account: selling partner id, Amazon user id, Openbridge account. */
  account: string;
  /** The user's upstream refresh token or API key; never logged, never in an envelope. */
  secret: string;
  /** Ads: the advertising profiles the user allowed. */
  profiles?: readonly string[];
}

/**
 * What --hosted puts in front of /mcp: the OAuth discovery documents and /oauth/* endpoints (`handle`), and
 * the bearer gate (`authenticate`: the user, or the 401/403 to send). `@obmcp/hosted-auth` builds one.
 */
export interface HostedGate {
  /** The public origin (`https://sp.example.com`): requests are read against it, never against their Host header. */
  readonly origin: string;
  /** `client.address`: the connecting address (the socket's peer), for per-address limits. */
  handle(request: Request, client?: { address?: string }): Promise<Response | undefined>;
  authenticate(request: Request): Promise<HostedUser | Response>;
  /**
   * Each user's session choices (region, active profile …) by subject, in the deployment's shared store, so
   * a switch made through one replica holds on every replica. Without it they stay in the serving process.
   */
  readonly sessionChoices?: SessionChoiceStore;
}

const current = new AsyncLocalStorage<HostedUser>();

/** Runs `fn` (and everything it starts) as `user`. */
export function runAsHostedUser<T>(user: HostedUser, fn: () => T): T {
  return current.run(user, fn);
}

/** The hosted user of the running request; undefined over stdio and in plain HTTP mode. */
export function currentHostedUser(): HostedUser | undefined {
  return current.getStore();
}
