// Upstream text is shown as text in every view: a tool result whose strings carry markup creates no element, runs
// no handler, and the markup reads back verbatim. Real servers under the mocks, real Chromium.
import type { CallToolResult } from '@modelcontextprotocol/client';
import { describe, expect, test } from 'vitest';
import { CASES } from '../src/cases.js';
import { settled } from '../src/settle.js';
import { useViewHosts } from '../src/view-hosts.js';

/** What a hostile campaign name, SKU or table cell could hold. */
const MARKUP = '<img class="xss" src="x" onerror="window.__xss=1"><b class="xss">bold</b>';

const { front } = useViewHosts();

/** True for a string a view reads as a number, a date, a code or a state (left alone so the view still renders). */
const structural = (value: string) =>
  /^-?[\d.,]+$/.test(value) ||
  /^\d{4}-\d{2}-\d{2}/.test(value) ||
  /^[A-Z0-9_]+$/.test(value) ||
  value.length === 0;
/** Ids are text whatever they look like (a campaign id is digits): always poisoned. */
const isId = (key: string) => /(^id$|Id$|_id$)/.test(key);

/** The result with markup appended to every free-text string and every id (names, labels, SQL, messages). */
function poisoned(value: unknown, key = ''): unknown {
  if (typeof value === 'string') return structural(value) && !isId(key) ? value : `${value}${MARKUP}`;
  if (Array.isArray(value)) return value.map((v) => poisoned(v, key));
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, poisoned(v, k)]));
  return value;
}

describe('markup in tool results is text', () => {
  test.each(CASES)('$id: no element from upstream text, the markup shown as written', async (c) => {
    const host = await front(c.app);
    const clean = await host.mount({ id: `clean-${c.id}`, tool: c.tool, arguments: c.arguments });
    const result = {
      ...clean.result,
      structuredContent: poisoned(clean.result.structuredContent) as Record<string, unknown>,
    } as CallToolResult;
    const id = `markup-${c.id}`;
    await host.mount({ id, tool: c.tool, arguments: c.arguments, result });
    const frame = host.frame(id);
    await settled(host, frame, 'ready');
    expect(await frame.locator('.xss').count()).toBe(0);
    expect(await frame.locator('img').count()).toBe(0);
    expect(
      await frame.locator('body').evaluate(() => (globalThis as { __xss?: number }).__xss),
    ).toBeUndefined();
    expect(await frame.locator('body').textContent()).toContain(MARKUP);
  });
});
