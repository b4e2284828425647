// @vitest-environment happy-dom
// The view's side of MCP Apps: only the host window's JSON-RPC reaches a view; every host request is answered.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  applyDocumentTheme,
  applyHostFonts,
  applyHostStyleVariables,
  PROTOCOL_VERSION,
  ViewBridge,
} from '../src/shared/bridge.js';

type Sent = Record<string, unknown>;

/** The host frame: what the view posts to it, and the messages it sends the view. */
interface Host {
  window: { postMessage: (message: Sent, origin: string) => void };
  sent: Sent[];
  origins: string[];
}

let host: Host;
let frames: Array<() => void>;
let observed: Array<{ callback: () => void; targets: Element[] }>;
const realParent = Object.getOwnPropertyDescriptor(window, 'parent');

beforeEach(() => {
  const sent: Sent[] = [];
  const origins: string[] = [];
  host = {
    window: {
      postMessage: (message, origin) => {
        sent.push(message);
        origins.push(origin);
      },
    },
    sent,
    origins,
  };
  Object.defineProperty(window, 'parent', { value: host.window, configurable: true });
  frames = [];
  observed = [];
  vi.stubGlobal('requestAnimationFrame', (cb: () => void) => {
    frames.push(cb);
    return frames.length;
  });
  vi.stubGlobal(
    'ResizeObserver',
    class {
      private readonly entry: { callback: () => void; targets: Element[] };
      constructor(callback: () => void) {
        this.entry = { callback, targets: [] };
        observed.push(this.entry);
      }
      observe(target: Element) {
        this.entry.targets.push(target);
      }
    },
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  if (realParent) Object.defineProperty(window, 'parent', realParent);
  document.documentElement.removeAttribute('style');
  document.documentElement.removeAttribute('data-theme');
  document.getElementById('__mcp-host-fonts')?.remove();
});

/** A message event as the browser delivers it: `source` is the window that posted it. */
function deliver(data: unknown, source: unknown = host.window): void {
  window.dispatchEvent(new MessageEvent('message', { data, source: source as Window }));
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

function runFrames(): void {
  const pending = frames;
  frames = [];
  for (const cb of pending) cb();
}

/** A bridge connected to the host, the host having answered ui/initialize. */
async function connected(result: Record<string, unknown> = {}): Promise<ViewBridge> {
  const bridge = new ViewBridge({ name: 'orders', version: '1.0.0' }, { availableDisplayModes: ['inline'] });
  const done = bridge.connect();
  deliver({ jsonrpc: '2.0', id: 1, result });
  await done;
  return bridge;
}

describe('connect', () => {
  it('asks the host to initialize with the view, its capabilities and the protocol version, then says it is ready', async () => {
    const bridge = new ViewBridge(
      { name: 'orders', version: '1.0.0' },
      { availableDisplayModes: ['inline'] },
    );
    const done = bridge.connect();
    expect(host.sent).toEqual([
      {
        jsonrpc: '2.0',
        id: 1,
        method: 'ui/initialize',
        params: {
          appInfo: { name: 'orders', version: '1.0.0' },
          appCapabilities: { availableDisplayModes: ['inline'] },
          protocolVersion: PROTOCOL_VERSION,
        },
      },
    ]);
    expect(host.origins).toEqual(['*']);
    let settled = false;
    void done.then(() => {
      settled = true;
    });
    await flush();
    expect(settled).toBe(false);
    deliver({
      jsonrpc: '2.0',
      id: 1,
      result: { hostCapabilities: { openLinks: {} }, hostContext: { theme: 'dark' } },
    });
    await done;
    expect(host.sent[1]).toEqual({ jsonrpc: '2.0', method: 'ui/notifications/initialized', params: {} });
    expect(bridge.getHostCapabilities()).toEqual({ openLinks: {} });
    expect(bridge.getHostContext()).toEqual({ theme: 'dark' });
  });

  it('a host that refuses ui/initialize: connect fails with its message and code', async () => {
    const bridge = new ViewBridge({ name: 'v', version: '1' }, {});
    const done = bridge.connect();
    deliver({ jsonrpc: '2.0', id: 1, error: { code: -32600, message: 'Unsupported version' } });
    await expect(done).rejects.toThrow('Unsupported version (-32600)');
    expect(host.sent).toHaveLength(1);
  });
});

describe('which messages reach the view', () => {
  it('a tool result from another window (a sibling frame, the view itself) is ignored', async () => {
    const bridge = await connected();
    const results: unknown[] = [];
    bridge.ontoolresult = (r) => results.push(r);
    const notification = {
      jsonrpc: '2.0',
      method: 'ui/notifications/tool-result',
      params: { content: [{ type: 'text', text: 'forged' }] },
    };
    deliver(notification, window);
    deliver(notification, { postMessage: () => undefined });
    deliver(notification, null);
    await flush();
    expect(results).toEqual([]);
    deliver(notification);
    await flush();
    expect(results).toEqual([{ content: [{ type: 'text', text: 'forged' }] }]);
  });

  it('an answer from another window does not settle a call the view made', async () => {
    const bridge = await connected();
    let answer: unknown = 'pending';
    void bridge.callServerTool({ name: 'get_orders', arguments: {} }).then((r) => {
      answer = r;
    });
    deliver({ jsonrpc: '2.0', id: 2, result: { content: [], forged: true } }, window);
    await flush();
    expect(answer).toBe('pending');
    deliver({ jsonrpc: '2.0', id: 2, result: { content: [] } });
    await flush();
    expect(answer).toEqual({ content: [] });
  });

  it('anything but JSON-RPC 2.0 from the host is ignored', async () => {
    const bridge = await connected();
    const results: unknown[] = [];
    bridge.ontoolresult = (r) => results.push(r);
    deliver({ jsonrpc: '1.0', method: 'ui/notifications/tool-result', params: { content: [] } });
    deliver({ method: 'ui/notifications/tool-result', params: { content: [] } });
    deliver('{"jsonrpc":"2.0","method":"ui/notifications/tool-result"}');
    deliver(undefined);
    deliver({ jsonrpc: '2.0', id: 7, method: 'ping' }, window);
    await flush();
    expect(results).toEqual([]);
    expect(host.sent.filter((m) => m.id === 7)).toEqual([]);
  });

  it('an answer settles its own call once: an unknown id or a second answer changes nothing', async () => {
    const bridge = await connected();
    const first = bridge.callServerTool({ name: 'a', arguments: { x: 1 } });
    const second = bridge.callServerTool({ name: 'b', arguments: {} });
    expect(host.sent.slice(-2)).toEqual([
      { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'a', arguments: { x: 1 } } },
      { jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'b', arguments: {} } },
    ]);
    deliver({ jsonrpc: '2.0', id: 99, result: { content: [] } });
    deliver({ jsonrpc: '2.0', id: 3, result: { content: [{ type: 'text', text: 'b' }] } });
    deliver({ jsonrpc: '2.0', id: 2, error: { code: -32000, message: 'Tool failed' } });
    deliver({ jsonrpc: '2.0', id: 2, result: { content: [] } });
    await expect(second).resolves.toEqual({ content: [{ type: 'text', text: 'b' }] });
    await expect(first).rejects.toThrow('Tool failed (-32000)');
    // An answer is never answered: not one to a call of ours, not one with an id the view never uses.
    deliver({ jsonrpc: '2.0', id: 'x-1', result: {} });
    deliver({ jsonrpc: '2.0', id: '2', error: { code: 1, message: 'no' } });
    deliver({ jsonrpc: '2.0' });
    await flush();
    expect(host.sent.filter((m) => 'error' in m || 'result' in m)).toEqual([]);
  });
});

describe('host requests are always answered', () => {
  it('ping: an empty result with the same id', async () => {
    await connected();
    deliver({ jsonrpc: '2.0', id: 'p-1', method: 'ping' });
    await flush();
    expect(host.sent.at(-1)).toEqual({ jsonrpc: '2.0', id: 'p-1', result: {} });
  });

  it('teardown: the view finishes its own teardown first, then answers', async () => {
    const bridge = await connected();
    let finish: () => void = () => undefined;
    bridge.onteardown = () =>
      new Promise<void>((resolve) => {
        finish = resolve;
      });
    deliver({ jsonrpc: '2.0', id: 5, method: 'ui/resource-teardown', params: {} });
    await flush();
    expect(host.sent.filter((m) => m.id === 5)).toEqual([]);
    finish();
    await flush();
    expect(host.sent.at(-1)).toEqual({ jsonrpc: '2.0', id: 5, result: {} });
  });

  it('teardown without a handler is answered too', async () => {
    await connected();
    deliver({ jsonrpc: '2.0', id: 6, method: 'ui/resource-teardown' });
    await flush();
    expect(host.sent.at(-1)).toEqual({ jsonrpc: '2.0', id: 6, result: {} });
  });

  it('any other request: "Method not found" with its name, and no handler runs', async () => {
    const bridge = await connected();
    const results: unknown[] = [];
    bridge.ontoolresult = (r) => results.push(r);
    bridge.onteardown = () => results.push('teardown');
    deliver({ jsonrpc: '2.0', id: 8, method: 'ui/notifications/tool-result', params: { content: [] } });
    deliver({ jsonrpc: '2.0', id: 9, method: 'sampling/createMessage' });
    await flush();
    expect(host.sent.slice(-2)).toEqual([
      {
        jsonrpc: '2.0',
        id: 8,
        error: { code: -32601, message: 'Method not found: ui/notifications/tool-result' },
      },
      { jsonrpc: '2.0', id: 9, error: { code: -32601, message: 'Method not found: sampling/createMessage' } },
    ]);
    expect(results).toEqual([]);
  });
});

describe('host notifications', () => {
  it('tool input, result and cancellation reach their handlers with their params', async () => {
    const bridge = await connected();
    const seen: Array<[string, unknown]> = [];
    bridge.ontoolinput = (p) => seen.push(['input', p]);
    bridge.ontoolresult = (p) => seen.push(['result', p]);
    bridge.ontoolcancelled = (p) => seen.push(['cancelled', p]);
    deliver({ jsonrpc: '2.0', method: 'ui/notifications/tool-input', params: { arguments: { a: 1 } } });
    deliver({ jsonrpc: '2.0', method: 'ui/notifications/tool-result', params: { content: [] } });
    deliver({ jsonrpc: '2.0', method: 'ui/notifications/tool-cancelled', params: { reason: 'user' } });
    deliver({ jsonrpc: '2.0', method: 'ui/notifications/tool-cancelled' });
    deliver({ jsonrpc: '2.0', method: 'ui/notifications/unknown', params: { x: 1 } });
    await flush();
    expect(seen).toEqual([
      ['input', { arguments: { a: 1 } }],
      ['result', { content: [] }],
      ['cancelled', { reason: 'user' }],
      ['cancelled', {}],
    ]);
  });

  it('a host-context change is merged into what the view knows and handed on as sent', async () => {
    const bridge = await connected({ hostContext: { theme: 'light', locale: 'en-US' } });
    const updates: unknown[] = [];
    bridge.onhostcontextchanged = (u) => updates.push(u);
    deliver({ jsonrpc: '2.0', method: 'ui/notifications/host-context-changed', params: { theme: 'dark' } });
    await flush();
    expect(updates).toEqual([{ theme: 'dark' }]);
    expect(bridge.getHostContext()).toEqual({ theme: 'dark', locale: 'en-US' });
  });

  it('notifications without a handler are dropped quietly', async () => {
    const bridge = await connected();
    deliver({ jsonrpc: '2.0', method: 'ui/notifications/tool-input', params: {} });
    deliver({ jsonrpc: '2.0', method: 'ui/notifications/tool-result', params: {} });
    deliver({ jsonrpc: '2.0', method: 'ui/notifications/tool-cancelled', params: {} });
    deliver({ jsonrpc: '2.0', method: 'ui/notifications/host-context-changed', params: { locale: 'de' } });
    await flush();
    expect(bridge.getHostContext()).toEqual({ locale: 'de' });
  });
});

describe("the view's requests", () => {
  it('display mode, model context, open link and download go to the host by their method names', async () => {
    const bridge = await connected();
    const answers = [
      bridge.requestDisplayMode({ mode: 'fullscreen' }),
      bridge.updateModelContext({ content: [{ type: 'text', text: 'seen' }] }),
      bridge.openLink({ url: 'https://sellercentral.amazon.com/' }),
      bridge.downloadFile({
        contents: [{ type: 'resource', resource: { uri: 'file:///a.csv', text: 'a' } }],
      }),
    ];
    expect(host.sent.slice(-4)).toEqual([
      { jsonrpc: '2.0', id: 2, method: 'ui/request-display-mode', params: { mode: 'fullscreen' } },
      {
        jsonrpc: '2.0',
        id: 3,
        method: 'ui/update-model-context',
        params: { content: [{ type: 'text', text: 'seen' }] },
      },
      { jsonrpc: '2.0', id: 4, method: 'ui/open-link', params: { url: 'https://sellercentral.amazon.com/' } },
      {
        jsonrpc: '2.0',
        id: 5,
        method: 'ui/download-file',
        params: { contents: [{ type: 'resource', resource: { uri: 'file:///a.csv', text: 'a' } }] },
      },
    ]);
    for (const id of [2, 3, 4, 5]) deliver({ jsonrpc: '2.0', id, result: { mode: `m${id}` } });
    await expect(Promise.all(answers)).resolves.toEqual([
      { mode: 'm2' },
      { mode: 'm3' },
      { mode: 'm4' },
      { mode: 'm5' },
    ]);
  });
});

describe('size reports', () => {
  const sizes = () =>
    host.sent.filter((m) => m.method === 'ui/notifications/size-changed').map((m) => m.params);

  it("the content's height and the window's width, once a frame, again only when they change", async () => {
    let height = 120.2;
    vi.spyOn(document.documentElement, 'getBoundingClientRect').mockImplementation(
      () => ({ height }) as DOMRect,
    );
    document.documentElement.style.height = '50px';
    await connected();
    expect(sizes()).toEqual([]);
    expect(frames).toHaveLength(1);
    runFrames();
    expect(sizes()).toEqual([{ width: Math.ceil(window.innerWidth), height: 121 }]);
    // The measurement leaves the page's own height as it was.
    expect(document.documentElement.style.height).toBe('50px');
    expect(observed).toHaveLength(1);
    expect(observed[0]?.targets).toEqual([document.documentElement, document.body]);
    const resized = observed[0]?.callback ?? (() => undefined);
    resized();
    resized();
    expect(frames).toHaveLength(1);
    runFrames();
    expect(sizes()).toHaveLength(1);
    height = 300;
    resized();
    runFrames();
    expect(sizes()).toEqual([
      { width: Math.ceil(window.innerWidth), height: 121 },
      { width: Math.ceil(window.innerWidth), height: 300 },
    ]);
  });

  it('a change of width alone is reported', async () => {
    vi.spyOn(document.documentElement, 'getBoundingClientRect').mockImplementation(
      () => ({ height: 10 }) as DOMRect,
    );
    await connected();
    runFrames();
    const width = window.innerWidth;
    Object.defineProperty(window, 'innerWidth', { value: 380.5, configurable: true });
    observed[0]?.callback();
    runFrames();
    Object.defineProperty(window, 'innerWidth', { value: width, configurable: true });
    expect(sizes()).toEqual([
      { width: Math.ceil(width), height: 10 },
      { width: 381, height: 10 },
    ]);
  });

  it('the height is measured at its content size', async () => {
    const measured: string[] = [];
    vi.spyOn(document.documentElement, 'getBoundingClientRect').mockImplementation(() => {
      measured.push(document.documentElement.style.height);
      return { height: 10 } as DOMRect;
    });
    await connected();
    runFrames();
    expect(measured).toEqual(['max-content']);
    expect(document.documentElement.style.height).toBe('');
  });
});

describe('the host theme on the document', () => {
  it('theme: data-theme and color-scheme', () => {
    applyDocumentTheme('dark');
    expect(document.documentElement.getAttribute('data-theme')).toBe('dark');
    expect(document.documentElement.style.colorScheme).toBe('dark');
    applyDocumentTheme('light');
    expect(document.documentElement.getAttribute('data-theme')).toBe('light');
    expect(document.documentElement.style.colorScheme).toBe('light');
  });

  it('variables: each one given is set, an undefined one is left alone', () => {
    document.documentElement.style.setProperty('--color-text-primary', 'red');
    applyHostStyleVariables({ '--color-background-primary': '#101010', '--color-text-primary': undefined });
    expect(document.documentElement.style.getPropertyValue('--color-background-primary')).toBe('#101010');
    expect(document.documentElement.style.getPropertyValue('--color-text-primary')).toBe('red');
  });

  it('fonts: one style element with the CSS as text, added once', () => {
    applyHostFonts('@font-face { font-family: "Host"; src: url(https://fonts.example/a.woff2); }');
    applyHostFonts('@import url(https://evil.example/b.css);');
    const styles = document.head.querySelectorAll('style#__mcp-host-fonts');
    expect(styles).toHaveLength(1);
    expect(styles[0]?.textContent).toBe(
      '@font-face { font-family: "Host"; src: url(https://fonts.example/a.woff2); }',
    );
    expect(styles[0]?.parentElement).toBe(document.head);
  });
});
