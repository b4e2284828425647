// Fuzzy product matching on name and worker_name (reference parity): substring first, then per-word similarity.
import { similarity } from './table-resolver.js';

type Obj = Record<string, unknown>;

/** Words of a name: lowercase runs of letters/digits ("amzadv-sp-reports" → amzadv, sp, reports). */
const words = (text: string) => text.toLowerCase().match(/[a-z0-9]+/g) ?? [];

/** A query word counts as matched at this similarity to some word of the field (one typo in 4–5 letters). */
const WORD_MATCH = 0.75;

/** 1 for a substring hit; otherwise the mean best word similarity when every query word matches; else 0. */
export function scoreText(query: string, text: string): number {
  const q = query.trim().toLowerCase();
  if (q === '' || text === '') return 0;
  if (text.toLowerCase().includes(q)) return 1;
  const fieldWords = words(text);
  const queryWords = words(q);
  if (queryWords.length === 0 || fieldWords.length === 0) return 0;
  let total = 0;
  for (const qw of queryWords) {
    const best = Math.max(...fieldWords.map((fw) => (fw.startsWith(qw) ? 1 : similarity(qw, fw))));
    if (best < WORD_MATCH) return 0;
    total += best;
  }
  return Math.round((total / queryWords.length) * 0.95 * 1000) / 1000;
}

export interface ScoredProduct {
  product: Obj;
  score: number;
  matched_on: 'name' | 'worker_name';
}

/** Products matching the query on name or worker_name, best first (ties by name). */
export function rankProducts(query: string, products: readonly Obj[]): ScoredProduct[] {
  const scored: ScoredProduct[] = [];
  for (const product of products) {
    const byName = scoreText(query, String(product.name ?? ''));
    const byWorker = scoreText(query, String(product.worker_name ?? ''));
    const score = Math.max(byName, byWorker);
    if (score > 0) scored.push({ product, score, matched_on: byName >= byWorker ? 'name' : 'worker_name' });
  }
  scored.sort((a, b) => b.score - a.score || String(a.product.name).localeCompare(String(b.product.name)));
  return scored;
}
