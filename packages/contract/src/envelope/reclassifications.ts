// legacy_error_kind migration window: reclassifications announced in a release carry the old kind for one release.
import type { ErrorKind } from '../taxonomy.js';

export interface Reclassification {
  /** error_code the move applies to ('*' for every code of the old kind). */
  code: string;
  from: string;
  to: ErrorKind;
  /** Release (semver) that introduced the move; envelopes carry legacy_error_kind in that release only. */
  introducedIn: string;
}

/** Moves in force. The release check fails when an entry is older than the current release. */
export const RECLASSIFICATIONS: readonly Reclassification[] = [];

let table: readonly Reclassification[] = RECLASSIFICATIONS;

/** For tests of the mechanism: swap the table, get a restore function back. */
export function useReclassifications(next: readonly Reclassification[]): () => void {
  const previous = table;
  table = next;
  return () => {
    table = previous;
  };
}

export function legacyKindFor(kind: string, code: string): string | undefined {
  const hit = table.find((r) => r.to === kind && (r.code === '*' || r.code === code));
  return hit?.from;
}

/** Entries that outlived their window: anything not introduced in the release being cut. */
export function staleReclassifications(releaseVersion: string): Reclassification[] {
  return table.filter((r) => r.introducedIn !== releaseVersion);
}
