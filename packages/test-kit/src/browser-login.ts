// @obmcp/test-kit/browser-login — an MCP host's side of a hosted login: the v2 SDK client's OAuth provider, a loopback redirect URI, a Chromium profile per user.
import { CHROMIUM, CHROMIUM_ARGS } from './chromium.js';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  Client,
  type OAuthClientProvider,
  StreamableHTTPClientTransport,
  UnauthorizedError,
} from '@modelcontextprotocol/client';
import { type Browser, chromium, type Page } from 'playwright-core';

/** What an MCP host keeps for one server: its registration, tokens, PKCE verifier, discovery state. */
export class MemoryProvider implements OAuthClientProvider {
  client: unknown;
  saved: unknown;
  verifier = '';
  discovery: unknown;
  authorizationUrl: URL | undefined;
  constructor(private readonly callback: string) {}
  get redirectUrl(): string {
    return this.callback;
  }
  get clientMetadata() {
    return {
      client_name: 'E2E MCP Host',
      redirect_uris: [this.callback],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
    };
  }
  clientInformation() {
    return this.client as never;
  }
  saveClientInformation(info: unknown) {
    this.client = info;
  }
  tokens() {
    return this.saved as never;
  }
  saveTokens(tokens: unknown) {
    this.saved = tokens;
  }
  redirectToAuthorization(url: URL) {
    this.authorizationUrl = url;
  }
  saveCodeVerifier(verifier: string) {
    this.verifier = verifier;
  }
  codeVerifier() {
    return this.verifier;
  }
  saveDiscoveryState(state: unknown) {
    this.discovery = state;
  }
  discoveryState() {
    return this.discovery as never;
  }
  get accessToken(): string {
    return (this.saved as { access_token: string }).access_token;
  }
}

export interface Host {
  browser: Browser;
  callbackUrl: string;
  /** This host's Client ID Metadata Document URL (served on loopback by the callback server). */
  documentUrl: string;
  /** How often an authorization server fetched that document. */
  documentFetches: number;
  close(): Promise<void>;
}

export async function startHost(): Promise<Host> {
  let documentFetches = 0;
  const callback: Server = createServer((req, res) => {
    if (req.url === '/oauth/client.json') {
      documentFetches++;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          client_id: host.documentUrl,
          client_name: 'E2E MCP Host (metadata document)',
          redirect_uris: [host.callbackUrl],
          grant_types: ['authorization_code', 'refresh_token'],
          response_types: ['code'],
          token_endpoint_auth_method: 'none',
        }),
      );
      return;
    }
    res.end('You can close this window.');
  });
  await new Promise<void>((resolve) => callback.listen(0, '127.0.0.1', resolve));
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [...CHROMIUM_ARGS],
  });
  const origin = `http://127.0.0.1:${(callback.address() as AddressInfo).port}`;
  const host: Host = {
    browser,
    callbackUrl: `${origin}/callback`,
    documentUrl: `${origin}/oauth/client.json`,
    get documentFetches() {
      return documentFetches;
    },
    close: async () => {
      await browser.close();
      callback.close();
    },
  };
  return host;
}

/**
 * One user logs in from scratch: the client's first request is refused (401), the SDK discovers the metadata,
 * registers (or, `byDocument`, uses the host's Client ID Metadata Document URL as its client_id: nothing is
 * registered, the authorization server fetches the document) and asks to open the authorization URL; the browser approves this client on the consent screen,
 * `upstream` drives the upstream pages until the redirect back, then finishAuth and a connected client.
 */
export async function logIn(
  host: Host,
  resource: string,
  upstream: (page: Page) => Promise<void>,
  byDocument = false,
): Promise<{ client: Client; provider: MemoryProvider }> {
  const provider = new MemoryProvider(host.callbackUrl);
  // The v2 SDK takes a clientMetadataUrl on https only; a loopback test host's is http, so the host hands
  // the SDK its document URL as the client_id it already has (the SDK then registers nothing).
  if (byDocument) provider.client = { client_id: host.documentUrl };
  const first = new Client({ name: 'e2e', version: '1.0.0' });
  try {
    await first.connect(new StreamableHTTPClientTransport(new URL(resource), { authProvider: provider }));
    throw new Error('the server let an unauthenticated client in');
  } catch (error) {
    if (!(error instanceof UnauthorizedError)) throw error;
  }
  const url = provider.authorizationUrl;
  if (url === undefined) throw new Error('the client never asked the user to authorize');
  const context = await host.browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto(url.href);
    await page.getByText('E2E MCP Host').first().waitFor();
    const back = page.waitForURL((u) => u.href.startsWith(host.callbackUrl), { timeout: 30_000 });
    await page.click('#approve');
    await upstream(page);
    await back;
    const params = new URL(page.url()).searchParams;
    if (params.get('error') !== null)
      throw new Error(`login failed: ${params.get('error')} ${params.get('error_description')}`);
    await new StreamableHTTPClientTransport(new URL(resource), { authProvider: provider }).finishAuth(params);
  } finally {
    await context.close();
  }
  const client = new Client({ name: 'e2e', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(resource), { authProvider: provider }));
  return { client, provider };
}

/** The structured result of a tool call (the contract's servers answer JSON text). */
export function resultOf(answer: unknown): Record<string, unknown> {
  const content = answer as {
    content?: { type: string; text?: string }[];
    structuredContent?: Record<string, unknown>;
  };
  if (content.structuredContent !== undefined) return content.structuredContent;
  return JSON.parse(content.content?.[0]?.text ?? '{}') as Record<string, unknown>;
}
