// Code Mode limits: the public options, their defaults, and the resolved shape the sandbox uses.
const MiB = 1024 * 1024;

/** Every knob is optional; defaults are the documented limits. */
export interface CodeModeOptions {
  /** Wall time when the agent passes no `timeout_ms` (default 10 000 ms). */
  defaultTimeoutMs?: number;
  /** Upper bound for `timeout_ms` (default 30 000 ms; the schema maximum). */
  maxTimeoutMs?: number;
  /** Sandbox heap, hard-capped via the WebAssembly memory maximum (default 32 MiB). */
  memoryLimitBytes?: number;
  /** QuickJS stack limit (default 256 KiB; larger values can overflow the host stack). */
  maxStackBytes?: number;
  /** Bound on the JSON of the returned value (default 256 KiB). */
  maxResultBytes?: number;
  /** call_tool invocations per run (default 50). */
  maxCalls?: number;
  /** Bound on one call_tool args JSON (default 256 KiB). */
  maxCallArgsBytes?: number;
  /** Bound on one call_tool value handed into the sandbox (default 4 MiB). */
  maxCallValueBytes?: number;
  /** Captured console lines (default 100), chars per line (default 1000), chars total (default 16 000). */
  maxLogLines?: number;
  maxLogLineChars?: number;
  maxLogChars?: number;
  /** Bound on the script source (default 20 000 chars). */
  maxCodeChars?: number;
  /** Sandboxes running at once; further runs wait for a free one (default 4). */
  maxConcurrentRuns?: number;
}

export type ResolvedLimits = Required<CodeModeOptions>;

export const DEFAULT_LIMITS: ResolvedLimits = {
  defaultTimeoutMs: 10_000,
  maxTimeoutMs: 30_000,
  memoryLimitBytes: 32 * MiB,
  maxStackBytes: 256 * 1024,
  maxResultBytes: 256 * 1024,
  maxCalls: 50,
  maxCallArgsBytes: 256 * 1024,
  maxCallValueBytes: 4 * MiB,
  maxLogLines: 100,
  maxLogLineChars: 1000,
  maxLogChars: 16_000,
  maxCodeChars: 20_000,
  maxConcurrentRuns: 4,
};

export function resolveLimits(options: CodeModeOptions = {}): ResolvedLimits {
  const out: ResolvedLimits = { ...DEFAULT_LIMITS };
  for (const key of Object.keys(DEFAULT_LIMITS) as (keyof ResolvedLimits)[]) {
    const value = options[key];
    if (value === undefined) continue;
    if (!Number.isInteger(value) || value <= 0)
      throw new Error(`code-mode option ${key} must be a positive integer`);
    out[key] = value;
  }
  out.defaultTimeoutMs = Math.min(out.defaultTimeoutMs, out.maxTimeoutMs);
  return out;
}
