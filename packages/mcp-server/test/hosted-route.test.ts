// --hosted HTTP: discovery and /oauth/* go to the gate, /mcp runs as the user the gate names (tasks owned by that user), a refusal is the gate's.
import { Client } from '@modelcontextprotocol/client';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { exampleProfile, exampleTools } from '@obmcp/contract/internal/example/example-tools.js';
import { afterEach, describe, expect, it } from 'vitest';
import { currentHostedUser, type HostedGate, type HostedUser } from '../src/entries/hosted.js';
import { startHttpServer } from '../src/entries/http.js';
import { createContractServer, createLogger } from '../src/entries/server.js';
import { taskOwner } from '../src/http/task-owner.js';

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

async function start(): Promise<{
  url: string;
  gate: ReturnType<typeof fakeGate>;
  owners: string[];
  users: (HostedUser | undefined)[];
}> {
  const owners: string[] = [];
  const users: (HostedUser | undefined)[] = [];
  const logger = createLogger({ name: 'hosted-test', level: 'error' });
  const { newServer } = createContractServer({ profile: exampleProfile, tools: exampleTools, logger });
  let origin = '';
  const gate = fakeGate(() => origin);
  const handle = await startHttpServer(
    (context) => {
      owners.push(context?.owner ?? '');
      users.push(currentHostedUser());
      return newServer(context);
    },
    { port: 0, host: '127.0.0.1', maxBodyBytes: 1 << 20, shutdownTimeoutMs: 1000, hostedMode: true, gate },
    logger,
  );
  origin = `http://127.0.0.1:${handle.port}`;
  close = () => handle.close('test');
  return { url: origin, gate, owners, users };
}

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
