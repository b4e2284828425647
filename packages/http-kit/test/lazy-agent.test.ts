// The fetcher's dispatcher: created on the first exchange with the fetcher's timeouts, once; closed only when it is ours.
import type { Agent } from 'undici';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { givenAgent, lazyAgent } from '../src/lazy-agent.js';

/** Every EnvHttpProxyAgent created, with its options and whether it was closed. */
const created = vi.hoisted((): Array<{ options: Record<string, unknown>; closed: number }> => []);
vi.mock('undici', () => ({
  EnvHttpProxyAgent: class {
    readonly record: { options: Record<string, unknown>; closed: number };
    constructor(options: Record<string, unknown>) {
      this.record = { options, closed: 0 };
      created.push(this.record);
    }
    async close() {
      this.record.closed++;
    }
  },
}));

beforeEach(() => {
  created.length = 0;
});

describe('lazyAgent', () => {
  it('creates nothing until the first exchange asks, then one proxy-aware agent shared by every later one', async () => {
    const agents = lazyAgent({ timeoutMs: 4000 });
    expect(agents.current()).toBeUndefined();
    expect(created).toHaveLength(0);
    const [a, b] = await Promise.all([agents.load(), agents.load()]);
    expect(a).toBe(b);
    expect(await agents.load()).toBe(a);
    expect(agents.current()).toBe(a);
    expect(created).toHaveLength(1);
  });

  it("bounds connect, headers and body by the fetcher's timeout (connect at most 10 s unless set)", async () => {
    await lazyAgent({ timeoutMs: 4000 }).load();
    await lazyAgent({ timeoutMs: 60_000 }).load();
    await lazyAgent({ timeoutMs: 60_000, connectTimeoutMs: 20_000 }).load();
    expect(created.map((c) => c.options)).toEqual([
      {
        connect: { timeout: 4000 },
        headersTimeout: 4000,
        bodyTimeout: 4000,
        keepAliveTimeout: 10_000,
        keepAliveMaxTimeout: 60_000,
      },
      expect.objectContaining({ connect: { timeout: 10_000 }, headersTimeout: 60_000, bodyTimeout: 60_000 }),
      expect.objectContaining({ connect: { timeout: 20_000 } }),
    ]);
  });

  it('close() closes the agent it created, and creates none when no exchange ever ran', async () => {
    const unused = lazyAgent({ timeoutMs: 1000 });
    await unused.close();
    expect(created).toHaveLength(0);
    const used = lazyAgent({ timeoutMs: 1000 });
    await used.load();
    await used.close();
    expect(created[0]?.closed).toBe(1);
  });
});

describe('givenAgent', () => {
  it("is the caller's agent from the start and is never closed by the fetcher", async () => {
    let closed = 0;
    const agent = { close: async () => void closed++ } as unknown as Agent;
    const agents = givenAgent(agent);
    expect(agents.current()).toBe(agent);
    expect(await agents.load()).toBe(agent);
    await agents.close();
    expect(closed).toBe(0);
  });
});
