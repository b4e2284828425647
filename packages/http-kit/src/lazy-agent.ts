// The fetcher's undici Agent, loaded on the first exchange: importing undici at startup slowed every server's spawn.
import type { Agent } from 'undici';

export interface AgentOptions {
  timeoutMs: number;
  connectTimeoutMs?: number;
}

export interface LazyAgent {
  /** The Agent once loaded (the steady-state path: no await). */
  current(): Agent | undefined;
  /** Loads undici and creates the Agent once; later calls share the same promise. */
  load(): Promise<Agent>;
  /** Closes the Agent if one was created (waits for a load in flight first). */
  close(): Promise<void>;
}

export function lazyAgent(options: AgentOptions): LazyAgent {
  let agent: Agent | undefined;
  let loading: Promise<Agent> | undefined;
  const load = (): Promise<Agent> => {
    loading ??= import('undici').then(({ Agent: UndiciAgent }) => {
      agent = new UndiciAgent({
        connect: { timeout: options.connectTimeoutMs ?? Math.min(options.timeoutMs, 10_000) },
        headersTimeout: options.timeoutMs,
        bodyTimeout: options.timeoutMs,
        keepAliveTimeout: 10_000,
        keepAliveMaxTimeout: 60_000,
      });
      return agent;
    });
    return loading;
  };
  return {
    current: () => agent,
    load,
    async close() {
      if (loading === undefined) return;
      await (await loading).close();
    },
  };
}

/** An injected Agent: already there, never closed by the fetcher. */
export function givenAgent(agent: Agent): LazyAgent {
  return { current: () => agent, load: async () => agent, close: async () => undefined };
}
