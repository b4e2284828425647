// Each hosted user's session choices (region, active profile …) beside their login in the auth store: every replica reads them, and they end with the login.
import type { SessionChoiceStore } from '@obmcp/mcp-server/hosted';
import type { KvStore } from './kv-store.js';

/**
 * One hash per subject (`session:<subject>`). Its lifetime is the login's: each use renews it for as long
 * as a refresh token lives, and the user's logout or last revoked grant deletes it with the credential.
 */
export class UserSessionChoices implements SessionChoiceStore {
  constructor(
    private readonly store: KvStore,
    private readonly ttlSeconds: number,
  ) {}

  load(subject: string): Promise<Record<string, string>> {
    return this.store.fields(`session:${subject}`, this.ttlSeconds);
  }

  save(subject: string, name: string, value: string | undefined): Promise<void> {
    return this.store.setField(`session:${subject}`, name, value, this.ttlSeconds);
  }

  delete(subject: string): Promise<void> {
    return this.store.del(`session:${subject}`);
  }
}
