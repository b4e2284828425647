// @vitest-environment happy-dom
// A view in its host: what the user sees for each result (data, failure, text, a broken build), and what each control
// asks the host to do (call again, next page, drill down, full screen, download, links), told to the conversation.
import type { CallToolResult } from '@modelcontextprotocol/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatNumber, setLocale, setTimeZone } from '../src/shared/format.js';
import { applyHostContext } from '../src/shared/host-context.js';
import type { JsonObject } from '../src/shared/json.js';
import { type ViewProgram, startView } from '../src/shared/run-view.js';
import type { CallInput, ViewModel } from '../src/shared/view-model.js';

type Msg = Record<string, unknown> & {
  id?: number | string;
  method?: string;
  params?: Record<string, unknown>;
};

let sent: Msg[];
let parent: { postMessage: (m: Msg) => void };
const realParent = Object.getOwnPropertyDescriptor(window, 'parent');

beforeEach(() => {
  sent = [];
  parent = { postMessage: (m) => sent.push(m) };
  Object.defineProperty(window, 'parent', { value: parent, configurable: true });
  vi.stubGlobal('requestAnimationFrame', () => 0);
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
    },
  );
  document.body.innerHTML = '<main id="app"></main><p id="announce"></p>';
  applyHostContext({
    displayMode: 'inline',
    availableDisplayModes: ['inline'],
    theme: 'light',
    locale: 'en-US',
    toolInfo: undefined,
  });
  setLocale('en-US');
});

afterEach(() => {
  vi.unstubAllGlobals();
  if (realParent) Object.defineProperty(window, 'parent', realParent);
  document.body.replaceChildren();
  delete document.body.dataset.state;
  setLocale(undefined);
  setTimeZone(undefined);
});

const flush = async () => {
  for (let i = 0; i < 5; i++) await new Promise((resolve) => setTimeout(resolve, 0));
};
function deliver(data: Msg): void {
  window.dispatchEvent(
    new MessageEvent('message', { data: { jsonrpc: '2.0', ...data }, source: parent as never }),
  );
}
const requests = (method: string) => sent.filter((m) => m.method === method);
const lastRequest = (method: string) => requests(method).at(-1) as Msg;
async function answer(request: Msg, result: unknown): Promise<void> {
  deliver({ id: request.id, result });
  await flush();
}
async function fail(request: Msg, message: string): Promise<void> {
  deliver({ id: request.id, error: { code: -32000, message } });
  await flush();
}
const app = () => document.getElementById('app') as HTMLElement;
const announced = () => document.getElementById('announce')?.textContent;
const state = () => document.body.dataset.state;
const text = (sel: string) => app().querySelector(sel)?.textContent;
const data = (structuredContent: JsonObject): CallToolResult => ({ content: [], structuredContent });
const envelope = (e: JsonObject): CallToolResult => ({
  isError: true,
  content: [{ type: 'text', text: JSON.stringify(e) }],
});

/** A small view: one row per item, an optional next call and drill-down; its build sees the call's input. */
function program(over: Partial<ViewProgram> = {}): ViewProgram & { inputs: CallInput[] } {
  const inputs: CallInput[] = [];
  return {
    name: 'orders',
    title: 'Orders view',
    defaultTool: 'get_orders',
    inputs,
    build(d: JsonObject, input: CallInput): ViewModel {
      inputs.push(structuredClone(input));
      const items = Array.isArray(d.items) ? (d.items as Array<Record<string, string | number>>) : [];
      return {
        title: 'Orders',
        facts: [
          ['Total', formatNumber(1234.5)],
          ['Report id', '123e4567-e89b-12d3-a456-426614174000'],
        ],
        columns: [{ key: 'id', label: 'Order', kind: 'text' }],
        rows: items.map((i) => ({ id: String(i.id) })),
        emptyText: 'No orders.',
        ...(typeof d.next === 'string'
          ? {
              next: {
                label: 'Next page',
                arguments: { token: d.next },
                ...(d.keep ? { keepInput: true } : {}),
                ...(d.tool ? { tool: String(d.tool) } : {}),
              },
            }
          : {}),
        ...(d.drill
          ? {
              drill: {
                label: 'Items',
                tool: 'get_order_items',
                ...(typeof d.drill === 'string' ? { rowsKey: d.drill } : {}),
                arguments: (row) => (row.id === 'none' ? undefined : { orderId: row.id }),
              },
            }
          : {}),
        ...(d.reference ? { reference: { label: 'Report id', value: String(d.reference) } } : {}),
      };
    },
    ...over,
  };
}

/** The view started and connected: the host answered ui/initialize with these capabilities and context. */
async function started(
  p: ViewProgram,
  hostCapabilities: JsonObject = {},
  hostContext: JsonObject = {},
): Promise<void> {
  startView(p);
  await answer(lastRequest('ui/initialize'), { hostCapabilities, hostContext });
}
async function result(r: CallToolResult): Promise<void> {
  deliver({ method: 'ui/notifications/tool-result', params: r as unknown as Record<string, unknown> });
  await flush();
}

describe('before and around a result', () => {
  it('waits with the view title; introduces itself to the host by its name', async () => {
    startView(program());
    expect(state()).toBe('waiting');
    expect(text('h1')).toBe('Orders view');
    expect(text('p.waiting')).toBe('Waiting for the tool result…');
    expect(lastRequest('ui/initialize').params).toMatchObject({
      appInfo: { name: 'obmcp-orders', version: '1.0.0' },
      appCapabilities: { availableDisplayModes: ['inline', 'fullscreen'] },
    });
  });

  it('a cancelled call says so', async () => {
    await started(program());
    deliver({ method: 'ui/notifications/tool-cancelled', params: {} });
    await flush();
    expect(state()).toBe('empty');
    expect(text('[data-role=empty]')).toBe('The tool call was cancelled.');
    expect(announced()).toBe('The tool call was cancelled.');
  });

  it('the host context is applied when connected (locale, display mode)', async () => {
    await started(program(), {}, { locale: 'de-DE' });
    expect(document.documentElement.lang).toBe('de-DE');
  });
});

describe('a data result', () => {
  it('title, facts (a generated id marked), rows, the row count said once, the conversation told', async () => {
    await started(program(), { updateModelContext: {} }, { toolInfo: { tool: { name: 'search_orders' } } });
    deliver({ method: 'ui/notifications/tool-input', params: { arguments: { status: 'Shipped' } } });
    await result(data({ items: [{ id: 'A' }, { id: 'B' }] }));
    expect(state()).toBe('ready');
    expect(text('h1')).toBe('Orders');
    expect([...app().querySelectorAll('.facts dt')].map((e) => e.textContent)).toEqual([
      'Total',
      'Report id',
    ]);
    const dds = [...app().querySelectorAll('.facts dd')];
    expect(dds.map((e) => [e.textContent, e.hasAttribute('data-generated-id')])).toEqual([
      ['1,234.5', false],
      ['123e4567-e89b-12d3-a456-426614174000', true],
    ]);
    expect([...app().querySelectorAll('tbody tr')].map((tr) => tr.textContent)).toEqual(['A', 'B']);
    expect(announced()).toBe('Orders: 2 rows.');
    const told = lastRequest('ui/update-model-context').params as { structuredContent: JsonObject };
    expect(told.structuredContent).toMatchObject({
      view: 'orders',
      state: 'ready',
      tool: 'search_orders',
      arguments: { status: 'Shipped' },
      table: { page: 1, pages: 1, visibleRows: 2, totalRows: 2 },
    });
    expect(requests('ui/update-model-context')).toHaveLength(1);
    expect(app().querySelector('[data-role=display-mode]')).toBeNull();
    expect(app().querySelector('[data-role=next-call]')).toBeNull();
    expect(app().querySelector('[data-role=reference]')).toBeNull();
  });

  it('one row is "1 row"; a host without model context is not told', async () => {
    await started(program());
    await result(data({ items: [{ id: 'A' }] }));
    expect(announced()).toBe('Orders: 1 row.');
    expect(requests('ui/update-model-context')).toEqual([]);
  });

  it('filtering the table tells the conversation what is visible now', async () => {
    await started(program(), { updateModelContext: {} });
    await result(data({ items: [{ id: 'A' }, { id: 'B' }] }));
    const filter = app().querySelector('input.filter') as HTMLInputElement;
    filter.value = 'B';
    filter.dispatchEvent(new Event('input'));
    expect(requests('ui/update-model-context')).toHaveLength(2);
    expect(
      (lastRequest('ui/update-model-context').params as { structuredContent: JsonObject }).structuredContent,
    ).toMatchObject({
      table: { filter: 'B', visibleRows: 1, totalRows: 2 },
    });
  });

  it('no rows: the empty text, said', async () => {
    await started(program());
    await result(data({ items: [] }));
    expect(state()).toBe('empty');
    expect(text('[data-role=empty]')).toBe('No orders.');
    expect(app().querySelector('table')).toBeNull();
    expect(announced()).toBe('Orders: No orders.');
  });

  it('the upstream id small under the view, marked when it is generated', async () => {
    await started(program());
    await result(data({ items: [], reference: 'b1f3c2d4-0000-4000-8000-00000000abcd' }));
    expect(text('[data-role=reference]')).toBe('Report id: b1f3c2d4-0000-4000-8000-00000000abcd');
    expect(app().querySelector('[data-role=reference] code')?.hasAttribute('data-generated-id')).toBe(true);
    await result(data({ items: [], reference: 'report-42' }));
    expect(app().querySelector('[data-role=reference] code')?.hasAttribute('data-generated-id')).toBe(false);
    await result(data({ items: [], reference: 'xb1f3c2d4-0000-4000-8000-00000000abcd' }));
    expect(app().querySelector('[data-role=reference] code')?.hasAttribute('data-generated-id')).toBe(false);
  });

  it('a plain-text answer is shown as text', async () => {
    await started(program());
    await result({ content: [{ type: 'text', text: 'Report queued <b>now</b>' }] });
    expect(state()).toBe('text');
    expect(text('pre.text-result')).toBe('Report queued <b>now</b>');
    expect(app().querySelector('b')).toBeNull();
    expect(announced()).toBe('Orders view: the tool answered in text.');
  });

  it('a result the view cannot draw says so instead of a blank frame', async () => {
    await started(
      program({
        build: () => {
          throw new Error('boom');
        },
      }),
    );
    await result(data({ items: [] }));
    expect(state()).toBe('error');
    expect(text('h1')).toBe('Orders view');
    expect(text('[data-role=summary]')).toBe(
      'This view could not draw the result (Error: boom); the agent still has the data.',
    );
    expect(text('code')).toBe('VIEW_RENDER_FAILED');
    expect(app().querySelector('[data-role=retry]')).toBeNull();
  });
});

describe('a failed call', () => {
  it('the envelope under the view title, said; a retryable one calls the same tool again', async () => {
    await started(program(), { updateModelContext: {} }, { toolInfo: { tool: { name: 'search_orders' } } });
    deliver({ method: 'ui/notifications/tool-input', params: { arguments: { page: 2 } } });
    await result(envelope({ summary: 'Throttled', error_code: 'RATE_LIMITED', retryable: true }));
    expect(state()).toBe('envelope');
    expect(text('h1')).toBe('Orders view');
    expect(text('[data-role=summary]')).toBe('Throttled');
    expect(announced()).toBe('Orders view: the call failed. Throttled');
    expect(
      (lastRequest('ui/update-model-context').params as { structuredContent: JsonObject }).structuredContent,
    ).toMatchObject({
      state: 'envelope',
    });
    (app().querySelector('[data-role=retry]') as HTMLButtonElement).click();
    expect(state()).toBe('loading');
    expect(announced()).toBe('Loading…');
    expect(app().getAttribute('aria-busy')).toBe('true');
    const call = lastRequest('tools/call');
    expect(call.params).toEqual({ name: 'search_orders', arguments: { page: 2 } });
    await answer(call, data({ items: [{ id: 'A' }] }));
    expect(state()).toBe('ready');
    expect(app().hasAttribute('aria-busy')).toBe(false);
  });

  it('a failure that will fail again offers no retry', async () => {
    await started(program());
    await result(envelope({ summary: 'Bad id', error_code: 'NOT_FOUND', retryable: false }));
    expect(app().querySelector('[data-role=retry]')).toBeNull();
  });

  it('a host that cannot call the tool: a retryable failure that says why', async () => {
    await started(program());
    await result(data({ items: [{ id: 'A' }], next: 't2' }));
    (app().querySelector('[data-role=next-call]') as HTMLButtonElement).click();
    await fail(lastRequest('tools/call'), 'no connection');
    expect(state()).toBe('envelope');
    expect(text('[data-role=summary]')).toBe(
      'The host could not call the tool: Error: no connection (-32000)',
    );
    expect(text('code')).toBe('HOST_CALL_FAILED');
    expect(app().hasAttribute('aria-busy')).toBe(false);
    // Try again repeats the call that failed.
    (app().querySelector('[data-role=retry]') as HTMLButtonElement).click();
    expect(lastRequest('tools/call').params).toEqual({ name: 'get_orders', arguments: { token: 't2' } });
  });
});

describe('calls the view makes', () => {
  it('the next page: the default tool when the host names none; its arguments become the input', async () => {
    const p = program();
    await started(p);
    deliver({ method: 'ui/notifications/tool-input', params: { arguments: { status: 'Shipped' } } });
    await result(data({ items: [{ id: 'A' }], next: 'tok' }));
    const next = app().querySelector('[data-role=next-call]') as HTMLButtonElement;
    expect(next.textContent).toBe('Next page');
    next.click();
    expect(lastRequest('tools/call').params).toEqual({ name: 'get_orders', arguments: { token: 'tok' } });
    await answer(lastRequest('tools/call'), data({ items: [{ id: 'B' }] }));
    expect(p.inputs.at(-1)).toEqual({ tool: undefined, arguments: { token: 'tok' } });
    expect(text('tbody')).toBe('B');
  });

  it('a next call to another tool makes it the input tool; keepInput keeps the original call', async () => {
    const p = program();
    await started(p, {}, { toolInfo: { tool: { name: 'get_orders' } } });
    deliver({ method: 'ui/notifications/tool-input', params: { arguments: { start: '2026-01-01' } } });
    await result(data({ items: [{ id: 'A' }], next: 'r1', tool: 'download_report', keep: true }));
    (app().querySelector('[data-role=next-call]') as HTMLButtonElement).click();
    expect(lastRequest('tools/call').params).toEqual({ name: 'download_report', arguments: { token: 'r1' } });
    await answer(
      lastRequest('tools/call'),
      data({ items: [{ id: 'B' }], next: 'r2', tool: 'search_orders' }),
    );
    expect(p.inputs.at(-1)).toEqual({ tool: 'get_orders', arguments: { start: '2026-01-01' } });
    (app().querySelector('[data-role=next-call]') as HTMLButtonElement).click();
    await answer(lastRequest('tools/call'), data({ items: [{ id: 'C' }] }));
    expect(p.inputs.at(-1)).toEqual({ tool: 'search_orders', arguments: { token: 'r2' } });
  });

  it('keepInput without a tool calls the default tool, not the input tool', async () => {
    const p = program();
    await started(p, {}, { toolInfo: { tool: { name: 'run_report' } } });
    await result(data({ items: [{ id: 'A' }], next: 'r1', keep: true }));
    (app().querySelector('[data-role=next-call]') as HTMLButtonElement).click();
    expect(lastRequest('tools/call').params).toMatchObject({ name: 'run_report' });
  });

  it("the program's controls re-run the tool with their arguments", async () => {
    const p = program({
      controls: (input, run) => {
        const b = document.createElement('button');
        b.dataset.role = 'run';
        b.textContent = `Run ${String(input.arguments.status)}`;
        b.addEventListener('click', () => run({ ...input.arguments, status: 'Pending' }));
        return b;
      },
    });
    await started(p, {}, { toolInfo: { tool: { name: 'search_orders' } } });
    deliver({ method: 'ui/notifications/tool-input', params: { arguments: { status: 'Shipped' } } });
    await result(data({ items: [] }));
    expect(text('[data-role=run]')).toBe('Run Shipped');
    (app().querySelector('[data-role=run]') as HTMLButtonElement).click();
    expect(lastRequest('tools/call').params).toEqual({
      name: 'search_orders',
      arguments: { status: 'Pending' },
    });
  });

  it('controls that return nothing add nothing', async () => {
    await started(program({ controls: () => null }));
    await result(data({ items: [] }));
    expect(app().children).toHaveLength(3);
  });
});

describe('drill-down', () => {
  async function drilled(rowsKey: string | true = 'orderItems', caps: JsonObject = {}) {
    await started(program(), { updateModelContext: {}, ...caps });
    await result(data({ items: [{ id: 'A' }, { id: 'none' }], drill: rowsKey }));
  }
  const detail = () => app().querySelector('[data-role=detail]') as HTMLElement;

  it("a row's details through their tool, flattened one level, told to the conversation", async () => {
    await drilled();
    const buttons = [...app().querySelectorAll<HTMLButtonElement>('[data-role=drill]')];
    expect(buttons.map((b) => b.textContent)).toEqual(['Items']);
    buttons[0]?.click();
    expect(text('[data-role=detail] p')).toBe('Loading…');
    expect(detail().dataset.state).toBe('loading');
    expect(announced()).toBe('Items: loading…');
    expect(
      (lastRequest('ui/update-model-context').params as { structuredContent: JsonObject }).structuredContent,
    ).toMatchObject({
      selected: { id: 'A' },
    });
    expect(lastRequest('tools/call').params).toEqual({
      name: 'get_order_items',
      arguments: { orderId: 'A' },
    });
    await answer(
      lastRequest('tools/call'),
      data({
        other: [{ x: 1 }],
        orderItems: [{ ASIN: 'B01', ItemPrice: { Amount: '9.99', CurrencyCode: 'USD' }, Tags: ['a'] }],
      }),
    );
    expect(detail().dataset.state).toBe('ready');
    expect(text('[data-role=detail] h2')).toBe('Items: A');
    expect([...detail().querySelectorAll('thead th')].map((th) => th.textContent)).toEqual([
      'ASIN',
      'ItemPrice.Amount',
      'ItemPrice.CurrencyCode',
      'Tags',
    ]);
    expect([...detail().querySelectorAll('tbody td')].map((td) => td.textContent)).toEqual([
      'B01',
      '9.99',
      'USD',
      '["a"]',
    ]);
    expect(announced()).toBe('Items: A: 1 row.');
  });

  it('without a named key: the first array of objects in the answer', async () => {
    await drilled(true);
    (app().querySelector('[data-role=drill]') as HTMLButtonElement).click();
    await answer(
      lastRequest('tools/call'),
      data({ count: 2, names: ['x'], empty: [], jobs: [{ id: 'j1' }, { id: 'j2' }] }),
    );
    expect([...detail().querySelectorAll('tbody td')].map((td) => td.textContent)).toEqual(['j1', 'j2']);
    expect(announced()).toBe('Items: A: 2 rows.');
  });

  it('nothing found; a failure with its envelope (retryable: again); a host that cannot call', async () => {
    await drilled();
    const open = () => (app().querySelector('[data-role=drill]') as HTMLButtonElement).click();
    open();
    await answer(lastRequest('tools/call'), { content: [{ type: 'text', text: 'no items' }] });
    expect(text('[data-role=detail] [data-role=empty]')).toBe('Nothing found.');
    open();
    await answer(
      lastRequest('tools/call'),
      envelope({ summary: 'Throttled', error_code: 'RATE_LIMITED', retryable: true }),
    );
    expect(detail().dataset.state).toBe('envelope');
    expect(text('[data-role=detail] [data-role=summary]')).toBe('Throttled');
    expect(announced()).toBe('Items: the call failed. Throttled');
    const before = requests('tools/call').length;
    (detail().querySelector('[data-role=retry]') as HTMLButtonElement).click();
    expect(requests('tools/call')).toHaveLength(before + 1);
    await answer(
      lastRequest('tools/call'),
      envelope({ summary: 'Gone', error_code: 'NOT_FOUND', retryable: false }),
    );
    expect(detail().querySelector('[data-role=retry]')).toBeNull();
    open();
    await fail(lastRequest('tools/call'), 'offline');
    expect(detail().dataset.state).toBe('envelope');
    expect(text('[data-role=detail] [data-role=empty]')).toBe(
      'The host could not call get_order_items: Error: offline (-32000)',
    );
    expect(announced()).toBe('The host could not call get_order_items.');
  });
});

describe('what the host offers', () => {
  it('Download CSV hands the rows to the host as a file, and says so (or that it could not)', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-03-05T12:00:00Z'));
    await started(program(), { downloadFile: {} });
    await result(data({ items: [{ id: 'A' }] }));
    (app().querySelector('[data-role=download-csv]') as HTMLButtonElement).click();
    const request = lastRequest('ui/download-file');
    expect(request.params).toEqual({
      contents: [
        {
          type: 'resource',
          resource: { uri: 'file:///orders-2026-03-05.csv', mimeType: 'text/csv', text: 'Order\r\nA\r\n' },
        },
      ],
    });
    await answer(request, {});
    expect(announced()).toBe('orders-2026-03-05.csv handed to the host.');
    (app().querySelector('[data-role=download-csv]') as HTMLButtonElement).click();
    await fail(lastRequest('ui/download-file'), 'denied');
    expect(announced()).toBe('The host could not save the file.');
    vi.useRealTimers();
  });

  it('no download or links offered: no such controls', async () => {
    await started(
      program({
        build: (d, i) => ({
          ...program().build(d, i),
          columns: [{ key: 'id', label: 'Order', kind: 'text', link: () => 'https://x.example/' }],
        }),
      }),
    );
    await result(data({ items: [{ id: 'A' }] }));
    expect(app().querySelector('[data-role=download-csv]')).toBeNull();
    expect(app().querySelector('[data-role=open-link]')).toBeNull();
  });

  it('links out open through the host; a refusal is said', async () => {
    const linked = program();
    const build = linked.build;
    linked.build = (d, i) => ({
      ...build(d, i),
      columns: [
        {
          key: 'id',
          label: 'Order',
          kind: 'text',
          link: (r) => `https://sellercentral.amazon.com/${String(r.id)}`,
        },
      ],
    });
    await started(linked, { openLinks: {} });
    await result(data({ items: [{ id: 'A' }] }));
    (app().querySelector('[data-role=open-link]') as HTMLButtonElement).click();
    expect(lastRequest('ui/open-link').params).toEqual({ url: 'https://sellercentral.amazon.com/A' });
    await fail(lastRequest('ui/open-link'), 'blocked');
    expect(announced()).toBe('The host could not open https://sellercentral.amazon.com/A.');
  });

  it('full screen and back when the host offers it; the mode the host chose is drawn', async () => {
    await started(program(), {}, { availableDisplayModes: ['inline', 'fullscreen'], displayMode: 'inline' });
    await result(data({ items: [{ id: 'A' }] }));
    const toggle = () => app().querySelector('[data-role=display-mode]') as HTMLButtonElement;
    expect(toggle().textContent).toBe('Full screen');
    toggle().click();
    expect(lastRequest('ui/request-display-mode').params).toEqual({ mode: 'fullscreen' });
    await answer(lastRequest('ui/request-display-mode'), { mode: 'fullscreen' });
    expect(document.documentElement.dataset.displayMode).toBe('fullscreen');
    expect(toggle().textContent).toBe('Exit full screen');
    toggle().click();
    expect(lastRequest('ui/request-display-mode').params).toEqual({ mode: 'inline' });
    await answer(lastRequest('ui/request-display-mode'), { mode: 'inline' });
    expect(toggle().textContent).toBe('Full screen');
  });

  it('a locale, zone, theme or display-mode change redraws the result; an unchanged one does not', async () => {
    const p = program();
    await started(p, {}, { locale: 'en-US', theme: 'light', timeZone: 'UTC' });
    await result(data({ items: [{ id: 'A' }] }));
    const builds = () => p.inputs.length;
    const change = async (params: JsonObject) => {
      deliver({ method: 'ui/notifications/host-context-changed', params });
      await flush();
    };
    expect(builds()).toBe(1);
    await change({ locale: 'de-DE' });
    expect(text('.facts dd')).toBe('1.234,5');
    expect(builds()).toBe(2);
    await change({ locale: 'de-DE', theme: 'light', timeZone: 'UTC' });
    expect(builds()).toBe(2);
    await change({ theme: 'dark' });
    expect(builds()).toBe(3);
    await change({ timeZone: 'Asia/Tokyo' });
    expect(builds()).toBe(4);
    await change({ displayMode: 'inline' });
    expect(builds()).toBe(5);
    await change({ styles: { variables: {} } });
    expect(builds()).toBe(5);
  });

  it('a context change before any result draws nothing', async () => {
    const p = program();
    await started(p);
    deliver({ method: 'ui/notifications/host-context-changed', params: { theme: 'dark', locale: 'fr-FR' } });
    await flush();
    expect(p.inputs).toHaveLength(0);
    expect(state()).toBe('waiting');
  });
});

describe('prepare: what a view looks up once', () => {
  it('through a tool call before the first draw, once; its extras reach the build', async () => {
    const lookups: string[] = [];
    const p = program({
      prepare: async (call) => {
        const profile = await call('get_active_profile', {});
        lookups.push(String(profile?.currencyCode));
        return { currency: String(profile?.currencyCode) };
      },
    });
    await started(p);
    await result(data({ items: [{ id: 'A' }] }));
    expect(p.inputs).toHaveLength(0);
    expect(lastRequest('tools/call').params).toEqual({ name: 'get_active_profile', arguments: {} });
    await answer(lastRequest('tools/call'), data({ currencyCode: 'EUR' }));
    expect(p.inputs.at(-1)?.extras).toEqual({ currency: 'EUR' });
    expect(state()).toBe('ready');
    await result(data({ items: [{ id: 'B' }] }));
    expect(requests('tools/call')).toHaveLength(1);
    expect(lookups).toEqual(['EUR']);
    expect(text('tbody')).toBe('B');
  });

  it('a lookup that fails or answers with no data still draws the result', async () => {
    const p = program({
      prepare: async (call) => {
        const a = await call('get_active_profile', {});
        const b = await call('list_profiles', {});
        return { currency: `${String(a)}/${String(b)}` };
      },
    });
    await started(p);
    await result(data({ items: [{ id: 'A' }] }));
    await fail(lastRequest('tools/call'), 'nope');
    await answer(lastRequest('tools/call'), envelope({ summary: 'x', error_code: 'X' }));
    expect(p.inputs.at(-1)?.extras).toEqual({ currency: 'undefined/undefined' });
    const broken = program({ prepare: async () => Promise.reject(new Error('bad')) });
    document.body.innerHTML = '<main id="app"></main><p id="announce"></p>';
    sent = [];
    await started(broken);
    await result(data({ items: [{ id: 'A' }] }));
    expect(state()).toBe('ready');
    expect(broken.inputs.at(-1)).not.toHaveProperty('extras');
  });
});
