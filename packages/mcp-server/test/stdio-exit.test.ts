// A stdio server whose client vanished exits: broken output pipes or a closed stdin never leave it spinning.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SERVER = fileURLToPath(new URL('../dist/example/server.js', import.meta.url));
const line = (msg: unknown) => `${JSON.stringify(msg)}\n`;
const initialize = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } },
};

function exitOf(child: ReturnType<typeof spawn>, ms: number): Promise<number | null | 'still running'> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve('still running'), ms);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve(code);
    });
  });
}

describe('stdio server lifetime', () => {
  it('exits cleanly when its stdin closes', async () => {
    const child = spawn(process.execPath, [SERVER], { stdio: ['pipe', 'pipe', 'pipe'] });
    child.stdin.write(line(initialize));
    child.stdin.end();
    expect(await exitOf(child, 10_000)).toBe(0);
  });

  it('exits instead of looping when stdout and stderr are broken pipes', async () => {
    const child = spawn(process.execPath, [SERVER], { stdio: ['pipe', 'pipe', 'pipe'] });
    child.stdin.write(line(initialize));
    await new Promise((r) => child.stdout.once('data', r));
    child.stdout.destroy();
    child.stderr.destroy();
    // A crash logs to the dead stderr and answers on the dead stdout.
    child.stdin.write(line({ jsonrpc: '2.0', method: 'notifications/initialized' }));
    child.stdin.write(
      line({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'crash', arguments: {} } }),
    );
    const code = await exitOf(child, 10_000);
    if (code === 'still running') child.kill('SIGKILL');
    expect(code).toBe(0);
  });
});
