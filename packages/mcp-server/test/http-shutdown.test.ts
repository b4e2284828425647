// SIGTERM over HTTP: stop accepting, finish the in-flight call, then exit 0 (bounded).
import { describe, expect, it } from 'vitest';
import { httpClient, INITIALIZE, rawPost, startHttpExample } from './http-harness.js';

describe('graceful shutdown', () => {
  it('finishes a slow call that is in flight when SIGTERM arrives', async () => {
    const server = await startHttpExample({ OBMCP_EXAMPLE_SLOW_TOOL: '1' });
    const client = await httpClient(server.url);
    const slow = client.callTool({ name: 'slow_echo', arguments: { ms: 1500, text: 'still here' } });
    // In flight when the server says so, however long a loaded machine takes to get it there.
    await expect.poll(() => server.stderr(), { timeout: 10_000 }).toContain('slow_echo waiting');
    server.child.kill('SIGTERM');
    // The signal is handled when the server says so (a loaded machine may take a while), not after a fixed wait.
    await expect.poll(() => server.stderr(), { timeout: 10_000 }).toContain('"msg":"http draining"');
    // New work is refused while draining (503 on a live connection, or the listener is gone).
    const late = await rawPost(server.url, INITIALIZE).then(
      (res) => res.status,
      () => 'refused',
    );
    expect([503, 'refused']).toContain(late);
    const result = await slow;
    expect(result.isError).toBeFalsy();
    // Not aborted: the slow tool waited its full 1.5 s (an abort would have cut the wait and said so).
    expect(result.structuredContent).toMatchObject({ echoed: 'still here', aborted: false });
    expect(await server.exited).toBe(0);
    expect(server.stderr()).toContain('"msg":"http draining"');
    await client.close();
  }, 20_000);

  it('bounds the drain by OBMCP_HTTP_SHUTDOWN_TIMEOUT_MS', async () => {
    const server = await startHttpExample({
      OBMCP_EXAMPLE_SLOW_TOOL: '1',
      OBMCP_HTTP_SHUTDOWN_TIMEOUT_MS: '300',
    });
    const client = await httpClient(server.url);
    const slow = client
      .callTool({ name: 'slow_echo', arguments: { ms: 10_000 } }, { timeout: 2_500 })
      .catch((e: unknown) => e);
    await expect.poll(() => server.stderr(), { timeout: 10_000 }).toContain('slow_echo waiting');
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    // The drain's 300 ms bound ended it, not the 10 s call (which would have drained without this line).
    expect(server.stderr()).toContain('"msg":"http drain timed out"');
    await slow;
    await client.close().catch(() => undefined);
  }, 20_000);
});
