// test-kit's startInProcess on this app: env stays with its server, mock switches are restored, logs are captured.
import { startInProcess } from '@obmcp/test-kit';
import { describe, expect, it } from 'vitest';
import { CANARY_REFRESH_TOKEN, ok } from './harness.js';
import { app } from '../src/app.js';

const PAGE = 'OBMCP_MOCK_OPENBRIDGE_PAGE_SIZE';
const env = (extra: Record<string, string> = {}) => ({
  OPENBRIDGE_REFRESH_TOKEN: CANARY_REFRESH_TOKEN,
  OBMCP_LOG_LEVEL: 'debug',
  ...extra,
});

describe('startInProcess', () => {
  it('keeps app env out of process.env and puts mock switches back on close', async () => {
    expect(process.env[PAGE]).toBeUndefined();
    const server = await startInProcess({ app, env: env({ [PAGE]: '2' }) });
    try {
      expect(process.env[PAGE]).toBe('2');
      expect(process.env.OPENBRIDGE_REFRESH_TOKEN).toBeUndefined();
      const r = await ok(server, 'get_product_stage_ids', { product_id: 85 });
      expect((r.stage_ids as number[]).length).toBe(25);
    } finally {
      await server.close();
    }
    expect(process.env[PAGE]).toBeUndefined();
  });

  it('refuses a second live server whose mock switches differ, and shares equal ones', async () => {
    const first = await startInProcess({ app, env: env({ [PAGE]: '2' }) });
    try {
      await expect(startInProcess({ app, env: env({ [PAGE]: '3' }) })).rejects.toThrow(
        /OBMCP_MOCK_OPENBRIDGE_PAGE_SIZE=3 while a live in-process server has 2/,
      );
      const second = await startInProcess({ app, env: env({ [PAGE]: '2' }) });
      await second.close();
      expect(process.env[PAGE]).toBe('2');
    } finally {
      await first.close();
    }
    expect(process.env[PAGE]).toBeUndefined();
  });

  it('captures the log lines as stderr(), with the configured secret redacted', async () => {
    const server = await startInProcess({ app, env: env() });
    try {
      await ok(server, 'get_product_stage_ids', { product_id: 85 });
      const lines = server
        .stderr()
        .split('\n')
        .filter((line) => line !== '');
      expect(lines.length).toBeGreaterThan(0);
      for (const line of lines) expect(JSON.parse(line)).toMatchObject({ logger: 'openbridge-mcp' });
      expect(server.stderr()).not.toContain(CANARY_REFRESH_TOKEN);
    } finally {
      await server.close();
    }
  });
});
