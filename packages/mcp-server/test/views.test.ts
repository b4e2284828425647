// MCP Apps views on the contract server: resources, the extension capability, `_meta.ui` only for clients that render views.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Client, InMemoryTransport, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import { afterEach, describe, expect, test } from 'vitest';
import { exampleProfile, exampleTools } from '@obmcp/contract/internal/example/example-tools.js';
import { HTTP_DEFAULTS, startHttpServer } from '../src/entries/http.js';
import { createContractServer, defineViews } from '../src/entries/server.js';
import { silentLogger } from '../src/entries/testing.js';
import { RESOURCE_NOT_FOUND } from '../src/views/view-registry.js';
import { UI_EXTENSION_ID, VIEW_MIME_TYPE } from '../src/views/ui-extension.js';
import type { ViewDefinition } from '../src/entries/server.js';
import { capturingLogger } from './helpers.js';

const [bound, other] = exampleTools;
if (!bound || !other) throw new Error('example tools missing');
const dir = mkdtempSync(join(tmpdir(), 'obmcp-views-'));
const HTML = '<!doctype html><html><head><title>t</title></head><body>view</body></html>';
writeFileSync(join(dir, 'present.html'), HTML);

const VIEWS: ViewDefinition[] = [
  {
    uri: `ui://${exampleProfile.name}/present`,
    name: 'present',
    title: 'Present',
    description: 'A built view.',
    tools: [bound.name, 'not_listed_here'],
    file: pathToFileURL(join(dir, 'present.html')),
  },
  {
    uri: `ui://${exampleProfile.name}/missing`,
    name: 'missing',
    title: 'Missing',
    description: 'A view whose HTML was never built.',
    tools: [],
    file: pathToFileURL(join(dir, 'missing.html')),
  },
];

const UI_CLIENT = { extensions: { [UI_EXTENSION_ID]: { mimeTypes: [VIEW_MIME_TYPE] } } };

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

async function connect(views: readonly ViewDefinition[] | undefined, capabilities: object = {}) {
  const { server } = createContractServer({
    profile: exampleProfile,
    tools: exampleTools,
    env: {},
    logger: capturingLogger().logger,
    ...(views ? { views } : {}),
  });
  const client = new Client({ name: 'views-test', version: '0.0.0' }, { capabilities });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await Promise.all([server.connect(serverSide), client.connect(clientSide)]);
  closers.push(async () => {
    await client.close();
    await server.close();
  });
  return client;
}

describe('a server with views', () => {
  test('announces resources and the io.modelcontextprotocol/ui extension', async () => {
    const client = await connect(VIEWS);
    const caps = client.getServerCapabilities();
    expect(caps?.resources).toEqual({});
    expect(caps?.extensions).toEqual({ [UI_EXTENSION_ID]: { mimeTypes: ['text/html;profile=mcp-app'] } });
  });

  test('resources/list names every view with the mcp-app mime type and an empty CSP', async () => {
    const client = await connect(VIEWS);
    const { resources } = await client.listResources();
    expect(resources.map((r) => r.uri)).toEqual(VIEWS.map((v) => v.uri));
    for (const r of resources) {
      expect(r.mimeType).toBe('text/html;profile=mcp-app');
      expect(r._meta).toEqual({
        ui: {
          csp: { connectDomains: [], resourceDomains: [], frameDomains: [], baseUriDomains: [] },
          prefersBorder: true,
        },
      });
    }
  });

  test('resources/read returns the HTML; an unknown uri is -32602 with data.uri (SEP-2164), an unbuilt one says so', async () => {
    const client = await connect(VIEWS);
    const read = await client.readResource({ uri: VIEWS[0]?.uri ?? '' });
    expect(read.contents).toEqual([
      expect.objectContaining({ uri: VIEWS[0]?.uri, mimeType: 'text/html;profile=mcp-app', text: HTML }),
    ]);
    await expect(client.readResource({ uri: 'ui://example/nope' })).rejects.toMatchObject({
      code: RESOURCE_NOT_FOUND,
      data: { uri: 'ui://example/nope' },
    });
    await expect(client.readResource({ uri: VIEWS[1]?.uri ?? '' })).rejects.toThrow(/not built/);
  });

  test('a client that renders views sees _meta.ui.resourceUri on the bound tool only', async () => {
    const client = await connect(VIEWS, UI_CLIENT);
    const { tools } = await client.listTools();
    const linked = tools.find((t) => t.name === bound.name);
    expect(linked?._meta?.ui).toEqual({ resourceUri: VIEWS[0]?.uri });
    expect(linked?._meta?.['ui/resourceUri']).toBe(VIEWS[0]?.uri);
    expect(tools.find((t) => t.name === other.name)?._meta?.ui).toBeUndefined();
  });

  test('a client without the extension gets exactly the listing and results of a server without views', async () => {
    const withViews = await connect(VIEWS);
    const without = await connect(undefined);
    expect(await withViews.listTools()).toEqual(await without.listTools());
    const args = (bound.inputSchema.examples as Record<string, unknown>[])[0];
    const strip = (r: unknown) =>
      JSON.parse(JSON.stringify(r).replace(/"request_id":"[^"]*"/g, '"request_id":""'));
    expect(strip(await withViews.callTool({ name: bound.name, arguments: args }))).toEqual(
      strip(await without.callTool({ name: bound.name, arguments: args })),
    );
    const ui = await connect(VIEWS, UI_CLIENT);
    expect(strip(await ui.callTool({ name: bound.name, arguments: args }))).toEqual(
      strip(await without.callTool({ name: bound.name, arguments: args })),
    );
  });
});

describe('a server that never saw initialize (stateless HTTP: one Server per request)', () => {
  test('links the views: it cannot tell, and a client without the extension ignores _meta.ui', async () => {
    const { newServer } = createContractServer({
      profile: exampleProfile,
      tools: exampleTools,
      env: {},
      logger: capturingLogger().logger,
      views: VIEWS,
    });
    const server = newServer();
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await server.connect(serverSide);
    closers.push(() => server.close());
    const answer = new Promise<{
      result?: { tools: Array<{ name: string; _meta?: Record<string, unknown> }> };
    }>((resolve) => {
      clientSide.onmessage = (message) => resolve(message as never);
    });
    await clientSide.start();
    await clientSide.send({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} });
    const { result } = await answer;
    expect(result?.tools.find((t) => t.name === bound.name)?._meta?.ui).toEqual({
      resourceUri: VIEWS[0]?.uri,
    });
  });
});

describe('a server without views', () => {
  test('has no resources capability and no extension', async () => {
    const client = await connect(undefined, UI_CLIENT);
    expect(client.getServerCapabilities()?.resources).toBeUndefined();
    expect(client.getServerCapabilities()?.extensions).toBeUndefined();
  });
});

describe('defineViews', () => {
  test('uri under the server, file under the package dist/views from src/ and dist/ alike', () => {
    const [fromSrc] = defineViews('file:///pkg/src/ui-views.ts', 'sp-mcp', [
      { view: 'sales-over-time', title: 'Sales', description: 'd', tools: ['t'] },
    ]);
    const [fromDist] = defineViews('file:///pkg/dist/ui-views.js', 'sp-mcp', [
      { view: 'sales-over-time', title: 'Sales', description: 'd', tools: ['t'] },
    ]);
    expect(fromSrc?.uri).toBe('ui://sp-mcp/sales-over-time');
    expect(fromSrc?.file.href).toBe('file:///pkg/dist/views/sales-over-time.html');
    expect(fromDist?.file.href).toBe(fromSrc?.file.href);
    expect(() =>
      defineViews('file:///pkg/src/x.ts', 's', [{ view: '../x', title: '', description: '', tools: [] }]),
    ).toThrow();
  });

  test('a view outside the server, a duplicate uri or a tool bound twice stops the server', () => {
    const make = (views: ViewDefinition[]) => () =>
      createContractServer({
        profile: exampleProfile,
        tools: exampleTools,
        env: {},
        views,
        logger: capturingLogger().logger,
      });
    const base = VIEWS[0] as ViewDefinition;
    expect(make([{ ...base, uri: 'ui://other/present' }])).toThrow(/not under/);
    expect(make([base, base])).toThrow(/duplicate/);
    expect(make([base, { ...base, uri: `${base.uri}-2` }])).toThrow(/two views/);
  });
});

describe('views on the 2026-07-28 path (capabilities per request, no initialize)', () => {
  test('a client announcing the extension in its _meta gets `_meta.ui`; one that does not gets none', async () => {
    const { newServer } = createContractServer({
      profile: exampleProfile,
      tools: exampleTools,
      env: {},
      logger: capturingLogger().logger,
      views: VIEWS,
    });
    const http = await startHttpServer(
      newServer,
      { ...HTTP_DEFAULTS, port: 0, host: '127.0.0.1' },
      silentLogger,
    );
    closers.push(() => http.close('test done'));
    const modern = async (capabilities: object) => {
      const client = new Client(
        { name: 'views-modern', version: '0.0.0' },
        { capabilities, versionNegotiation: { mode: { pin: '2026-07-28' } } },
      );
      await client.connect(new StreamableHTTPClientTransport(new URL(`http://127.0.0.1:${http.port}/mcp`)));
      closers.push(() => client.close());
      expect(client.getProtocolEra()).toBe('modern');
      return client;
    };
    const listed = async (client: Client) =>
      (await client.listTools()).tools.find((t) => t.name === bound.name)?._meta?.ui;
    expect(await listed(await modern(UI_CLIENT))).toEqual({ resourceUri: VIEWS[0]?.uri });
    expect(await listed(await modern({}))).toBeUndefined();
  });

  test('over stdio too (one connection, no initialize: only the request says what the client renders)', async () => {
    const { newServer } = createContractServer({
      profile: exampleProfile,
      tools: exampleTools,
      env: {},
      logger: capturingLogger().logger,
      views: VIEWS,
    });
    const listed = async (capabilities: object) => {
      const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
      const served = serveStdio(() => newServer(), { transport: serverSide });
      const client = new Client(
        { name: 'views-modern-stdio', version: '0.0.0' },
        { capabilities, versionNegotiation: { mode: { pin: '2026-07-28' } } },
      );
      await client.connect(clientSide);
      closers.push(async () => {
        await client.close();
        await served.close();
      });
      expect(client.getProtocolEra()).toBe('modern');
      return (await client.listTools()).tools.find((t) => t.name === bound.name)?._meta?.ui;
    };
    expect(await listed(UI_CLIENT)).toEqual({ resourceUri: VIEWS[0]?.uri });
    expect(await listed({})).toBeUndefined();
  });
});
