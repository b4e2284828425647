// The view's side of MCP Apps (spec 2026-01-26) over postMessage: ui/initialize, the tool and host-context
// notifications, size reports, and the view's requests (tools/call, ui/update-model-context,
// ui/request-display-mode, ui/open-link, ui/download-file). Written for the messages the views use, so a view does not carry the MCP SDK and
// zod (300 KB of ext-apps' bundle); tests/views drives it through ext-apps' own AppBridge. Every message is typed
// by ext-apps' spec types (2.x, erased at build time), so a renamed method or a reshaped field fails typecheck.
import type {
  McpUiAppCapabilities,
  McpUiDownloadFileRequest,
  McpUiHostCapabilities,
  McpUiHostContext,
  McpUiHostContextChangedNotification,
  McpUiInitializedNotification,
  McpUiInitializeRequest,
  McpUiInitializeResult,
  McpUiOpenLinkRequest,
  McpUiRequestDisplayModeRequest,
  McpUiRequestDisplayModeResult,
  McpUiResourceTeardownRequest,
  McpUiSizeChangedNotification,
  McpUiToolCancelledNotification,
  McpUiToolInputNotification,
  McpUiToolResultNotification,
  McpUiUpdateModelContextRequest,
} from '@modelcontextprotocol/ext-apps/app-bridge';
import type { CallToolRequest, CallToolResult } from '@modelcontextprotocol/client';

/** ext-apps' LATEST_PROTOCOL_VERSION (test/bridge-protocol.test.ts keeps them equal). */
export const PROTOCOL_VERSION = '2026-01-26';

/** The view's requests and notifications, and the host's, by the spec's own method literals. */
type ViewRequest =
  | McpUiInitializeRequest
  | McpUiRequestDisplayModeRequest
  | McpUiUpdateModelContextRequest
  | McpUiOpenLinkRequest
  | McpUiDownloadFileRequest;
type ViewNotification = McpUiInitializedNotification | McpUiSizeChangedNotification;
type ToolsCall = Pick<CallToolRequest, 'method' | 'params'>;
const TOOL_INPUT: McpUiToolInputNotification['method'] = 'ui/notifications/tool-input';
const TOOL_RESULT: McpUiToolResultNotification['method'] = 'ui/notifications/tool-result';
const TOOL_CANCELLED: McpUiToolCancelledNotification['method'] = 'ui/notifications/tool-cancelled';
const HOST_CONTEXT_CHANGED: McpUiHostContextChangedNotification['method'] =
  'ui/notifications/host-context-changed';
const RESOURCE_TEARDOWN: McpUiResourceTeardownRequest['method'] = 'ui/resource-teardown';

type Params = Record<string, unknown>;
interface Message {
  jsonrpc: '2.0';
  id?: number | string;
  method?: string;
  params?: Params;
  result?: unknown;
  error?: { code: number; message: string };
}

export class ViewBridge {
  ontoolinput?: (params: McpUiToolInputNotification['params']) => void;
  ontoolresult?: (result: CallToolResult) => void;
  ontoolcancelled?: (params: McpUiToolCancelledNotification['params']) => void;
  onhostcontextchanged?: (update: McpUiHostContext) => void;
  onteardown?: () => Promise<unknown> | unknown;

  private nextId = 1;
  private readonly pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  private hostCapabilities: McpUiHostCapabilities | undefined;
  private hostContext: McpUiHostContext | undefined;
  private readonly target: Window = window.parent;

  constructor(
    private readonly appInfo: { name: string; version: string },
    private readonly appCapabilities: McpUiAppCapabilities,
  ) {}

  async connect(): Promise<void> {
    window.addEventListener('message', (event) => {
      if (event.source !== this.target) return;
      const message = event.data as Message | undefined;
      if (message?.jsonrpc === '2.0') void this.receive(message);
    });
    const result = (await this.request({
      method: 'ui/initialize',
      params: {
        appInfo: this.appInfo,
        appCapabilities: this.appCapabilities,
        protocolVersion: PROTOCOL_VERSION,
      },
    })) as Partial<McpUiInitializeResult>;
    this.hostCapabilities = result.hostCapabilities;
    this.hostContext = result.hostContext;
    this.notify({ method: 'ui/notifications/initialized', params: {} });
    this.reportSize();
  }

  getHostCapabilities = (): McpUiHostCapabilities | undefined => this.hostCapabilities;
  getHostContext = (): McpUiHostContext | undefined => this.hostContext;

  callServerTool(params: { name: string; arguments: Record<string, unknown> }): Promise<CallToolResult> {
    return this.request({ method: 'tools/call', params }) as Promise<CallToolResult>;
  }

  requestDisplayMode(
    params: McpUiRequestDisplayModeRequest['params'],
  ): Promise<McpUiRequestDisplayModeResult> {
    return this.request({
      method: 'ui/request-display-mode',
      params,
    }) as Promise<McpUiRequestDisplayModeResult>;
  }

  updateModelContext(params: McpUiUpdateModelContextRequest['params']): Promise<unknown> {
    return this.request({ method: 'ui/update-model-context', params });
  }

  /** ui/open-link: the host opens a URL outside the sandbox (when it announced `openLinks`). */
  openLink(params: McpUiOpenLinkRequest['params']): Promise<unknown> {
    return this.request({ method: 'ui/open-link', params });
  }

  /** ui/download-file: the host saves a file the view made (when it announced `downloadFile`). */
  downloadFile(params: McpUiDownloadFileRequest['params']): Promise<unknown> {
    return this.request({ method: 'ui/download-file', params });
  }

  private post(message: Message): void {
    this.target.postMessage(message, '*');
  }

  private notify({ method, params }: ViewNotification): void {
    this.post({ jsonrpc: '2.0', method, params: params as Params });
  }

  private request({ method, params }: ViewRequest | ToolsCall): Promise<unknown> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.post({ jsonrpc: '2.0', id, method, params: params as Params });
    });
  }

  private async receive(message: Message): Promise<void> {
    // An answer to one of ours (our ids are numbers); a message without a method is never a request to answer.
    if (message.method === undefined) {
      const id = message.id as number;
      const waiter = this.pending.get(id);
      if (!waiter) return;
      this.pending.delete(id);
      if (message.error) waiter.reject(new Error(`${message.error.message} (${message.error.code})`));
      else waiter.resolve(message.result);
      return;
    }
    const params = message.params ?? {};
    // A request from the host: answered, always.
    if (message.id !== undefined) {
      if (message.method === RESOURCE_TEARDOWN) {
        await this.onteardown?.();
        this.post({ jsonrpc: '2.0', id: message.id, result: {} });
      } else if (message.method === 'ping') this.post({ jsonrpc: '2.0', id: message.id, result: {} });
      else
        this.post({
          jsonrpc: '2.0',
          id: message.id,
          error: { code: -32601, message: `Method not found: ${String(message.method)}` },
        });
      return;
    }
    switch (message.method) {
      case TOOL_INPUT:
        this.ontoolinput?.(params as McpUiToolInputNotification['params']);
        break;
      case TOOL_RESULT:
        this.ontoolresult?.(params as unknown as CallToolResult);
        break;
      case TOOL_CANCELLED:
        this.ontoolcancelled?.(params as McpUiToolCancelledNotification['params']);
        break;
      case HOST_CONTEXT_CHANGED:
        this.hostContext = { ...this.hostContext, ...(params as McpUiHostContext) };
        this.onhostcontextchanged?.(params as McpUiHostContext);
        break;
    }
  }

  /** ui/notifications/size-changed whenever the content's size changes (once per frame at most). */
  private reportSize(): void {
    let queued = false;
    let width = 0;
    let height = 0;
    const measure = () => {
      if (queued) return;
      queued = true;
      requestAnimationFrame(() => {
        queued = false;
        const root = document.documentElement;
        const before = root.style.height;
        root.style.height = 'max-content';
        const h = Math.ceil(root.getBoundingClientRect().height);
        root.style.height = before;
        const w = Math.ceil(window.innerWidth);
        if (w === width && h === height) return;
        width = w;
        height = h;
        this.notify({ method: 'ui/notifications/size-changed', params: { width: w, height: h } });
      });
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(document.documentElement);
    observer.observe(document.body);
  }
}

/** The host's theme on the document: data-theme for the stylesheet, color-scheme for light-dark() and controls. */
export function applyDocumentTheme(theme: 'light' | 'dark'): void {
  const root = document.documentElement;
  root.setAttribute('data-theme', theme);
  root.style.colorScheme = theme;
}

export function applyHostStyleVariables(variables: Record<string, string | undefined>): void {
  const root = document.documentElement;
  for (const [name, value] of Object.entries(variables))
    if (value !== undefined) root.style.setProperty(name, value);
}

/** The host's @font-face / @import CSS, once (the view's CSP allows fonts from the hosts that send them). */
export function applyHostFonts(css: string): void {
  if (document.getElementById('__mcp-host-fonts')) return;
  const style = document.createElement('style');
  style.id = '__mcp-host-fonts';
  style.textContent = css;
  document.head.append(style);
}
