// What a login to the upstream looks like to the authorization server: begin (redirect or form), then resume with what came back.
import type { UpstreamCredential } from '../vault/vault.js';

export interface LoginContext {
  /** The `state` for the upstream (unguessable; bound to this browser and this authorization request). */
  loginId: string;
  /** This server's callback: the exact redirect URI registered with Amazon. */
  callbackUrl: string;
  /** What an earlier step kept (sealed at rest between steps), e.g. a refresh token while the user picks profiles. */
  stash: Record<string, string> | undefined;
}

export type LoginStep =
  /** The user is logged in upstream; the credential goes to the vault. */
  | { kind: 'done'; credential: UpstreamCredential }
  /** Another page first (a profile picker, the key form again); its form posts `state` back to the callback. */
  | { kind: 'continue'; html: string; stash?: Record<string, string> }
  /** The user said no upstream. */
  | { kind: 'denied'; reason: string }
  /** The upstream exchange failed. */
  | { kind: 'failed'; reason: string };

export interface UpstreamLogin {
  /** The subject prefix and the login's name: `sp`, `ads`, `openbridge`. */
  readonly id: string;
  /** What the consent screen says the client will reach, e.g. "your Amazon Seller Central account". */
  readonly accountLabel: string;
  /** Where the browser goes after the user approves the client: the upstream's consent page, or a form. */
  begin(context: LoginContext): Promise<Response>;
  /** What came back to the callback (the query of a redirect, or a posted form). */
  resume(params: URLSearchParams, context: LoginContext): Promise<LoginStep>;
}
