// Once serving, stdout carries the protocol only and every stderr line is JSON, whatever dependencies print.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SERVER = fileURLToPath(new URL('./fixtures/stray-output-server.mjs', import.meta.url));
const initialize = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } },
};

describe('stray output of a serving process', () => {
  it('console calls and Node warnings become JSON log lines; stdout stays the protocol', async () => {
    const child = spawn(process.execPath, [SERVER], { stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString('utf8');
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString('utf8');
    });
    await new Promise<void>((resolve) => {
      const wait = setInterval(() => {
        if (stderr.includes('a stray warning')) {
          clearInterval(wait);
          resolve();
        }
      }, 20);
    });
    child.stdin.write(`${JSON.stringify(initialize)}\n`);
    await new Promise<void>((resolve) => {
      const wait = setInterval(() => {
        if (stdout.includes('\n')) {
          clearInterval(wait);
          resolve();
        }
      }, 20);
    });
    child.stdin.end();
    expect(await new Promise((resolve) => child.once('exit', resolve))).toBe(0);

    const out = stdout.split('\n').filter((l) => l !== '');
    expect(out.map((l) => (JSON.parse(l) as { id?: unknown }).id)).toEqual([1]);
    const lines = stderr.split('\n').filter((l) => l !== '');
    const logs = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(logs).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ level: 'info', msg: 'console output', text: 'stray stdout line' }),
        expect.objectContaining({ level: 'error', msg: 'console output', text: 'stray stderr line' }),
        expect.objectContaining({ level: 'warn', msg: 'console output', text: "{ an: 'object' }" }),
        expect.objectContaining({
          level: 'warn',
          msg: 'node warning',
          name: 'DeprecationWarning',
          code: 'DEP0999',
          message: 'a stray warning',
        }),
      ]),
    );
  });
});
