// The newcomer audit's S4/S5 on real sockets: an SP_API_ENDPOINT proxy with user:password that redirects to a loopback
// metadata address, and that echoes the Basic credentials back. Nothing reaches the target; no form of the password leaks.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { callTool, type TestServer, startServer } from '@obmcp/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { app } from '../src/app.js';

const USER = 'proxyuser';
const PASSWORD = 'CANARY-SP-PROXY-PW-2c9e';
const BASIC = Buffer.from(`${USER}:${PASSWORD}`).toString('base64');

let upstream: Server;
let metadata: Server;
const metadataHits: string[] = [];
let sp: TestServer;

function listen(server: Server): Promise<number> {
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)),
  );
}

beforeAll(async () => {
  metadata = createServer((req, res) => {
    metadataHits.push(req.url ?? '');
    res
      .writeHead(200, { 'content-type': 'application/json' })
      .end('{"reportId":"IMDS-ROLE-CREDENTIALS-LEAKED"}');
  });
  const metadataPort = await listen(metadata);
  upstream = createServer((req, res) => {
    if (req.url?.startsWith('/auth/o2/token')) {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          access_token: 'Atza|fake-access-token-000',
          token_type: 'bearer',
          expires_in: 3600,
        }),
      );
    } else if (req.url?.startsWith('/reports/2021-06-30/reports/REDIR')) {
      res.writeHead(302, {
        location: `http://localhost:${metadataPort}/latest/meta-data/iam/security-credentials/role`,
      });
      res.end();
    } else {
      // A proxy that reflects what it was sent: the Basic value it was given, in the body and in a header.
      const echoed = `${req.headers['proxy-authorization'] ?? ''} ${req.headers.authorization ?? ''}`;
      res.writeHead(403, { 'content-type': 'application/json', warning: `199 - "echo ${echoed}"` });
      res.end(
        JSON.stringify({
          errors: [{ code: 'Unauthorized', message: `Access denied. echo: ${echoed}`, details: BASIC }],
        }),
      );
    }
  });
  const port = await listen(upstream);
  sp = await startServer({
    app,
    mocks: false,
    env: {
      CODE_MODE: 'off',
      SP_API_TOOLSETS: 'curated,reports',
      OBMCP_LOG_LEVEL: 'debug',
      SP_API_CLIENT_ID: 'amzn1.application-oa2-client.fake',
      SP_API_CLIENT_SECRET: 'fake-client-secret-000',
      SP_API_REFRESH_TOKEN: 'Atzr|fake-refresh-token-000',
      SP_API_ENDPOINT: `http://${USER}:${PASSWORD}@127.0.0.1:${port}`,
      SP_API_LWA_ENDPOINT: `http://127.0.0.1:${port}/auth/o2/token`,
      SP_API_MAX_ATTEMPTS: '1',
    },
  });
});

afterAll(async () => {
  await sp?.close();
  upstream?.close();
  metadata?.close();
});

describe('an endpoint proxy that misbehaves', () => {
  it('redirecting to a loopback metadata address → UPSTREAM_REDIRECT_REFUSED, the target never contacted', async () => {
    const out = await callTool(sp.client, 'get_report', { reportId: 'REDIR' });
    expect(out.envelope).toMatchObject({
      error_kind: 'sp_api_client',
      error_code: 'UPSTREAM_REDIRECT_REFUSED',
      retryable: false,
    });
    expect(out.envelope?.details[0]).toMatchObject({
      reason: 'private_address',
      redirect_host: expect.stringMatching(/^localhost:/),
    });
    expect(metadataHits).toEqual([]);
    expect(out.text).not.toContain('IMDS');
  });

  it('echoing the Basic credentials → no form of them in the envelope, _meta or stderr', async () => {
    const out = await callTool(sp.client, 'get_marketplace_participations', {});
    expect(out.envelope).toBeDefined();
    const everything = `${out.text}\n${sp.stderr()}`;
    for (const form of [PASSWORD, BASIC, BASIC.replace(/=+$/, ''), `${USER}:${PASSWORD}`])
      expect(everything, form).not.toContain(form);
    expect(out.text).toContain('[redacted]');
  });
});
