// The test host page: an MCP client (over the relay to the real stdio server) and one AppBridge per view iframe.
import {
  AppBridge,
  getToolUiResourceUri,
  type McpUiHostContext,
  type McpUiStyles,
  PostMessageTransport,
  RESOURCE_MIME_TYPE,
} from '@modelcontextprotocol/ext-apps/app-bridge';
import { type CallToolResult, Client, type Tool } from '@modelcontextprotocol/client';
import { RelayTransport } from './relay-transport.js';

const HOST = { name: 'obmcp-views-test-host', version: '1.0.0' };
const UI_EXTENSION = 'io.modelcontextprotocol/ui';

/**
 * Every standard variable of the spec, as a host passes them: colours as `light-dark(light, dark)` (the spec's own
 * hostContext example does so), so a view has to resolve them by the theme; the greys are faint on purpose (like real
 * hosts' tertiary text), so a view that draws them raw fails its contrast checks.
 */
const VARIABLES: McpUiStyles = {
  '--color-background-primary': 'light-dark(#ffffff, #1f1f1e)',
  '--color-background-secondary': 'light-dark(#f5f4ef, #262624)',
  '--color-background-tertiary': 'light-dark(#eeede7, #2c2c2a)',
  '--color-background-inverse': 'light-dark(#1f1f1e, #faf9f5)',
  '--color-background-ghost': 'light-dark(rgba(0,0,0,0), rgba(0,0,0,0))',
  '--color-background-info': 'light-dark(#e8f1fb, #14263b)',
  '--color-background-danger': 'light-dark(#fbeaea, #3a1717)',
  '--color-background-success': 'light-dark(#e9f5ea, #15301a)',
  '--color-background-warning': 'light-dark(#fdf3dc, #3a2e10)',
  '--color-background-disabled': 'light-dark(#f0efea, #2a2a28)',
  '--color-text-primary': 'light-dark(#1f1e1d, #f5f4ef)',
  '--color-text-secondary': 'light-dark(#5e5d59, #b9b7ad)',
  '--color-text-tertiary': 'light-dark(#8a8985, #85837c)',
  '--color-text-inverse': 'light-dark(#ffffff, #1f1f1e)',
  '--color-text-ghost': 'light-dark(#ededed, #1c1c1b)',
  '--color-text-info': 'light-dark(#1d5fae, #8bbcf0)',
  '--color-text-danger': 'light-dark(#a32020, #ff9d9d)',
  '--color-text-success': 'light-dark(#1c6b2a, #8fd49b)',
  '--color-text-warning': 'light-dark(#7a5200, #f0c46b)',
  '--color-text-disabled': 'light-dark(#a6a49c, #66645e)',
  '--color-border-primary': 'light-dark(#d9d7ce, #3e3e3a)',
  '--color-border-secondary': 'light-dark(#e6e4dc, #34342f)',
  '--color-border-tertiary': 'light-dark(#efede6, #2d2d2a)',
  '--color-border-inverse': 'light-dark(#1f1f1e, #faf9f5)',
  '--color-border-ghost': 'light-dark(rgba(0,0,0,0), rgba(0,0,0,0))',
  '--color-border-info': 'light-dark(#8bb4e6, #2d5a8c)',
  '--color-border-danger': 'light-dark(#e39b9b, #8a2c2c)',
  '--color-border-success': 'light-dark(#96cf9f, #2f6b3a)',
  '--color-border-warning': 'light-dark(#e8c57a, #7a5a18)',
  '--color-border-disabled': 'light-dark(#e6e4dc, #34342f)',
  '--color-ring-primary': 'light-dark(#1d5fae, #8bbcf0)',
  '--color-ring-secondary': 'light-dark(#5e5d59, #b9b7ad)',
  '--color-ring-inverse': 'light-dark(#ffffff, #1f1f1e)',
  '--color-ring-info': 'light-dark(#1d5fae, #8bbcf0)',
  '--color-ring-danger': 'light-dark(#a32020, #ff9d9d)',
  '--color-ring-success': 'light-dark(#1c6b2a, #8fd49b)',
  '--color-ring-warning': 'light-dark(#7a5200, #f0c46b)',
  '--font-sans': 'system-ui, -apple-system, "Segoe UI", sans-serif',
  '--font-mono': 'ui-monospace, "SF Mono", Menlo, monospace',
  '--font-weight-normal': '400',
  '--font-weight-medium': '500',
  '--font-weight-semibold': '600',
  '--font-weight-bold': '700',
  '--font-text-xs-size': '12px',
  '--font-text-sm-size': '14px',
  '--font-text-md-size': '16px',
  '--font-text-lg-size': '18px',
  '--font-heading-xs-size': '15px',
  '--font-heading-sm-size': '17px',
  '--font-heading-md-size': '20px',
  '--font-heading-lg-size': '24px',
  '--font-heading-xl-size': '28px',
  '--font-heading-2xl-size': '32px',
  '--font-heading-3xl-size': '36px',
  '--font-text-xs-line-height': '1.4',
  '--font-text-sm-line-height': '1.4',
  '--font-text-md-line-height': '1.5',
  '--font-text-lg-line-height': '1.5',
  '--font-heading-xs-line-height': '1.3',
  '--font-heading-sm-line-height': '1.3',
  '--font-heading-md-line-height': '1.25',
  '--font-heading-lg-line-height': '1.2',
  '--font-heading-xl-line-height': '1.2',
  '--font-heading-2xl-line-height': '1.15',
  '--font-heading-3xl-line-height': '1.1',
  '--border-radius-xs': '2px',
  '--border-radius-sm': '4px',
  '--border-radius-md': '6px',
  '--border-radius-lg': '10px',
  '--border-radius-xl': '14px',
  '--border-radius-full': '9999px',
  '--border-width-regular': '1px',
  '--shadow-hairline': '0 0 0 1px rgba(0,0,0,0.08)',
  '--shadow-sm': '0 1px 2px rgba(0,0,0,0.08)',
  '--shadow-md': '0 2px 8px rgba(0,0,0,0.12)',
  '--shadow-lg': '0 8px 24px rgba(0,0,0,0.16)',
};
const STYLES: McpUiHostContext['styles'] = { variables: VARIABLES };

export interface MountOptions {
  id: string;
  tool: string;
  arguments: Record<string, unknown>;
  /** Instead of calling the tool: a prepared result (e.g. 10 000 rows the mocks do not hold). */
  result?: CallToolResult;
  theme?: 'light' | 'dark';
  /** The frame's width in px (the host's column: 900 a chat, 380 a side panel or phone); default 900. */
  width?: number;
  /** Only load the view and send the input: it stays in its pending state (no result yet). */
  pending?: boolean;
  /** Host capabilities this host does not offer (default: it opens links and saves downloads). */
  without?: Array<'openLinks' | 'downloadFile'>;
  /** hostContext.safeAreaInsets (a phone's notch and home indicator). */
  safeAreaInsets?: { top: number; right: number; bottom: number; left: number };
}

export interface Mounted {
  resourceUri: string | undefined;
  mimeType: string | undefined;
  isError: boolean;
  result: CallToolResult;
}

let client: Client | undefined;
let tools = new Map<string, Tool>();
const bridges = new Map<string, AppBridge>();
/** Every ui/update-model-context a view sent, by view id, oldest first. */
const contexts = new Map<string, unknown[]>();
/** Every ui/open-link and ui/download-file a view sent, by view id, oldest first. */
const requests = new Map<string, Array<{ method: string; params: unknown }>>();

/**
 * `legacy`: the 2025 `initialize` handshake (the client's default, what most hosts speak today); `modern`: pinned to
 * 2026-07-28 (server/discover, then the capabilities in each request's `_meta`).
 */
async function connect(
  era: 'legacy' | 'modern' = 'legacy',
): Promise<{ extensions: unknown; resources: unknown; era: string }> {
  client = new Client(HOST, {
    capabilities: { extensions: { [UI_EXTENSION]: { mimeTypes: [RESOURCE_MIME_TYPE] } } },
    ...(era === 'modern' ? { versionNegotiation: { mode: { pin: '2026-07-28' } } } : {}),
  });
  await client.connect(new RelayTransport());
  tools = new Map((await client.listTools()).tools.map((t) => [t.name, t]));
  const caps = client.getServerCapabilities();
  return { extensions: caps?.extensions, resources: caps?.resources, era: client.getProtocolEra() ?? 'none' };
}

async function mount(options: MountOptions): Promise<Mounted> {
  if (!client) throw new Error('connect() first');
  const tool = tools.get(options.tool);
  if (!tool) throw new Error(`tool ${options.tool} is not listed`);
  const uri = getToolUiResourceUri(tool);
  if (!uri) throw new Error(`tool ${options.tool} has no _meta.ui.resourceUri`);
  const read = await client.readResource({ uri });
  const content = read.contents[0];
  const html = content && 'text' in content ? content.text : '';

  const section = document.createElement('section');
  const heading = document.createElement('h2');
  heading.textContent = `${options.id} (${options.tool})`;
  const iframe = document.createElement('iframe');
  iframe.id = options.id;
  iframe.title = options.id;
  // The view's own CSP meta applies inside; no same-origin, so the view reaches nothing but postMessage.
  iframe.setAttribute('sandbox', 'allow-scripts');
  const width = options.width ?? 900;
  iframe.style.width = `${width}px`;
  section.append(heading, iframe);
  document.body.append(section);
  const window = iframe.contentWindow;
  if (!window) throw new Error('iframe has no window');

  const context: McpUiHostContext = {
    theme: options.theme ?? 'light',
    displayMode: 'inline',
    availableDisplayModes: ['inline', 'fullscreen'],
    locale: 'en-US',
    timeZone: 'UTC',
    platform: 'web',
    styles: STYLES,
    containerDimensions: { width, maxHeight: 6000 },
    toolInfo: { tool },
    ...(options.safeAreaInsets ? { safeAreaInsets: options.safeAreaInsets } : {}),
  };
  const without = new Set(options.without ?? []);
  const caps = client.getServerCapabilities();
  const bridge = new AppBridge(
    client,
    HOST,
    {
      serverTools: caps?.tools ?? {},
      serverResources: caps?.resources ?? {},
      updateModelContext: { text: {}, structuredContent: {} },
      ...(without.has('openLinks') ? {} : { openLinks: {} }),
      ...(without.has('downloadFile') ? {} : { downloadFile: {} }),
    },
    { hostContext: context },
  );
  contexts.set(options.id, []);
  bridge.onupdatemodelcontext = async (params) => {
    contexts.get(options.id)?.push(params);
    return {};
  };
  requests.set(options.id, []);
  bridge.onopenlink = async (params) => {
    requests.get(options.id)?.push({ method: 'ui/open-link', params });
    return {};
  };
  bridge.ondownloadfile = async (params) => {
    requests.get(options.id)?.push({ method: 'ui/download-file', params });
    return {};
  };
  bridge.onsizechange = ({ height }) => {
    if (height !== undefined) iframe.style.height = `${Math.min(height, 2000)}px`;
  };
  bridge.onrequestdisplaymode = async ({ mode }) => {
    await bridge.sendHostContextChange({ displayMode: mode });
    return { mode };
  };
  const initialized = new Promise<void>((resolve) => {
    bridge.oninitialized = () => resolve();
  });
  await bridge.connect(new PostMessageTransport(window, window));
  iframe.srcdoc = html;
  await initialized;
  bridges.set(options.id, bridge);
  await bridge.sendToolInput({ arguments: options.arguments });
  if (options.pending)
    return { resourceUri: uri, mimeType: content?.mimeType, isError: false, result: { content: [] } };
  const result =
    options.result ??
    ((await client.callTool({ name: options.tool, arguments: options.arguments })) as CallToolResult);
  await bridge.sendToolResult(result);
  return { resourceUri: uri, mimeType: content?.mimeType, isError: result.isError === true, result };
}

async function setContext(id: string, update: McpUiHostContext): Promise<void> {
  const bridge = bridges.get(id);
  if (!bridge) throw new Error(`no view ${id}`);
  await bridge.sendHostContextChange(update);
}

/** The host's column changes width (a side panel opened): the frame resizes and the context says so. */
async function setWidth(id: string, width: number): Promise<void> {
  const bridge = bridges.get(id);
  const iframe = document.getElementById(id);
  if (!bridge || !iframe) throw new Error(`no view ${id}`);
  iframe.style.width = `${width}px`;
  await bridge.sendHostContextChange({ containerDimensions: { width, maxHeight: 6000 } });
}

function modelContexts(id: string): unknown[] {
  return [...(contexts.get(id) ?? [])];
}

function hostRequests(id: string): Array<{ method: string; params: unknown }> {
  return [...(requests.get(id) ?? [])];
}

declare global {
  interface Window {
    obmcpHost: {
      connect: typeof connect;
      mount: typeof mount;
      setContext: typeof setContext;
      setWidth: typeof setWidth;
      modelContexts: typeof modelContexts;
      hostRequests: typeof hostRequests;
    };
  }
}

window.obmcpHost = { connect, mount, setContext, setWidth, modelContexts, hostRequests };
