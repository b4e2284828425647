// A loopback front for the local registry that answers packuments as npmjs does for a tarball with a shrinkwrap:
// `_hasShrinkwrap: true` on each version whose tarball holds npm-shrinkwrap.json (verdaccio never sets the field).
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';

export interface NpmjsFront {
  url: string;
  /** The packages whose packuments were answered with `_hasShrinkwrap: true`, by `name@version`. */
  marked: Set<string>;
  stop(): Promise<void>;
}

/**
 * npmjs's package metadata documents `_hasShrinkwrap`: "true if this version is known to have a shrinkwrap that must
 * be used to install it" (npm/registry docs, responses/package-metadata.md); npm applies a dependency's shrinkwrap
 * only when it is set. A tar entry named `package/npm-shrinkwrap.json` is what npmjs reads it from.
 */
function hasShrinkwrap(tgz: Buffer): boolean {
  const tar = gunzipSync(tgz);
  for (let at = 0; at + 512 <= tar.length; ) {
    const name = tar
      .subarray(at, at + 100)
      .toString('utf8')
      .replace(/\0.*$/s, '');
    if (name === '') return false;
    if (name === 'package/npm-shrinkwrap.json') return true;
    const size = Number.parseInt(
      tar
        .subarray(at + 124, at + 136)
        .toString('utf8')
        .trim() || '0',
      8,
    );
    at += 512 + Math.ceil(size / 512) * 512;
  }
  return false;
}

type Packument = {
  name?: string;
  versions?: Record<string, { dist?: { tarball?: string } } & Record<string, unknown>>;
};

export async function startNpmjsFront(registry: string): Promise<NpmjsFront> {
  const marked = new Set<string>();
  const forward = async (req: IncomingMessage, res: ServerResponse) => {
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(req.headers))
      if (typeof v === 'string' && !['host', 'connection', 'accept-encoding'].includes(k)) headers[k] = v;
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const upstream = await fetch(new URL(req.url ?? '/', registry), {
      method: req.method ?? 'GET',
      headers,
      ...(chunks.length > 0 ? { body: Buffer.concat(chunks) } : {}),
      redirect: 'manual',
    });
    let body = Buffer.from(await upstream.arrayBuffer());
    const type = upstream.headers.get('content-type') ?? '';
    const packumentOfOurs =
      req.method === 'GET' && /^\/@obmcp(%2f|\/)/i.test(req.url ?? '') && type.includes('json');
    if (packumentOfOurs && upstream.ok) {
      const doc = JSON.parse(body.toString('utf8')) as Packument;
      for (const [version, manifest] of Object.entries(doc.versions ?? {})) {
        const tarball = manifest.dist?.tarball;
        if (!tarball) continue;
        const tgz = Buffer.from(await (await fetch(tarball)).arrayBuffer());
        if (hasShrinkwrap(tgz)) {
          manifest._hasShrinkwrap = true;
          marked.add(`${doc.name}@${version}`);
        }
      }
      body = Buffer.from(JSON.stringify(doc));
    }
    const out: Record<string, string> = {};
    upstream.headers.forEach((v, k) => {
      if (!['content-length', 'content-encoding', 'transfer-encoding', 'connection', 'etag'].includes(k))
        out[k] = v;
    });
    res.writeHead(upstream.status, { ...out, 'content-length': String(body.length) }).end(body);
  };
  const server: Server = createServer((req, res) => {
    forward(req, res).catch((error: unknown) => {
      res.writeHead(502).end(String(error));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    marked,
    stop: async () => {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    },
  };
}
