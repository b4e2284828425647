// The fetcher's undici dispatcher, loaded on the first exchange: importing undici at startup slowed every server's spawn.
// It is an EnvHttpProxyAgent: HTTPS_PROXY / HTTP_PROXY / NO_PROXY (read when it is created) route upstreams
// through a forward proxy; with none set it is one plain pooled Agent.
import type { Agent, Dispatcher } from 'undici';

export interface AgentOptions {
  timeoutMs: number;
  connectTimeoutMs?: number;
}

export interface LazyAgent {
  /** The dispatcher once loaded (the steady-state path: no await). */
  current(): Dispatcher | undefined;
  /** Loads undici and creates the dispatcher once; later calls share the same promise. */
  load(): Promise<Dispatcher>;
  /** Closes the Agent if one was created (waits for a load in flight first). */
  close(): Promise<void>;
}

export function lazyAgent(options: AgentOptions): LazyAgent {
  let agent: Dispatcher | undefined;
  let loading: Promise<Dispatcher> | undefined;
  const load = (): Promise<Dispatcher> => {
    loading ??= import('undici').then(({ EnvHttpProxyAgent }) => {
      agent = new EnvHttpProxyAgent({
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
