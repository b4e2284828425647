// What every tool factory receives (ToolDeps in every app): config, session, the Ads client, the operation binder.
import type { AdsIdentity } from '../auth/openbridge-identities.js';
import type { CredentialSource } from '../auth/types.js';
import type { Config } from '../config.js';
import type { AdsApiClient } from '../http/client.js';
import type { Operations } from '../operations/bind.js';
import type { Session } from '../session/session.js';

export interface ToolDeps {
  config: Config;
  session: Session;
  client: AdsApiClient;
  auth: CredentialSource;
  /** Binds a curated tool to its catalog operation(s) and calls them through the recipe. */
  operations: Operations;
  /** Openbridge mode only: lists type-14 identities. */
  listIdentities?: (signal?: AbortSignal) => Promise<AdsIdentity[]>;
}
