// A minimal hosted MCP server on the v2 SDK: hosted-auth in front, one tool that calls the SP-API mock with the caller's own LWA login.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createMcpHandler, McpServer } from '@modelcontextprotocol/server';
import { generateSigningKey } from '../../src/as/signing-key.js';
import { createHostedAuth, type HostedAuth } from '../../src/hosted-auth.js';
import { toNodeListener } from '../../src/http/node-listener.js';
import { MemoryStore } from '../../src/store/memory-store.js';
import type { UpstreamLogin } from '../../src/upstream/upstream-login.js';
import { parseKeyRing } from '../../src/vault/key-ring.js';
import { CredentialVault } from '../../src/vault/vault.js';
import { vaultKeys } from './harness.js';

export interface HostedServer {
  url: string;
  resource: string;
  auth: HostedAuth;
  close(): Promise<void>;
}

/** Exchanges the user's refresh token at LWA and calls SP-API's getMarketplaceParticipations with the result. */
async function callSpApi(refreshToken: string, clientId: string, clientSecret: string): Promise<unknown> {
  const lwa = await fetch('https://api.amazon.com/auth/o2/token', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded;charset=UTF-8' },
    body: new URLSearchParams({
      grant_type: 'refresh_token',
      refresh_token: refreshToken,
      client_id: clientId,
      client_secret: clientSecret,
    }).toString(),
  });
  const { access_token } = (await lwa.json()) as { access_token: string };
  const response = await fetch(
    'https://sellingpartnerapi-na.amazon.com/sellers/v1/marketplaceParticipations',
    {
      headers: {
        'x-amz-access-token': access_token,
        'user-agent': 'obmcp-hosted-test/1.0 (Language=TypeScript)',
      },
    },
  );
  return { status: response.status };
}

export async function startHostedServer(
  upstream: UpstreamLogin,
  lwaClient: { clientId: string; clientSecret: string },
): Promise<HostedServer> {
  const store = new MemoryStore();
  const vault = new CredentialVault(store, parseKeyRing(vaultKeys()));
  const signingKey = await generateSigningKey();
  let auth: HostedAuth | undefined;
  const mcp = createMcpHandler(async (ctx) => {
    const server = new McpServer({ name: 'hosted-test', version: '1.0.0' });
    const subject = String(ctx.authInfo?.extra?.subject ?? '');
    server.registerTool(
      'whoami_seller',
      { description: 'Calls SP-API as the logged-in seller' },
      async () => {
        const credential = await vault.get(subject);
        if (credential === undefined)
          return { content: [{ type: 'text', text: 'logged out' }], isError: true };
        const upstreamResult = await callSpApi(credential.secret, lwaClient.clientId, lwaClient.clientSecret);
        return { content: [{ type: 'text', text: JSON.stringify({ subject, upstream: upstreamResult }) }] };
      },
    );
    return server;
  });
  const listener = createServer();
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(listener.address() as AddressInfo).port}`;
  const resource = `${origin}/mcp`;
  auth = createHostedAuth({
    resource: new URL(resource),
    serverName: 'obmcp for Amazon SP-API (test)',
    store,
    vault,
    signingKey,
    upstream,
    dangerouslyAllowInsecureIssuerUrl: true,
  });
  const hosted = auth;
  listener.on(
    'request',
    toNodeListener(async (request) => {
      const handled = await hosted.handle(request);
      if (handled !== undefined) return handled;
      if (new URL(request.url).pathname !== '/mcp') return new Response('not found', { status: 404 });
      const identity = await hosted.authenticate(request);
      if (identity instanceof Response) return identity;
      return mcp.fetch(request, { authInfo: identity.auth });
    }, origin),
  );
  return {
    url: origin,
    resource,
    auth: hosted,
    close: async () => {
      await mcp.close();
      listener.closeAllConnections();
      await new Promise<void>((resolve) => listener.close(() => resolve()));
    },
  };
}
