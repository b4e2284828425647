// Session choices: a switch a tool makes is in the shared store before the tool answers, so another replica (same store) reads it on the next call; a store that does not answer is a 503.
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { exampleProfile } from '@obmcp/contract/internal/example/example-tools.js';
import { READ_LOCAL, SET_SESSION, type ToolDefinition } from '@obmcp/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { currentSessionChoices, type SessionChoiceStore } from '../src/entries/hosted.js';
import { startHttpServer } from '../src/entries/http.js';
import { createContractServer, createLogger } from '../src/entries/server.js';
import { SessionChoices } from '../src/server/session-choices.js';

/** A shared store whose writes take `delayMs` (as a network round trip does); `failing` makes every call throw. */
function slowStore(delayMs: number): SessionChoiceStore & {
  data: Map<string, Record<string, string>>;
  failing: boolean;
} {
  const data = new Map<string, Record<string, string>>();
  const store = {
    data,
    failing: false,
    async load(key: string) {
      if (store.failing) throw new Error('store down');
      return { ...(data.get(key) ?? {}) };
    },
    async save(key: string, name: string, value: string | undefined) {
      await new Promise((resolve) => setTimeout(resolve, delayMs));
      if (store.failing) throw new Error('store down');
      const entry = { ...(data.get(key) ?? {}) };
      if (value === undefined) delete entry[name];
      else entry[name] = value;
      data.set(key, entry);
    },
  };
  return store;
}

const tools: ToolDefinition[] = [
  {
    name: 'set_color',
    description: 'Switches the color for later calls (test tool).',
    annotations: SET_SESSION,
    inputSchema: {
      type: 'object',
      properties: { color: { type: 'string' } },
      required: ['color'],
      examples: [{ color: 'red' }],
    },
    handler: (args) => {
      const choices = currentSessionChoices();
      if (choices === undefined) throw new Error('no session choices');
      choices.set('color', (args as { color: string }).color);
      return { color: choices.get('color') };
    },
  },
  {
    name: 'get_color',
    description: 'The color later calls use (test tool).',
    annotations: READ_LOCAL,
    inputSchema: { type: 'object', properties: {}, examples: [{}] },
    handler: () => ({ color: currentSessionChoices()?.get('color') ?? 'default' }),
  },
];

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

/** One replica: plain HTTP with the deployment's choices under `key` in `store`. */
async function replica(store: SessionChoiceStore, key = 'deployment'): Promise<string> {
  const logger = createLogger({ name: 'choices-test', level: 'error' });
  const { newServer } = createContractServer({ profile: exampleProfile, tools, logger });
  const handle = await startHttpServer(
    newServer,
    {
      port: 0,
      host: '127.0.0.1',
      maxBodyBytes: 1 << 20,
      shutdownTimeoutMs: 1000,
      sessionChoices: { store, key },
    },
    logger,
  );
  closers.push(() => handle.close('test'));
  return `http://127.0.0.1:${handle.port}/mcp`;
}

async function connect(url: string): Promise<Client> {
  const client = new Client({ name: 't', version: '0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(url)));
  closers.push(() => client.close());
  return client;
}

function structured(result: unknown): Record<string, unknown> {
  return (result as { structuredContent?: Record<string, unknown> }).structuredContent ?? {};
}

describe('SessionChoices', () => {
  it('shows a change at once, writes in order, and flush waits for the writes', async () => {
    const written: string[] = [];
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const choices = new SessionChoices({ region: 'na' }, async (name, value) => {
      await gate;
      written.push(`${name}=${value ?? '-'}`);
    });
    choices.set('region', 'eu');
    choices.set('region', undefined);
    choices.set('profile', '7');
    expect(choices.get('region')).toBeUndefined();
    expect(choices.get('profile')).toBe('7');
    let flushed = false;
    const flushing = choices.flush().then(() => {
      flushed = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(flushed).toBe(false);
    release();
    await flushing;
    expect(written).toEqual(['region=eu', 'region=-', 'profile=7']);
  });

  it('flush rejects with a write that failed (once)', async () => {
    const choices = new SessionChoices({}, async () => {
      throw new Error('store down');
    });
    choices.set('region', 'eu');
    await expect(choices.flush()).rejects.toThrow('store down');
    await expect(choices.flush()).resolves.toBeUndefined();
  });
});

describe('plain HTTP with a shared session store', () => {
  it('a switch made through replica A is what replica B answers with on the next call', async () => {
    const store = slowStore(40);
    const a = await connect(await replica(store));
    const b = await connect(await replica(store));
    expect(structured(await b.callTool({ name: 'get_color', arguments: {} })).color).toBe('default');
    const set = await a.callTool({ name: 'set_color', arguments: { color: 'green' } });
    expect(structured(set).color).toBe('green');
    // The tool answered only once the (slow) write was done: B reads it at once.
    expect(structured(await b.callTool({ name: 'get_color', arguments: {} })).color).toBe('green');
  });

  it('keys the choices: another deployment on the same store keeps its own', async () => {
    const store = slowStore(0);
    const mine = await connect(await replica(store, 'sp:one'));
    const theirs = await connect(await replica(store, 'sp:two'));
    await mine.callTool({ name: 'set_color', arguments: { color: 'blue' } });
    expect(structured(await theirs.callTool({ name: 'get_color', arguments: {} })).color).toBe('default');
    expect(store.data.get('sp:one')).toEqual({ color: 'blue' });
  });

  it('a write that fails is the tool’s error, not a silent loss', async () => {
    const store = slowStore(0);
    store.save = async () => {
      throw new Error('store down');
    };
    const client = await connect(await replica(store));
    expect((await client.callTool({ name: 'set_color', arguments: { color: 'red' } })).isError).toBe(true);
  });

  it('answers 503 with Retry-After when the store cannot be read (a switch is never guessed)', async () => {
    const store = slowStore(0);
    const url = await replica(store);
    store.failing = true;
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} }),
    });
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe('1');
  });
});
