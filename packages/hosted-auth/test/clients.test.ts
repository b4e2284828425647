// The client registry: what a registration stores and for how long, and which metadata documents name a usable client.
import { describe, expect, it } from 'vitest';
import { ClientMetadataError, type ClientMetadataFetcher } from '../src/as/client-metadata-fetch.js';
import { ClientRegistry, type ClientRecord, RegistrationError } from '../src/as/clients.js';
import { MemoryStore } from '../src/store/memory-store.js';

const DOC_URL = 'https://client.example.test/oauth/client.json';
const REDIRECT = 'https://client.example.test/cb';
const DAY = 24 * 3600 * 1000;

function registry(
  fetchDocument: ClientMetadataFetcher = async () => {
    throw new Error('no document expected');
  },
  loopback?: ClientMetadataFetcher,
) {
  const clock = { now: 1_000_000 };
  const store = new MemoryStore(() => clock.now);
  return { clock, store, clients: new ClientRegistry(store, fetchDocument, loopback) };
}

async function refusal(promise: Promise<unknown>): Promise<{ code: string; message: string }> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(RegistrationError);
  return { code: (error as RegistrationError).code, message: (error as RegistrationError).message };
}

describe('registration (RFC 7591)', () => {
  it('a confidential client by default: a secret shown once, only its digest stored', async () => {
    const { clients, store } = registry();
    const { record, secret } = await clients.register({ redirect_uris: [REDIRECT] });
    expect(record.token_endpoint_auth_method).toBe('client_secret_basic');
    expect(record.client_name).toBe('Unnamed client');
    expect(record.kind).toBe('registered');
    expect(record.client_id).toMatch(/^obmcp-[A-Za-z0-9_-]{22}$/);
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const stored = await store.get(`client:${record.client_id}`);
    expect(stored).not.toContain(secret);
    expect(await clients.find(record.client_id)).toEqual(record);
    expect(ClientRegistry.authenticates(record, secret)).toBe(true);
    expect(ClientRegistry.authenticates(record, `${secret}x`)).toBe(false);
    expect(ClientRegistry.authenticates(record, undefined)).toBe(false);
  });

  it('a public client gets no secret and authenticates with none', async () => {
    const { clients } = registry();
    const { record, secret } = await clients.register({
      redirect_uris: [REDIRECT],
      token_endpoint_auth_method: 'none',
      client_name: 'My app',
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
    });
    expect(secret).toBeUndefined();
    expect(record.secret_digest).toBeUndefined();
    expect(record.client_name).toBe('My app');
    expect(ClientRegistry.authenticates(record, undefined)).toBe(true);
    expect(ClientRegistry.authenticates(record, 'anything')).toBe(false);
    const post = await clients.register({
      redirect_uris: [REDIRECT],
      token_endpoint_auth_method: 'client_secret_post',
    });
    expect(post.record.token_endpoint_auth_method).toBe('client_secret_post');
    expect(post.secret).toBeDefined();
  });

  it('a confidential record without a stored digest authenticates nobody', () => {
    const record: ClientRecord = {
      client_id: 'obmcp-x',
      client_name: 'x',
      redirect_uris: [REDIRECT],
      token_endpoint_auth_method: 'client_secret_basic',
      kind: 'registered',
    };
    expect(ClientRegistry.authenticates(record, 'guess')).toBe(false);
  });

  it('keeps a name to 100 characters, and a registration for 90 days', async () => {
    const { clients, clock } = registry();
    const { record } = await clients.register({ redirect_uris: [REDIRECT], client_name: 'n'.repeat(150) });
    expect(record.client_name).toBe('n'.repeat(100));
    clock.now += 90 * DAY - 1000;
    expect(await clients.find(record.client_id)).toBeDefined();
    clock.now += 1000;
    expect(await clients.find(record.client_id)).toBeUndefined();
  });

  it.each([
    [
      { redirect_uris: [REDIRECT], response_types: ['code', 'token'] },
      'only the code response type is supported',
    ],
    [
      { redirect_uris: [REDIRECT], grant_types: ['refresh_token', 'implicit'] },
      'only authorization_code and refresh_token grants are supported',
    ],
    [
      { redirect_uris: [REDIRECT], token_endpoint_auth_method: 'tls_client_auth' },
      'token_endpoint_auth_method must be one of none, client_secret_basic, client_secret_post',
    ],
    [{ redirect_uris: 'https://x.test/cb' }, 'the client metadata is not valid RFC 7591 metadata'],
  ])('refuses %j as invalid_client_metadata: %s', async (raw, message) => {
    const { clients } = registry();
    expect(await refusal(clients.register(raw))).toEqual({ code: 'invalid_client_metadata', message });
  });

  it.each([
    [{ redirect_uris: [REDIRECT], grant_types: [7] }, 'the client metadata is not valid RFC 7591 metadata'],
    [7, 'the client metadata is not valid RFC 7591 metadata'],
  ])(
    'refuses %j as invalid_client_metadata (an entry of another list, or no object)',
    async (raw, message) => {
      const { clients } = registry();
      expect(await refusal(clients.register(raw))).toEqual({ code: 'invalid_client_metadata', message });
    },
  );

  it.each([
    [
      { redirect_uris: ['not a url'], grant_types: [7] },
      'a redirect URI is not a valid URL of an allowed scheme',
    ],
    [{ redirect_uris: ['not a url'] }, 'a redirect URI is not a valid URL of an allowed scheme'],
    [
      { redirect_uris: [] },
      'redirect_uris must be https, http to a loopback host, or an app scheme, without a fragment',
    ],
    [
      { redirect_uris: [REDIRECT, 'http://evil.test/cb'] },
      'redirect_uris must be https, http to a loopback host, or an app scheme, without a fragment',
    ],
  ])('refuses %j as invalid_redirect_uri', async (raw, message) => {
    const { clients } = registry();
    expect(await refusal(clients.register(raw))).toEqual({ code: 'invalid_redirect_uri', message });
  });
});

describe('clients known by a metadata document URL', () => {
  const document = { client_id: DOC_URL, client_name: 'Doc client', redirect_uris: [REDIRECT] };

  it('a public client named after the document, fetched once and cached for five minutes', async () => {
    const fetched: string[] = [];
    const { clients, clock } = registry(async (url) => {
      fetched.push(url.href);
      return document;
    });
    const expected: ClientRecord = {
      client_id: DOC_URL,
      client_name: 'Doc client',
      redirect_uris: [REDIRECT],
      token_endpoint_auth_method: 'none',
      kind: 'metadata-document',
    };
    expect(await clients.find(DOC_URL)).toEqual(expected);
    clock.now += 299_000;
    expect(await clients.find(DOC_URL)).toEqual(expected);
    expect(fetched).toEqual([DOC_URL]);
    clock.now += 1000;
    expect(await clients.find(DOC_URL)).toEqual(expected);
    expect(fetched).toEqual([DOC_URL, DOC_URL]);
  });

  it('a document without a name is named by its host; a long name is cut to 100 characters', async () => {
    const { clients } = registry(async () => ({ client_id: DOC_URL, redirect_uris: [REDIRECT] }));
    expect((await clients.find(DOC_URL))?.client_name).toBe('client.example.test');
    const long = registry(async () => ({ ...document, client_name: 'd'.repeat(120) }));
    expect((await long.clients.find(DOC_URL))?.client_name).toBe('d'.repeat(100));
    const none = registry(async () => ({ ...document, token_endpoint_auth_method: 'none' }));
    expect((await none.clients.find(DOC_URL))?.token_endpoint_auth_method).toBe('none');
  });

  it.each([
    ['names another client_id', { ...document, client_id: 'https://other.test/c.json' }],
    ['names no client_id', { client_name: 'x', redirect_uris: [REDIRECT] }],
    ['asks for a secret', { ...document, token_endpoint_auth_method: 'client_secret_post' }],
    ['has a bad redirect URI', { ...document, redirect_uris: ['http://evil.test/cb'] }],
    ['is not metadata', { ...document, redirect_uris: 7 }],
  ])('is unknown when the document %s, and nothing is cached', async (_why, body) => {
    let calls = 0;
    const { clients, store } = registry(async () => {
      calls++;
      return body;
    });
    expect(await clients.find(DOC_URL)).toBeUndefined();
    expect(await clients.find(DOC_URL)).toBeUndefined();
    expect(calls).toBe(2);
    expect(await store.get(`client-doc:${DOC_URL}`)).toBeUndefined();
  });

  it('is unknown when the fetch is refused; another failure is not swallowed', async () => {
    const refused = registry(async () => {
      throw new ClientMetadataError('the client_id document answered 404');
    });
    expect(await refused.clients.find(DOC_URL)).toBeUndefined();
    const broken = registry(async () => {
      throw new TypeError('bug');
    });
    await expect(broken.clients.find(DOC_URL)).rejects.toThrow('bug');
    const asked: unknown[] = [];
    const unparsable = registry(async (url) => {
      asked.push(url);
      return document;
    });
    expect(await unparsable.clients.find('https://[bad/c.json')).toBeUndefined();
    expect(asked).toEqual([]);
  });

  it('an http client_id is fetched only by a loopback deployment’s fetcher, never by the public one', async () => {
    const loopbackId = 'http://127.0.0.1:9/c.json';
    const publicFetches: string[] = [];
    const publicOnly = registry(async (url) => {
      publicFetches.push(url.href);
      return document;
    });
    expect(await publicOnly.clients.find(loopbackId)).toBeUndefined();
    expect(publicFetches).toEqual([]);
    const withLoopback = registry(
      async (url) => {
        publicFetches.push(url.href);
        return document;
      },
      async () => ({ ...document, client_id: loopbackId }),
    );
    expect((await withLoopback.clients.find(loopbackId))?.client_id).toBe(loopbackId);
    expect((await withLoopback.clients.find(DOC_URL))?.client_id).toBe(DOC_URL);
    expect(publicFetches).toEqual([DOC_URL]);
    // A registered id is never fetched.
    expect(await withLoopback.clients.find('obmcp-unknown')).toBeUndefined();
    expect(publicFetches).toEqual([DOC_URL]);
  });
});
