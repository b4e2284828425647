// serverLimiter: the one limiter a server's upstream calls share, from its longest wait, the env's arrival margin and the start's store.
import type { Limiter } from './limiter.js';
import { createLimiter } from './limiter.js';
import { readLimiterSettings } from './limiter-store-from-env.js';
import type { CreateServerOptions } from './app.js';

/** A server's limiter: `maxWaitMs` from its config, the arrival margin from env, the store the start made. */
export function serverLimiter(
  maxWaitMs: number,
  options: Pick<CreateServerOptions, 'env' | 'limiterStore'>,
): Limiter {
  return createLimiter({
    maxWaitMs,
    arrivalMarginMs: readLimiterSettings(options.env ?? process.env).arrivalMarginMs,
    ...(options.limiterStore ? { store: options.limiterStore } : {}),
  });
}
