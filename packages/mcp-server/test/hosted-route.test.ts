// --hosted HTTP: discovery and /oauth/* go to the gate, /mcp runs as the user the gate names (tasks owned by that user), a refusal is the gate's.
import { Client } from '@modelcontextprotocol/client';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { exampleProfile, exampleTools } from '@obmcp/contract/internal/example/example-tools.js';
import { afterEach, describe, expect, it } from 'vitest';
import { currentHostedUser, type HostedGate, type HostedUser } from '../src/entries/hosted.js';
import { startHttpServer } from '../src/entries/http.js';
import { createContractServer, createLogger } from '../src/entries/server.js';
import { taskOwner } from '../src/http/task-owner.js';
import { currentSessionChoices, type SessionChoiceStore } from '../src/server/session-choices.js';

const alice: HostedUser = { subject: 'sp:A1', account: 'A1', secret: 'Atzr|alice' };

function fakeGate(origin: () => string): HostedGate & { seen: string[] } {
  const seen: string[] = [];
  return {
    seen,
    get origin() {
      return origin();
    },
    async handle(request, client) {
      seen.push(`handle ${request.method} ${new URL(request.url).pathname} from ${client?.address ?? '-'}`);
      if (new URL(request.url).pathname === '/oauth/token')
        return Response.json({ ok: await request.text() });
      return undefined;
    },
    async authenticate(request) {
      seen.push(`authenticate ${request.headers.get('authorization') ?? '-'}`);
      if (request.headers.get('authorization') === 'Bearer good') return alice;
      return new Response('{"error":"invalid_token"}', {
        status: 401,
        headers: {
          'www-authenticate': 'Bearer error="invalid_token", resource_metadata="x"',
          'content-type': 'application/json',
        },
      });
    },
  };
}

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

async function start(sessionChoices?: SessionChoiceStore): Promise<{
  url: string;
  gate: ReturnType<typeof fakeGate>;
  owners: string[];
  users: (HostedUser | undefined)[];
  regions: (string | undefined)[];
}> {
  const owners: string[] = [];
  const users: (HostedUser | undefined)[] = [];
  const regions: (string | undefined)[] = [];
  const logger = createLogger({ name: 'hosted-test', level: 'error' });
  const { newServer } = createContractServer({ profile: exampleProfile, tools: exampleTools, logger });
  let origin = '';
  const gate: HostedGate & { seen: string[] } = { ...fakeGate(() => origin), sessionChoices };
  Object.defineProperty(gate, 'origin', { get: () => origin });
  const handle = await startHttpServer(
    (context) => {
      owners.push(context?.owner ?? '');
      users.push(currentHostedUser());
      regions.push(currentSessionChoices()?.get('region'));
      return newServer(context);
    },
    { port: 0, host: '127.0.0.1', maxBodyBytes: 1 << 20, shutdownTimeoutMs: 1000, hostedMode: true, gate },
    logger,
  );
  origin = `http://127.0.0.1:${handle.port}`;
  close = () => handle.close('test');
  return { url: origin, gate, owners, users, regions };
}

/** The message of a JSON-RPC error answer. */
const messageOf = async (response: Response): Promise<string> =>
  ((await response.json()) as { error: { message: string } }).error.message;

/** A JSON-RPC initialize as a client's first request. */
const initialize = (authorization: string) => ({
  method: 'POST',
  headers: {
    authorization,
    'content-type': 'application/json',
    accept: 'application/json, text/event-stream',
  },
  body: JSON.stringify({
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '0' } },
  }),
});

describe('--hosted HTTP', () => {
  it('answers discovery and /oauth/* from the gate (bodies included), 404 for what the gate does not know', async () => {
    const { url, gate } = await start();
    const token = await fetch(`${url}/oauth/token`, { method: 'POST', body: 'grant_type=x' });
    expect(await token.json()).toEqual({ ok: 'grant_type=x' });
    expect((await fetch(`${url}/.well-known/oauth-protected-resource/mcp`)).status).toBe(404);
    // The gate learns the connecting address (its registration limit counts by it).
    expect(gate.seen).toEqual([
      'handle POST /oauth/token from 127.0.0.1',
      'handle GET /.well-known/oauth-protected-resource/mcp from 127.0.0.1',
    ]);
  });

  it('the gate answers exactly its paths: the AS metadata document, every /oauth/ path, PRM and its sub-paths', async () => {
    const { url, gate } = await start();
    for (const path of [
      '/.well-known/oauth-authorization-server',
      '/.well-known/oauth-protected-resource',
      '/oauth/authorize?client_id=x',
    ])
      expect((await fetch(`${url}${path}`)).status, path).toBe(404);
    for (const path of [
      '/.well-known/oauth-authorization-server/mcp',
      '/oauth',
      '/oauthx/token',
      '/x/oauth/token',
    ])
      expect(await messageOf(await fetch(`${url}${path}`)), path).toBe('Not found: the MCP endpoint is /mcp');
    expect(await messageOf(await fetch(`${url}/oauth/unknown`))).toBe('Not found');
    expect(gate.seen.map((line) => line.split(' ')[2]).slice(0, 3)).toEqual([
      '/.well-known/oauth-authorization-server',
      '/.well-known/oauth-protected-resource',
      '/oauth/authorize',
    ]);
  });

  it('refuses an OAuth request body over 64 KiB with 413 before the gate reads it', async () => {
    const { url, gate } = await start();
    const at = await fetch(`${url}/oauth/token`, { method: 'POST', body: 'x'.repeat(64 * 1024) });
    expect(at.status).toBe(200);
    const over = await fetch(`${url}/oauth/token`, { method: 'POST', body: 'x'.repeat(64 * 1024 + 1) });
    expect(over.status).toBe(413);
    expect(await messageOf(over)).toBe('Request body exceeds 65536 bytes');
    expect(over.headers.get('connection')).toBe('close');
    expect(gate.seen).toHaveLength(1);
  });

  it("runs /mcp with the user's own session choices; a store that does not answer is 503, never a guess", async () => {
    const loads: string[] = [];
    let down = false;
    const store: SessionChoiceStore = {
      async load(key) {
        loads.push(key);
        if (down) throw new Error('redis down');
        return { region: 'eu' };
      },
      async save() {},
    };
    const { url, regions, owners } = await start(store);
    expect((await fetch(`${url}/mcp`, initialize('Bearer good'))).status).toBe(200);
    expect(loads).toEqual(['sp:A1']);
    expect(regions).toEqual(['eu']);
    down = true;
    const refused = await fetch(`${url}/mcp`, initialize('Bearer good'));
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('1');
    expect(await messageOf(refused)).toBe('The session store is unavailable; retry shortly');
    expect(owners).toHaveLength(1);
  });

  it('the gate checks the token from the headers only: the request body stays whole for the MCP server', async () => {
    const { url, gate } = await start();
    const authenticate = gate.authenticate.bind(gate);
    const bodies: string[] = [];
    gate.authenticate = async (request) => {
      // A gate that reads what it is given: it must be given no body.
      bodies.push(await request.text());
      return authenticate(request);
    };
    const response = await fetch(`${url}/mcp`, initialize('Bearer good'));
    expect(response.status).toBe(200);
    expect(bodies).toEqual(['']);
  }, 10_000);

  it('sends the gate’s refusal (401 + challenge) and never reaches the MCP server', async () => {
    const { url, owners } = await start();
    const response = await fetch(`${url}/mcp`, {
      method: 'POST',
      headers: { authorization: 'Bearer bad', 'content-type': 'application/json' },
      body: '{}',
    });
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toContain('resource_metadata');
    expect(owners).toEqual([]);
  });

  it('runs /mcp as the user: tasks are owned by the user, not by the (rotating) token', async () => {
    const { url, owners, users } = await start();
    const client = new Client({ name: 't', version: '0' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${url}/mcp`), {
        requestInit: { headers: { authorization: 'Bearer good' } },
      }),
    );
    await client.listTools();
    await client.close();
    expect(owners.length).toBeGreaterThan(0);
    expect(new Set(owners)).toEqual(new Set(['hosted:sp:A1']));
    expect(users.every((u) => u?.subject === 'sp:A1')).toBe(true);
  });

  it('owns tasks by the credential outside --hosted (unchanged)', () => {
    expect(taskOwner('Bearer x')).toMatch(/^auth:/);
    expect(taskOwner(undefined)).toBe('anonymous');
  });
});

describe('--hosted on the command line', async () => {
  const { parseCliArgs } = await import('../src/cli/cli-args.js');
  const { readHttpOptions } = await import('../src/http/http-options.js');

  it('implies HTTP, may bind any host (every call carries a user’s OAuth token), refuses the shared bearer token', () => {
    const request = parseCliArgs(['--hosted', '--host', '0.0.0.0']);
    if (request.action !== 'serve') throw new Error('not serve');
    expect(request.flags).toMatchObject({ http: true, hosted: true });
    expect(readHttpOptions(request.flags, {}).hostedMode).toBe(true);
    expect(() => readHttpOptions(request.flags, { OBMCP_HTTP_BEARER_TOKEN: 'x'.repeat(20) })).toThrow(
      /--hosted/,
    );
    const plain = parseCliArgs(['--http', '--host', '0.0.0.0']);
    if (plain.action !== 'serve') throw new Error('not serve');
    expect(() => readHttpOptions(plain.flags, {})).toThrow(/refusing/);
  });
});
