// One app under test: its real stdio server (with the msw mocks) relayed to a page that hosts its views.
import { fileURLToPath } from 'node:url';
import type { CallToolResult, JSONRPCMessage } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { type AppName, appEntry, MOCKS_PRELOAD, REPO_ROOT } from '@obmcp/test-kit';
import type { BrowserContext, FrameLocator, Page } from 'playwright-core';

const HOST_PAGE = new URL('../dist/host/index.html', import.meta.url).href;

export interface MountOptions {
  id: string;
  tool: string;
  arguments: Record<string, unknown>;
  result?: CallToolResult;
  theme?: 'light' | 'dark';
  width?: number;
  pending?: boolean;
  without?: Array<'openLinks' | 'downloadFile'>;
  safeAreaInsets?: { top: number; right: number; bottom: number; left: number };
}

export interface Mounted {
  resourceUri: string | undefined;
  mimeType: string | undefined;
  isError: boolean;
  result: CallToolResult;
}

export interface ViewHost {
  page: Page;
  /** initialize's (or server/discover's) server capabilities as the page's client saw them. */
  capabilities: { extensions: unknown; resources: unknown };
  /** The protocol era the page's client negotiated: `legacy` (2025, initialize) or `modern` (2026-07-28). */
  era: string;
  mount(options: MountOptions): Promise<Mounted>;
  frame(id: string): FrameLocator;
  setContext(id: string, update: Record<string, unknown>): Promise<void>;
  /** Resizes the view's frame (and tells the view through containerDimensions). */
  setWidth(id: string, width: number): Promise<void>;
  /** The ui/update-model-context params the view sent, oldest first. */
  modelContexts(
    id: string,
  ): Promise<Array<{ content?: unknown[]; structuredContent?: Record<string, unknown> }>>;
  /** The ui/open-link and ui/download-file requests the view sent, oldest first. */
  hostRequests(id: string): Promise<Array<{ method: string; params: Record<string, unknown> }>>;
  /** Every tools/call the page sent to the server (the view's own calls included), oldest first. */
  toolCalls(): Array<{ name: string; arguments: Record<string, unknown> }>;
  stderr(): string;
  close(): Promise<void>;
}

export async function openViewHost(
  context: BrowserContext,
  app: AppName,
  env: Record<string, string>,
  era: 'legacy' | 'modern' = 'legacy',
): Promise<ViewHost> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: ['--import', MOCKS_PRELOAD, appEntry(app)],
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    stderr: 'pipe',
    cwd: REPO_ROOT,
  });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString('utf8');
  });
  const calls: Array<{ name: string; arguments: Record<string, unknown> }> = [];
  const page = await context.newPage();
  page.on('pageerror', (error) => {
    stderr += `\n[page] ${error.message}`;
  });
  page.on('console', (message) => {
    if (message.type() === 'error') stderr += `\n[console] ${message.text()}`;
  });
  await page.exposeFunction('__relaySend', async (json: string) => {
    const message = JSON.parse(json) as JSONRPCMessage & {
      method?: string;
      params?: { name?: string; arguments?: Record<string, unknown> };
    };
    if (message.method === 'tools/call' && message.params?.name)
      calls.push({ name: message.params.name, arguments: message.params.arguments ?? {} });
    await transport.send(message);
  });
  // Messages are delivered in order: each waits for the previous evaluate.
  let delivery = Promise.resolve();
  transport.onmessage = (message) => {
    delivery = delivery
      .then(() => page.evaluate((m) => globalThis.__relayDeliver?.(m), message as never))
      .catch(() => undefined);
  };
  await transport.start();
  await page.goto(HOST_PAGE);
  const { era: negotiated, ...capabilities } = await page.evaluate(
    (e) => globalThis.obmcpHost.connect(e),
    era,
  );
  return {
    page,
    capabilities,
    era: negotiated,
    mount: (options) =>
      page.evaluate((o) => globalThis.obmcpHost.mount(o as never), options as never) as Promise<Mounted>,
    frame: (id) => page.frameLocator(`#${id}`),
    setContext: (id, update) =>
      page.evaluate(([i, u]) => globalThis.obmcpHost.setContext(i as string, u as never), [
        id,
        update,
      ] as const),
    setWidth: (id, width) =>
      page.evaluate(([i, w]) => globalThis.obmcpHost.setWidth(i as string, w as number), [
        id,
        width,
      ] as const),
    modelContexts: (id) =>
      page.evaluate((i) => globalThis.obmcpHost.modelContexts(i), id) as Promise<
        Array<{ content?: unknown[]; structuredContent?: Record<string, unknown> }>
      >,
    hostRequests: (id) =>
      page.evaluate((i) => globalThis.obmcpHost.hostRequests(i), id) as Promise<
        Array<{ method: string; params: Record<string, unknown> }>
      >,
    toolCalls: () => [...calls],
    stderr: () => stderr,
    close: async () => {
      await page.close().catch(() => undefined);
      await transport.close().catch(() => undefined);
    },
  };
}

export const HOST_PAGE_PATH = fileURLToPath(HOST_PAGE);
