// The test host page: an MCP client (over the relay to the real stdio server) and one AppBridge per view iframe.
import {
  AppBridge,
  getToolUiResourceUri,
  type McpUiHostContext,
  type McpUiStyles,
  PostMessageTransport,
  RESOURCE_MIME_TYPE,
} from '@modelcontextprotocol/ext-apps/app-bridge';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import { RelayTransport } from './relay-transport.js';

const HOST = { name: 'obmcp-views-test-host', version: '1.0.0' };
const UI_EXTENSION = 'io.modelcontextprotocol/ui';

/** A few of the spec's standard variables, as a host would pass them (light-dark() keeps one set for both themes). */
const VARIABLES: Partial<McpUiStyles> = {
  '--color-background-primary': 'light-dark(#ffffff, #1c1d21)',
  '--color-text-primary': 'light-dark(#16181c, #eef0f4)',
  '--font-sans': 'system-ui, sans-serif',
};
const STYLES: McpUiHostContext['styles'] = { variables: VARIABLES as McpUiStyles };

export interface MountOptions {
  id: string;
  tool: string;
  arguments: Record<string, unknown>;
  /** Instead of calling the tool: a prepared result (e.g. 10 000 rows the mocks do not hold). */
  result?: CallToolResult;
  theme?: 'light' | 'dark';
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

async function connect(): Promise<{ extensions: unknown; resources: unknown }> {
  client = new Client(HOST, {
    capabilities: { extensions: { [UI_EXTENSION]: { mimeTypes: [RESOURCE_MIME_TYPE] } } },
  });
  await client.connect(new RelayTransport());
  tools = new Map((await client.listTools()).tools.map((t) => [t.name, t]));
  const caps = client.getServerCapabilities();
  return { extensions: caps?.extensions, resources: caps?.resources };
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
    toolInfo: { tool },
  };
  const caps = client.getServerCapabilities();
  const bridge = new AppBridge(
    client,
    HOST,
    { serverTools: caps?.tools ?? {}, serverResources: caps?.resources ?? {} },
    { hostContext: context },
  );
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

declare global {
  interface Window {
    obmcpHost: { connect: typeof connect; mount: typeof mount; setContext: typeof setContext };
  }
}

window.obmcpHost = { connect, mount, setContext };
