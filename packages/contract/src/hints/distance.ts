// Edit distance with TypeScript's getSpellingSuggestion rule: case-only differences cost 0.1.
function levenshtein(a: string, b: string, ceiling: number): number {
  if (Math.abs(a.length - b.length) > ceiling) return ceiling + 1;
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const x = a.charAt(i - 1);
      const y = b.charAt(j - 1);
      const substitution = x === y ? 0 : x.toLowerCase() === y.toLowerCase() ? 0.1 : 1;
      const value = Math.min(
        (previous[j] ?? 0) + 1,
        (current[j - 1] ?? 0) + 1,
        (previous[j - 1] ?? 0) + substitution,
      );
      current.push(value);
      rowMin = Math.min(rowMin, value);
    }
    if (rowMin > ceiling) return ceiling + 1;
    previous = current;
  }
  // always set: every row has b.length + 1 cells
  return previous[b.length] ?? 0;
}

/** Plain edit distance (case-only substitutions cost 0.1), with no early cut-off. */
export function editDistance(a: string, b: string): number {
  return levenshtein(a, b, Math.max(a.length, b.length));
}

/** Lowercase, alphanumerics only: `Marketplace_IDs` and `marketplaceIds` compare equal. */
export function foldKey(value: string): string {
  return value.toLowerCase().replace(/[^a-z0-9]/g, '');
}

/**
 * Distance between what was sent and a candidate. Folded-equal keys (case, `_`, `-`) cost 0.2,
 * otherwise the case-aware edit distance. Documented threshold: accepted when < 0.4 × length.
 */
export function spellingDistance(input: string, candidate: string): number {
  if (input === candidate) return 0;
  if (foldKey(input) === foldKey(candidate) && foldKey(input) !== '') return 0.2;
  const ceiling = Math.max(1, Math.floor(Math.max(input.length, candidate.length) * 0.4));
  return levenshtein(input, candidate, ceiling);
}

export function threshold(input: string): number {
  return Math.max(1, input.length * 0.4);
}
