// Per-server session state: the active identity and region (explicit object, not module state).
import type { Region, SpConfig } from '../config.js';
import { type Identity, loadIdentities } from './identities.js';

export class Session {
  private identities: Identity[];
  private activeId: string | undefined;
  private regionOverride: Region | undefined;
  sandbox: boolean;

  constructor(
    private readonly config: SpConfig,
    private readonly env: Record<string, string | undefined>,
  ) {
    this.identities = loadIdentities(config, env);
    const wanted = config.activeIdentity;
    this.activeId = wanted && this.identities.some((i) => i.id === wanted) ? wanted : this.identities[0]?.id;
    this.sandbox = config.sandbox;
  }

  /** Re-reads the configured identities; on failure keeps the cached list (best effort). */
  refresh(): Identity[] {
    try {
      this.identities = loadIdentities(this.config, this.env);
    } catch {
      // keep the last good list
    }
    return this.identities;
  }

  list(): readonly Identity[] {
    return this.identities;
  }

  get activeIdentityId(): string | undefined {
    return this.activeId;
  }

  active(): Identity {
    const found = this.identities.find((i) => i.id === this.activeId);
    if (found) return found;
    // Fall-through identity (set when the list was empty): default credentials, configured region.
    return {
      id: this.activeId ?? 'default',
      name: this.activeId ?? 'default',
      sellerId: this.config.sellerId,
      region: this.config.region,
      refreshToken: this.config.refreshToken,
      marketplaceIds: [],
    };
  }

  setActive(id: string): void {
    this.activeId = id;
    this.regionOverride = undefined;
  }

  get region(): Region {
    return this.regionOverride ?? this.active().region;
  }

  setRegion(region: Region): void {
    this.regionOverride = region;
  }
}
