// suggest(): the one ranking behind did_you_mean, case_mismatch and enum_suggest hints.
import { spellingDistance, threshold } from './distance.js';

export interface Suggestion {
  value: string;
  distance: number;
  /** True when only case or separators differ (the case_mismatch category). */
  caseOnly: boolean;
}

export function suggest(input: string, candidates: readonly string[], max = 3): Suggestion[] {
  // (an empty input matches nothing: every candidate is at least its length away, never under the limit of 1)
  if (input.length > 200) return [];
  const limit = threshold(input);
  const ranked: Suggestion[] = [];
  for (const candidate of new Set(candidates)) {
    if (candidate === input) continue;
    const distance = spellingDistance(input, candidate);
    if (distance < limit) ranked.push({ value: candidate, distance, caseOnly: distance <= 0.2 });
  }
  ranked.sort((a, b) => a.distance - b.distance || a.value.localeCompare(b.value));
  return ranked.slice(0, max);
}

/** Looks a value up in an alias table after folding (usa → na). */
export function lookupAlias(
  value: string,
  aliases: Readonly<Record<string, string>> | undefined,
): string | undefined {
  if (!aliases) return undefined;
  const folded = value.toLowerCase().replace(/[^a-z0-9]/g, '');
  return aliases[folded] ?? aliases[value];
}
