// Every listing (default, all toolsets, all + writes) through the AI SDK, LangChain and mcp-use into the OpenAI,
// Anthropic and Gemini request builders: the rules each provider applies, what each converter loses, the
// server's large-listing warning, and docs/CLIENTS.md's tables, which are written from this run.
import { afterAll, describe, expect, it } from 'vitest';
import { type ListingResult, runListing } from '../src/listing-run.js';
import { LISTINGS } from '../src/listings.js';
import {
  documentedListingTables,
  renderListingTables,
  UPDATE_COMMAND,
  writeListingTables,
} from '../src/listings-doc.js';
import { describeViolations, TOOL_COUNT_LIMITS } from '../src/provider-rules.js';
import { hasFreeFormObject, requiredFreeFormCount } from '../src/schema-damage.js';

const results: ListingResult[] = [];
const SMALLEST_LIMIT = Math.min(...Object.values(TOOL_COUNT_LIMITS));

describe.each(LISTINGS.map((l) => [`${l.app} ${l.config}`, l] as const))('%s', (_, listing) => {
  let result: ListingResult;

  it('every client library sends every listed tool to every provider', async () => {
    result = await runListing(listing);
    results.push(result);
    expect(result.paths).toHaveLength(10);
    for (const p of result.paths) expect(p.sent, `${p.library} → ${p.api}`).toBe(result.published.size);
  });

  it('no tool breaks a documented per-tool rule of its provider (a count cap aside), but for one known client defect', () => {
    for (const p of result.paths) {
      // mcp-use rewrites the published nullable form (anyOf [X, null]) into a type array, which Gemini's
      // `parameters` refuses; docs/CLIENTS.md counts these tools and gives the workaround.
      const known = (v: { rule: string }) =>
        p.library === 'mcp-use' && p.api === 'google' && v.rule === 'Gemini: type must be one name';
      expect(describeViolations(p.tools.filter((v) => !known(v))), `${p.library} → ${p.api}`).toEqual([]);
    }
  });

  it('a reported rule (†) fails only for free-form objects, which Gemini parameters cannot state', () => {
    const freeForm = new Set([...result.published].filter(([, s]) => hasFreeFormObject(s)).map(([n]) => n));
    for (const p of result.paths) {
      const others = p.reported.filter((v) => !freeForm.has(v.tool));
      expect(describeViolations(others), `${p.library} → ${p.api} (reported rules)`).toEqual([]);
    }
  });

  it("the request-level rules are checked: a listing over a provider's cap is flagged on exactly those paths", () => {
    for (const p of result.paths) {
      const limit = TOOL_COUNT_LIMITS[p.api];
      const over = limit !== undefined && result.published.size > limit;
      expect(
        p.request.map((v) => v.rule),
        `${p.library} → ${p.api}`,
      ).toEqual(over ? [`${result.published.size} tools > ${limit}`] : []);
    }
  });

  it('the server warns once at start exactly when the listing is over the smallest cap', () => {
    const warnings = result.warnings.filter((line) => line.includes('tools/list has'));
    if (result.published.size > SMALLEST_LIMIT) {
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toContain('CODE_MODE=only');
      if (listing.app !== 'openbridge-mcp') expect(warnings[0]).toMatch(/(SP|ADS)_API_TOOLSETS/);
    } else expect(warnings).toEqual([]);
  });

  it('the AI SDK and @google/genai send the published schemas verbatim: nothing lost on any path', () => {
    for (const p of result.paths.filter(
      (path) => path.library === 'AI SDK' || path.library === '@google/genai',
    ))
      expect(
        { damaged: p.damaged, lost: p.lost },
        `${p.library} → ${p.api} ${p.lostExample ?? ''}`,
      ).toMatchObject({
        damaged: 0,
      });
  });

  it('LangChain loses no parameter or choice anywhere, and nothing at all in the default and Code Mode listings', () => {
    for (const p of result.paths.filter((path) => path.library === 'LangChain')) {
      const label = `${p.api} ${p.lostExample ?? ''}`;
      expect({ parameters: p.lost.parameters, choices: p.lost.choices }, label).toEqual({
        parameters: 0,
        choices: 0,
      });
      if (!listing.config.startsWith('all')) expect(p.damaged, label).toBe(0);
    }
  });

  it('no client narrows a free-form object into a closed one (mcp-use did, and refused every value); none loses a parameter', () => {
    // mcp-use writes a *required* free-form object as a closed empty one whatever we publish (its check still
    // accepts values): that many, and no more, for mcp-use (docs/CLIENTS.md).
    const requiredFreeForm = [...result.published.values()].reduce(
      (n: number, s) => n + requiredFreeFormCount(s),
      0,
    );
    for (const p of result.paths) {
      const label = `${p.library} → ${p.api} ${p.lostExample ?? ''}`;
      if (p.library === 'mcp-use') expect(p.lost.narrowed, label).toBeLessThanOrEqual(requiredFreeForm);
      else expect(p.lost.narrowed, label).toBe(0);
      expect(p.lost.parameters, label).toBe(0);
    }
  });
});

afterAll(() => {
  if (results.length !== LISTINGS.length) return;
  const block = renderListingTables(results);
  if (process.env.OBMCP_UPDATE_CLIENTS_DOC === '1') writeListingTables(block);
});

describe('docs/CLIENTS.md', () => {
  it(`states the tables of this run (drift: run ${UPDATE_COMMAND})`, () => {
    if (results.length !== LISTINGS.length) return; // a filtered run: nothing to compare
    if (process.env.OBMCP_UPDATE_CLIENTS_DOC === '1') return;
    expect(documentedListingTables(), `docs/CLIENTS.md is out of date: run ${UPDATE_COMMAND}`).toBe(
      renderListingTables(results),
    );
  });
});
