// The views a server serves, as a host reads them: every listed field, the HTML once built, and each refusal's words.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { defineViews } from '../src/views/define-views.js';
import { clientRendersViews, VIEW_MIME_TYPE, VIEW_RESOURCE_META } from '../src/views/ui-extension.js';
import { createViewRegistry } from '../src/views/view-registry.js';
import type { ViewDefinition } from '../src/views/view-types.js';

const dir = mkdtempSync(join(tmpdir(), 'obmcp-view-rules-'));
const view = (name: string, tools: string[] = []): ViewDefinition => ({
  uri: `ui://demo/${name}`,
  name,
  title: `Title of ${name}`,
  description: `About ${name}.`,
  tools,
  file: pathToFileURL(join(dir, `${name}.html`)),
});

describe('the view registry', () => {
  it('lists each view with its own name, title and description', () => {
    const registry = createViewRegistry('demo', [view('sales', ['get_sales']), view('stock')]);
    expect(registry.size).toBe(2);
    expect(registry.list()).toEqual([
      {
        uri: 'ui://demo/sales',
        name: 'sales',
        title: 'Title of sales',
        description: 'About sales.',
        mimeType: VIEW_MIME_TYPE,
        _meta: VIEW_RESOURCE_META,
      },
      {
        uri: 'ui://demo/stock',
        name: 'stock',
        title: 'Title of stock',
        description: 'About stock.',
        mimeType: VIEW_MIME_TYPE,
        _meta: VIEW_RESOURCE_META,
      },
    ]);
    expect(createViewRegistry('demo', []).size).toBe(0);
  });

  it('reads the HTML with the view meta; a file built after a failed read is served then', async () => {
    const registry = createViewRegistry('demo', [view('late')]);
    await expect(registry.read('ui://demo/late')).rejects.toMatchObject({
      code: -32603,
      message: expect.stringContaining('view ui://demo/late is not built (its HTML file is missing)'),
    });
    writeFileSync(join(dir, 'late.html'), '<p>built</p>');
    expect(await registry.read('ui://demo/late')).toEqual({
      contents: [
        { uri: 'ui://demo/late', mimeType: VIEW_MIME_TYPE, text: '<p>built</p>', _meta: VIEW_RESOURCE_META },
      ],
    });
    // Once read, the HTML is kept: a rebuilt file is served after a restart, not mid-run.
    writeFileSync(join(dir, 'late.html'), '<p>rebuilt</p>');
    expect((await registry.read('ui://demo/late')).contents[0]).toMatchObject({ text: '<p>built</p>' });
  });

  it('an unknown uri is resource-not-found naming it', async () => {
    const registry = createViewRegistry('demo', [view('sales')]);
    await expect(registry.read('ui://demo/nope')).rejects.toMatchObject({
      code: -32602,
      message: expect.stringContaining('Resource not found: ui://demo/nope'),
      data: { uri: 'ui://demo/nope' },
    });
  });

  it("links a tool to its view, both the spec's key and the flat key older hosts read; other tools get nothing", () => {
    const registry = createViewRegistry('demo', [view('sales', ['get_sales', 'get_orders'])]);
    expect(registry.toolMeta('get_orders')).toEqual({
      ui: { resourceUri: 'ui://demo/sales' },
      'ui/resourceUri': 'ui://demo/sales',
    });
    expect(registry.toolMeta('get_stock')).toBeUndefined();
  });

  it('refuses what would confuse a host, naming it', () => {
    expect(() => createViewRegistry('demo', [{ ...view('x'), uri: 'ui://demox/x' }])).toThrow(
      'view ui://demox/x: not under ui://demo/',
    );
    expect(() => createViewRegistry('demo', [view('x'), view('x')])).toThrow('duplicate view ui://demo/x');
    expect(() => createViewRegistry('demo', [view('x', ['t']), view('y', ['t'])])).toThrow(
      'tool t is bound to two views',
    );
  });
});

describe('defineViews', () => {
  it("keeps each spec's title, description and tools; names must be a-z0-9- and start with a letter", () => {
    expect(
      defineViews('file:///pkg/src/ui-views.ts', 'demo', [
        { view: 'a1-b', title: 'T', description: 'D', tools: ['x', 'y'] },
      ]),
    ).toEqual([
      {
        uri: 'ui://demo/a1-b',
        name: 'a1-b',
        title: 'T',
        description: 'D',
        tools: ['x', 'y'],
        file: new URL('file:///pkg/dist/views/a1-b.html'),
      },
    ]);
    for (const bad of ['1a', 'A', 'a_b', '', `a${'b'.repeat(63)}`])
      expect(() =>
        defineViews('file:///pkg/src/x.ts', 'demo', [{ view: bad, title: '', description: '', tools: [] }]),
      ).toThrow(`view name ${JSON.stringify(bad)} is not a-z0-9-`);
    expect(
      defineViews('file:///pkg/src/x.ts', 'demo', [
        { view: `a${'b'.repeat(62)}`, title: '', description: '', tools: [] },
      ]),
    ).toHaveLength(1);
  });
});

describe('clientRendersViews', () => {
  it('only a client that lists the MCP Apps HTML type renders views', () => {
    expect(clientRendersViews(undefined)).toBe(false);
    expect(clientRendersViews({})).toBe(false);
    expect(clientRendersViews({ extensions: { 'io.modelcontextprotocol/ui': {} } })).toBe(false);
    expect(
      clientRendersViews({ extensions: { 'io.modelcontextprotocol/ui': { mimeTypes: ['text/html'] } } }),
    ).toBe(false);
    expect(
      clientRendersViews({ extensions: { 'io.modelcontextprotocol/ui': { mimeTypes: [VIEW_MIME_TYPE] } } }),
    ).toBe(true);
  });
});
