// The docs/CLIENTS.md tables written from a run of every listing, and the check that the doc matches the run.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from '@obmcp/test-kit';
import type { ListingResult, PathResult } from './listing-run.js';
import { LOSS_KINDS, type LossKind } from './schema-damage.js';

export const LISTINGS_DOC = join(REPO_ROOT, 'docs', 'CLIENTS.md');
const BEGIN = '<!-- listings:begin (written by `pnpm --filter @obmcp/clients-tests run doc:listings`) -->';
const END = '<!-- listings:end -->';
export const UPDATE_COMMAND = 'pnpm --filter @obmcp/clients-tests run doc:listings';

const PROVIDER: Record<string, string> = {
  'openai-responses': 'OpenAI',
  'openai-chat': 'OpenAI',
  anthropic: 'Anthropic',
  google: 'Gemini',
};

const headings = (results: readonly ListingResult[]) => [
  'server / listing (tools)',
  ...(results[0]?.paths ?? []).map((p) => `${p.library} → ${PROVIDER[p.api]}`),
];

/** A markdown table with padded columns, as the repo's formatter (biome) writes it. */
function markdownTable(rows: readonly (readonly string[])[]): string[] {
  const widths = (rows[0] ?? []).map((_, i) => Math.max(3, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: readonly string[]) =>
    `| ${cells.map((c, i) => c.padEnd(widths[i] ?? 3)).join(' | ')} |`;
  const [head, ...body] = rows;
  return [line(head ?? []), line(widths.map((w) => '-'.repeat(w))), ...body.map(line)];
}

const rowLabel = (r: ListingResult) => `${r.listing.app} ${r.listing.config} (${r.published.size})`;

/** ✓ accepted; ✗ with the first reason the whole request fails; † only a reported (undocumented) rule. */
function verdict(p: PathResult): string {
  if (p.sent !== p.listed) return `✗ ${p.listed - p.sent} tools not sent`;
  const cap = p.request[0];
  if (cap) return `✗ ${cap.rule}`;
  if (p.tools.length > 0) return `✗ ${new Set(p.tools.map((v) => v.tool)).size} tools`;
  if (p.reported.length > 0) return `† ${new Set(p.reported.map((v) => v.tool)).size} tools`;
  return '✓';
}

/** How each kind of loss is written in the table. */
const LOSS_LABEL: Record<LossKind, string> = {
  parameters: 'params',
  choices: 'choices',
  enums: 'enums',
  bounds: 'bounds',
  types: 'types',
  nullable: 'null',
  patterns: 'patterns',
  formats: 'formats',
  required: 'required',
  closed: 'closed',
  narrowed: 'narrowed',
};

function losses(p: PathResult): string {
  const parts = LOSS_KINDS.filter((k) => p.lost[k] > 0).map((k) => `${LOSS_LABEL[k]} −${p.lost[k]}`);
  return parts.length === 0 ? '—' : parts.join(', ');
}

export function renderListingTables(results: readonly ListingResult[]): string {
  const table = (cell: (p: PathResult) => string) =>
    markdownTable([headings(results), ...results.map((r) => [rowLabel(r), ...r.paths.map(cell)])]);
  return [
    BEGIN,
    '',
    '**Does the provider accept the request?** (✓ every documented rule holds; ✗ the whole request fails, with the',
    'first reason; † only a reported, undocumented rule fails)',
    '',
    ...table(verdict),
    '',
    '**What the client library loses on the way** (published `inputSchema` → wire schema, summed over the tools: property',
    'paths, "exactly/at least one of" choices, `enum` lists (a description naming the values does not count), numeric,',
    'length and item bounds, `type` names, nullability, `pattern`s, `format`s, `required` names, closed objects',
    '(`additionalProperties: false`; not counted where Gemini `parameters` cannot say it) and free-form objects',
    'narrowed to closed ones; — nothing)',
    '',
    ...table(losses),
    '',
    END,
  ].join('\n');
}

/** The block as the doc has it now (undefined when the markers are missing). */
export function documentedListingTables(): string | undefined {
  const doc = readFileSync(LISTINGS_DOC, 'utf8');
  const start = doc.indexOf(BEGIN);
  const end = doc.indexOf(END);
  return start < 0 || end < 0 ? undefined : doc.slice(start, end + END.length);
}

export function writeListingTables(block: string): void {
  const doc = readFileSync(LISTINGS_DOC, 'utf8');
  const start = doc.indexOf(BEGIN);
  const end = doc.indexOf(END);
  if (start < 0 || end < 0) throw new Error(`docs/CLIENTS.md has no ${BEGIN} … ${END} block`);
  writeFileSync(LISTINGS_DOC, doc.slice(0, start) + block + doc.slice(end + END.length));
}
