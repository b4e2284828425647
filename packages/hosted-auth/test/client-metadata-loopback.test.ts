// A loopback test deployment's client_id document fetch, against a real document host on this machine.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isLoopbackHostname, loopbackClientMetadataFetcher } from '../src/as/client-metadata-fetch.js';

const DOC = { client_id: 'set per request', client_name: 'Loopback client' };
let server: Server;
let origin: string;
const hits: string[] = [];
const accepts: (string | undefined)[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    hits.push(req.url ?? '');
    accepts.push(req.headers.accept);
    if (req.url === '/doc.json') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(DOC));
    } else if (req.url === '/moved.json') {
      res.writeHead(302, { location: '/doc.json' });
      res.end();
    } else if (req.url === '/html') {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<html></html>');
    } else if (req.url === '/big.json') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ pad: 'x'.repeat(6000) }));
    } else {
      res.writeHead(404);
      res.end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

describe('the loopback fetcher', () => {
  const fetcher = loopbackClientMetadataFetcher();

  it('reads a document on this machine over http, asking for JSON', async () => {
    accepts.length = 0;
    expect(await fetcher(new URL(`${origin}/doc.json`))).toEqual(DOC);
    expect(accepts).toEqual(['application/json']);
  });

  it('refuses a redirect instead of following it', async () => {
    hits.length = 0;
    await expect(fetcher(new URL(`${origin}/moved.json`))).rejects.toThrow(
      /^the client_id document could not be fetched$/,
    );
    expect(hits).toEqual(['/moved.json']);
  });

  it('names a status that is not 2xx, and refuses a body that is not JSON or over 5 KiB', async () => {
    await expect(fetcher(new URL(`${origin}/gone.json`))).rejects.toThrow(
      /^the client_id document answered 404$/,
    );
    await expect(fetcher(new URL(`${origin}/html`))).rejects.toThrow(/could not be fetched/);
    await expect(fetcher(new URL(`${origin}/big.json`))).rejects.toThrow(
      /^the client_id document is too large$/,
    );
  });

  it.each([
    ['http://127.0.0.1:9/c.json#frag'],
    ['http://:pw@127.0.0.1:9/c.json'],
    ['http://user@127.0.0.1:9/c.json'],
  ])('refuses %s before sending anything', async (url) => {
    await expect(fetcher(new URL(url))).rejects.toThrow(
      /^a client_id URL has a path and no credentials or fragment$/,
    );
  });

  it('refuses a name that only looks like loopback', async () => {
    await expect(fetcher(new URL('http://127.0.0.1.attacker.test/c.json'))).rejects.toThrow(
      /^a test deployment fetches client_id documents on loopback over http only$/,
    );
  });
});

describe('isLoopbackHostname', () => {
  it.each(['localhost', '[::1]', '127.0.0.1', '127.255.0.9', '127.1.22.33', '127.0.100.200'])(
    '%s is this machine',
    (host) => {
      expect(isLoopbackHostname(host)).toBe(true);
    },
  );

  it.each([
    '127.attacker.example',
    '127.0.0.1.attacker.example',
    'x127.0.0.1',
    '127.0.0',
    '127.0.0.1234',
    '1127.0.0.1',
    'localhost.attacker.example',
    '[::2]',
    '10.0.0.1',
  ])('%s is not', (host) => {
    expect(isLoopbackHostname(host)).toBe(false);
  });
});
