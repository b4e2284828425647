// Fetches a Client ID Metadata Document with SSRF guards: https only, public addresses only (pinned), no redirects, small.
import { lookup as dnsLookup } from 'node:dns/promises';
import { isPrivateHost } from '@obmcp/http-kit';
import { Agent } from 'undici';

/** Resolves a host name to its addresses. */
export type Resolve = (hostname: string) => Promise<string[]>;

export type ClientMetadataFetcher = (url: URL) => Promise<unknown>;

/** Why a document was not fetched; the message names the rule, never the document's content. */
export class ClientMetadataError extends Error {}

const MAX_BYTES = 5 * 1024;
const TIMEOUT_MS = 5000;

const systemResolve: Resolve = async (hostname) =>
  (await dnsLookup(hostname, { all: true })).map((entry) => entry.address);

/** The address rules a client_id URL must pass before any byte is sent. */
export function checkClientIdUrl(url: URL): void {
  if (url.protocol !== 'https:') throw new ClientMetadataError('a client_id URL must be https');
  if (url.username !== '' || url.password !== '')
    throw new ClientMetadataError('a client_id URL carries no credentials');
  if (url.hash !== '') throw new ClientMetadataError('a client_id URL has no fragment');
  // An https URL's path is never empty: '/' is its shortest.
  if (url.pathname === '/') throw new ClientMetadataError('a client_id URL has a path');
  if (isPrivateHost(url.hostname))
    throw new ClientMetadataError('a client_id URL may not name a private address');
}

/**
 * The fetcher the authorization server uses. The host's addresses are resolved once and every one must be
 * public; the connection is then pinned to them (a DNS answer that changes between check and connect, the
 * rebinding trick, reaches nothing new). Redirects are refused; the body is capped at 5 KiB.
 */
export function guardedClientMetadataFetcher(resolve: Resolve = systemResolve): ClientMetadataFetcher {
  return async (url) => {
    checkClientIdUrl(url);
    // An IPv6 literal's brackets are the only ones a host name can hold.
    const host = url.hostname.replace(/[[\]]/g, '');
    let addresses: string[];
    try {
      addresses = await resolve(host);
    } catch {
      throw new ClientMetadataError('the client_id host does not resolve');
    }
    // isPrivateHost reads a bare IPv6 address as well as a bracketed one.
    if (addresses.length === 0 || addresses.some((address) => isPrivateHost(address))) {
      throw new ClientMetadataError('the client_id host resolves to a private address');
    }
    const pinned = addresses[0] as string;
    const dispatcher = new Agent({
      connect: {
        lookup: (_hostname, options, callback) => {
          const family = pinned.includes(':') ? 6 : 4;
          // node:net always passes an options object; `all` asks for a list.
          if ((options as { all?: boolean }).all === true) {
            (callback as unknown as (e: null, a: { address: string; family: number }[]) => void)(null, [
              { address: pinned, family },
            ]);
          } else callback(null, pinned, family);
        },
      },
    });
    try {
      const response = await fetch(url, {
        redirect: 'error',
        headers: { accept: 'application/json' },
        signal: AbortSignal.timeout(TIMEOUT_MS),
        // @ts-expect-error undici's dispatcher option is not in the DOM RequestInit type
        dispatcher,
      });
      if (!response.ok) throw new ClientMetadataError(`the client_id document answered ${response.status}`);
      const text = await readCapped(response);
      try {
        return JSON.parse(text) as unknown;
      } catch {
        throw new ClientMetadataError('the client_id document is not JSON');
      }
    } catch (error) {
      if (error instanceof ClientMetadataError) throw error;
      throw new ClientMetadataError('the client_id document could not be fetched');
    } finally {
      void dispatcher.close();
    }
  };
}

/** 127.0.0.0/8, ::1 and localhost: the addresses of this machine. */
export function isLoopbackHostname(hostname: string): boolean {
  return (
    hostname === 'localhost' || hostname === '[::1]' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(hostname)
  );
}

/**
 * The fetcher of a loopback test deployment (its public URL is http on loopback, so nobody off this machine
 * reaches it): a client_id URL on this machine over http, e.g. a test host's document. Every other URL is
 * refused, redirects too; the body is capped at 5 KiB like the guarded fetcher's.
 */
export function loopbackClientMetadataFetcher(): ClientMetadataFetcher {
  return async (url) => {
    if (url.protocol !== 'http:' || !isLoopbackHostname(url.hostname))
      throw new ClientMetadataError(
        'a test deployment fetches client_id documents on loopback over http only',
      );
    if (url.username !== '' || url.password !== '' || url.hash !== '' || url.pathname === '/')
      throw new ClientMetadataError('a client_id URL has a path and no credentials or fragment');
    try {
      const response = await fetch(url, {
        redirect: 'error',
        headers: { accept: 'application/json' },
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      if (!response.ok) throw new ClientMetadataError(`the client_id document answered ${response.status}`);
      return JSON.parse(await readCapped(response)) as unknown;
    } catch (error) {
      if (error instanceof ClientMetadataError) throw error;
      throw new ClientMetadataError('the client_id document could not be fetched');
    }
  };
}

async function readCapped(response: Response): Promise<string> {
  // No Content-Length is Number(null): 0.
  const declared = Number(response.headers.get('content-length'));
  if (declared > MAX_BYTES) throw new ClientMetadataError('the client_id document is too large');
  if (response.body === null) throw new ClientMetadataError('the client_id document is empty');
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_BYTES) {
      await reader.cancel();
      throw new ClientMetadataError('the client_id document is too large');
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}
