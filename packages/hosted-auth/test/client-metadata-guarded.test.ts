// The guarded client_id document fetch past its address check: pinned to the checked address, no redirects, 5 KiB, JSON only.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** Each Agent the fetcher makes, with the options it was made with (its connect.lookup pins the address). */
const agents: { options: AgentOptions; agent: { closed: boolean } }[] = [];
interface AgentOptions {
  connect: {
    lookup: (hostname: string, options: object, callback: (...args: unknown[]) => void) => void;
  };
}

vi.mock('undici', async (importOriginal) => {
  const undici = await importOriginal<typeof import('undici')>();
  class RecordingAgent extends undici.Agent {
    constructor(options: ConstructorParameters<typeof undici.Agent>[0]) {
      super(options);
      agents.push({ options: options as unknown as AgentOptions, agent: this });
    }
  }
  return { ...undici, Agent: RecordingAgent };
});

const { guardedClientMetadataFetcher, checkClientIdUrl, ClientMetadataError } = await import(
  '../src/as/client-metadata-fetch.js'
);

const CLIENT_ID = 'https://client.example.test/oauth/client.json';
const PUBLIC_V4 = '93.184.215.14';
const PUBLIC_V6 = '2606:2800:21f:cb07:6820:80da:af6b:8b2c';
const DOC = { client_id: CLIENT_ID, redirect_uris: ['https://client.example.test/cb'] };

interface Sent {
  url: string;
  init: RequestInit & { dispatcher?: unknown };
}
let sent: Sent[];

/** Stubs the global fetch: records what the fetcher sends and answers with `answer`. */
function upstream(answer: (sent: Sent) => Response | Promise<Response>): void {
  vi.stubGlobal('fetch', async (url: URL | string, init: RequestInit & { dispatcher?: unknown }) => {
    const request = { url: String(url), init };
    sent.push(request);
    return answer(request);
  });
}

/** A body that arrives in chunks of `sizes` bytes (no Content-Length), and whether the reader cancelled it. */
function chunked(sizes: number[]): { body: ReadableStream<Uint8Array>; cancelled: () => boolean } {
  let cancelled = false;
  let index = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      const size = sizes[index++];
      if (size === undefined) controller.close();
      else controller.enqueue(new Uint8Array(size).fill(0x20));
    },
    cancel() {
      cancelled = true;
    },
  });
  return { body, cancelled: () => cancelled };
}

beforeEach(() => {
  sent = [];
  agents.length = 0;
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('a public client_id document', () => {
  it('is fetched once, as JSON, with redirects refused, a deadline, through a pinned connection that is closed after', async () => {
    const resolved: string[] = [];
    upstream(() => Response.json(DOC));
    const fetcher = guardedClientMetadataFetcher(async (host) => {
      resolved.push(host);
      return [PUBLIC_V4];
    });
    expect(await fetcher(new URL(CLIENT_ID))).toEqual(DOC);
    expect(resolved).toEqual(['client.example.test']);
    expect(sent).toHaveLength(1);
    const [request] = sent;
    expect(request?.url).toBe(CLIENT_ID);
    expect(request?.init.redirect).toBe('error');
    expect(new Headers(request?.init.headers).get('accept')).toBe('application/json');
    expect(request?.init.signal).toBeInstanceOf(AbortSignal);
    expect(request?.init.signal?.aborted).toBe(false);
    expect(agents).toHaveLength(1);
    expect(request?.init.dispatcher).toBe(agents[0]?.agent);
    await vi.waitFor(() => expect(agents[0]?.agent.closed).toBe(true));
  });

  it('connects only to the first checked address, whatever name the connection asks for (no DNS rebinding)', async () => {
    upstream(() => Response.json(DOC));
    await guardedClientMetadataFetcher(async () => [PUBLIC_V4, '8.8.8.8'])(new URL(CLIENT_ID));
    const lookup = agents[0]?.options.connect.lookup;
    const single: unknown[][] = [];
    lookup?.('rebound.example.test', { family: 0 }, (...args) => single.push(args));
    expect(single).toEqual([[null, PUBLIC_V4, 4]]);
    const all: unknown[][] = [];
    lookup?.('rebound.example.test', { all: true }, (...args) => all.push(args));
    expect(all).toEqual([[null, [{ address: PUBLIC_V4, family: 4 }]]]);
  });

  it('pins an IPv6 address as family 6, and resolves a bracketed IPv6 host without its brackets', async () => {
    upstream(() => Response.json(DOC));
    const resolved: string[] = [];
    await guardedClientMetadataFetcher(async (host) => {
      resolved.push(host);
      return [PUBLIC_V6];
    })(new URL(`https://[${PUBLIC_V6}]/oauth/client.json`));
    expect(resolved).toEqual([PUBLIC_V6]);
    const lookup = agents[0]?.options.connect.lookup;
    const single: unknown[][] = [];
    lookup?.('x', {}, (...args) => single.push(args));
    expect(single).toEqual([[null, PUBLIC_V6, 6]]);
    const all: unknown[][] = [];
    lookup?.('x', { all: true }, (...args) => all.push(args));
    expect(all).toEqual([[null, [{ address: PUBLIC_V6, family: 6 }]]]);
  });

  it('takes a body of exactly 5 KiB, declared or not', async () => {
    const text = JSON.stringify({ ...DOC, pad: '' });
    const padded = JSON.stringify({ ...DOC, pad: ' '.repeat(5 * 1024 - text.length) });
    expect(Buffer.byteLength(padded)).toBe(5 * 1024);
    const fetcher = guardedClientMetadataFetcher(async () => [PUBLIC_V4]);
    upstream(() => new Response(padded));
    expect(await fetcher(new URL(CLIENT_ID))).toMatchObject(DOC);
    upstream(() => new Response(padded, { headers: { 'content-length': String(5 * 1024) } }));
    expect(await fetcher(new URL(CLIENT_ID))).toMatchObject(DOC);
  });

  it('resolves with the system resolver by default (an address literal resolves to itself)', async () => {
    upstream(() => Response.json(DOC));
    expect(await guardedClientMetadataFetcher()(new URL(`https://${PUBLIC_V4}/oauth/client.json`))).toEqual(
      DOC,
    );
    const single: unknown[][] = [];
    agents[0]?.options.connect.lookup('x', {}, (...args) => single.push(args));
    expect(single).toEqual([[null, PUBLIC_V4, 4]]);
  });
});

describe('refusals after the address check', () => {
  const fetchWith = (addresses: string[] | Error) =>
    guardedClientMetadataFetcher(async () => {
      if (addresses instanceof Error) throw addresses;
      return addresses;
    })(new URL(CLIENT_ID));

  it('a host that does not resolve, or resolves to nothing, is refused without a request', async () => {
    upstream(() => Response.json(DOC));
    await expect(fetchWith(new Error('ENOTFOUND'))).rejects.toThrow(/^the client_id host does not resolve$/);
    await expect(fetchWith([])).rejects.toThrow(/^the client_id host resolves to a private address$/);
    await expect(fetchWith(['::ffff:10.0.0.1'])).rejects.toThrow(/private address/);
    expect(sent).toEqual([]);
    expect(agents).toEqual([]);
  });

  it('an answer that is not 2xx names its status', async () => {
    upstream(() => new Response('{}', { status: 404 }));
    await expect(fetchWith([PUBLIC_V4])).rejects.toThrow(/^the client_id document answered 404$/);
  });

  it('a body that is not JSON, or no body at all, is refused', async () => {
    upstream(() => new Response('<html>hello</html>'));
    await expect(fetchWith([PUBLIC_V4])).rejects.toThrow(/^the client_id document is not JSON$/);
    upstream(() => new Response('', { status: 200 }));
    await expect(fetchWith([PUBLIC_V4])).rejects.toThrow(/^the client_id document is not JSON$/);
    upstream(() => new Response(null, { status: 200 }));
    await expect(fetchWith([PUBLIC_V4])).rejects.toThrow(/^the client_id document is empty$/);
  });

  it('a redirect, a timeout or a reset is "could not be fetched", never the raw error', async () => {
    upstream(() => {
      throw new TypeError('fetch failed: redirect mode is set to error, secret=abc');
    });
    const error = await fetchWith([PUBLIC_V4]).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ClientMetadataError);
    expect((error as Error).message).toBe('the client_id document could not be fetched');
    await vi.waitFor(() => expect(agents[0]?.agent.closed).toBe(true));
  });

  it('a declared Content-Length over 5 KiB is refused before the body is read', async () => {
    const { body, cancelled } = chunked([10]);
    upstream(() => new Response(body, { headers: { 'content-length': String(5 * 1024 + 1) } }));
    await expect(fetchWith([PUBLIC_V4])).rejects.toThrow(/^the client_id document is too large$/);
    expect(cancelled()).toBe(false);
  });

  it('a body over 5 KiB in small chunks is cut off and cancelled', async () => {
    const { body, cancelled } = chunked([2048, 2048, 1025, 100]);
    upstream(() => new Response(body));
    await expect(fetchWith([PUBLIC_V4])).rejects.toThrow(/^the client_id document is too large$/);
    expect(cancelled()).toBe(true);
  });
});

describe('the address rules', () => {
  it.each([
    ['https://client.example.test/c.json#frag', /^a client_id URL has no fragment$/],
    ['https://:pw@client.example.test/c.json', /^a client_id URL carries no credentials$/],
    ['https://user@client.example.test/c.json', /^a client_id URL carries no credentials$/],
    ['ftp://client.example.test/c.json', /^a client_id URL must be https$/],
    ['https://client.example.test', /^a client_id URL has a path$/],
    ['https://192.168.1.10/c.json', /^a client_id URL may not name a private address$/],
  ])('refuses %s', (url, message) => {
    expect(() => checkClientIdUrl(new URL(url))).toThrow(message);
  });

  it('passes a public https URL with a path', () => {
    expect(() => checkClientIdUrl(new URL(CLIENT_ID))).not.toThrow();
    expect(() => checkClientIdUrl(new URL('https://93.184.215.14/c.json?v=1'))).not.toThrow();
  });
});
