// Per-server session state: the active identity and region (explicit object, not module state); --hosted: the request's user only; switches in the shared store when the deployment has one.
import { currentHostedUser, currentSessionChoices, type HostedUser } from '@obmcp/mcp-server/hosted';
import type { Region, Config } from '../config.js';
import { type Identity, loadIdentities } from './identities.js';

export class Session {
  private identities: Identity[];
  private activeId: string | undefined;
  private regionOverride: Region | undefined;
  /** --hosted without a shared store: each user's own region choice (the server-wide one is the operator's, over stdio). */
  private readonly hostedRegions = new Map<string, Region>();
  sandbox: boolean;

  constructor(
    private readonly config: Config,
    private readonly env: Record<string, string | undefined>,
  ) {
    this.identities = loadIdentities(config, env);
    const wanted = this.identities.find((i) => i.id === config.activeIdentity);
    this.activeId = (wanted ?? this.identities[0])?.id;
    this.sandbox = config.sandbox;
  }

  /**
   * --hosted: the request's user is the one identity there is (its id is the user's subject, so the LWA
   * token cache, the rate budget and restricted-data tokens are that seller's); the configured identities
   * and the env refresh token are not reachable.
   */
  private hosted(): { user: HostedUser; identity: Identity } | undefined {
    const user = currentHostedUser();
    if (user === undefined) return undefined;
    return {
      user,
      identity: {
        id: user.subject,
        name: user.subject,
        sellerId: user.account,
        region: this.chosenRegion() ?? this.hostedRegions.get(user.subject) ?? this.config.region,
        refreshToken: user.secret,
        marketplaceIds: [],
      },
    };
  }

  /** Re-reads the configured identities; on failure keeps the cached list (best effort). */
  refresh(): Identity[] {
    const hosted = this.hosted();
    if (hosted) return [hosted.identity];
    try {
      this.identities = loadIdentities(this.config, this.env);
    } catch {
      // keep the last good list
    }
    return this.identities;
  }

  list(): readonly Identity[] {
    const hosted = this.hosted();
    return hosted ? [hosted.identity] : this.identities;
  }

  get activeIdentityId(): string | undefined {
    return this.hosted()?.identity.id ?? this.chosenId;
  }

  active(): Identity {
    const hosted = this.hosted();
    if (hosted) return hosted.identity;
    const activeId = this.chosenId;
    const found = this.identities.find((i) => i.id === activeId);
    if (found) return found;
    // Fall-through identity (set when the list was empty): default credentials, configured region.
    return {
      id: activeId ?? 'default',
      name: activeId ?? 'default',
      sellerId: this.config.sellerId,
      region: this.config.region,
      refreshToken: this.config.refreshToken,
      marketplaceIds: [],
    };
  }

  setActive(id: string): void {
    const hosted = this.hosted();
    const shared = currentSessionChoices();
    if (hosted) {
      // Only the user's own identity exists (the tool refuses others before this); a switch resets the region.
      if (id !== hosted.identity.id) return;
      if (shared) shared.set(REGION_CHOICE, undefined);
      else this.hostedRegions.delete(id);
      return;
    }
    if (shared) {
      shared.set(IDENTITY_CHOICE, id);
      shared.set(REGION_CHOICE, undefined);
      return;
    }
    this.activeId = id;
    this.regionOverride = undefined;
  }

  get region(): Region {
    const hosted = this.hosted();
    if (hosted) return hosted.identity.region;
    return (currentSessionChoices() ? this.chosenRegion() : this.regionOverride) ?? this.active().region;
  }

  setRegion(region: Region): void {
    const hosted = this.hosted();
    const shared = currentSessionChoices();
    if (shared) shared.set(REGION_CHOICE, region);
    else if (hosted) this.hostedRegions.set(hosted.identity.id, region);
    else this.regionOverride = region;
  }

  /** The identity the request acts as: the shared store's switch when it names a configured one, else this process's. */
  private get chosenId(): string | undefined {
    const chosen = currentSessionChoices()?.get(IDENTITY_CHOICE);
    const known = this.identities.length === 0 || this.identities.some((i) => i.id === chosen);
    if (chosen !== undefined && known) return chosen;
    return this.activeId;
  }

  /** The region switch in the shared store (a value that is not a region is ignored). */
  private chosenRegion(): Region | undefined {
    const chosen = currentSessionChoices()?.get(REGION_CHOICE);
    return chosen === 'na' || chosen === 'eu' || chosen === 'fe' ? chosen : undefined;
  }
}

/** Names of the switches in the shared store (`set_active_identity`, `set_region`). */
const IDENTITY_CHOICE = 'identity';
const REGION_CHOICE = 'region';

/** The server's session (one per server instance, never module state). */
export function createSession(config: Config, env: Record<string, string | undefined>): Session {
  return new Session(config, env);
}
