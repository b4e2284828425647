// Which client ids, secrets and refresh tokens the mock LWA accepts: obviously-fake dummy values only.

/** Prefixes that mark a credential as a mock value (`mock-…`, or LWA-looking `Atzr|mock-…`). */
export const DUMMY_PREFIXES = ['mock-', 'Atzr|mock-', 'amzn1.application-oa2-client.mock'] as const;

const extraAccepted = new Set<string>();

/** Accept one more exact value (an app's dummyEnv that does not use a dummy prefix). */
export function acceptCredential(value: string): void {
  extraAccepted.add(value);
}

export function isDummyCredential(value: string | null | undefined): boolean {
  if (typeof value !== 'string' || value.length === 0) return false;
  if (extraAccepted.has(value)) return true;
  return DUMMY_PREFIXES.some((prefix) => value.startsWith(prefix));
}
