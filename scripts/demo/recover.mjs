// The one-retry fix an agent derives from an envelope alone: did_you_mean, examples, retryable + retry_after.
const MAX_WAIT_SECONDS = 5;

/** Returns { how, tool, args, waitMs } for one retry, or undefined when the envelope says a retry will not help. */
export function planRetry(envelope, tool, args) {
  const details = Array.isArray(envelope.details) ? envelope.details : [];
  if (envelope.error_kind === 'tool_not_found') {
    const name = details[0]?.did_you_mean?.[0];
    return name
      ? { how: `renamed tool to ${name} (details[0].did_you_mean)`, tool: name, args, waitMs: 0 }
      : undefined;
  }
  if (envelope.error_kind === 'mcp_input_validation')
    return planArgsFix(details, envelope.examples, tool, args);
  if (envelope.retryable === true) {
    const after = Number(envelope._meta?.retry_after_seconds ?? 0.5);
    const seconds = Math.min(Number.isFinite(after) ? after : 0.5, MAX_WAIT_SECONDS);
    const why = envelope._meta?.retry_after_seconds !== undefined ? '_meta.retry_after_seconds' : 'retryable';
    return {
      how: `waited ${seconds}s (${why}) and retried`,
      tool,
      args,
      waitMs: Math.ceil(seconds * 1000) + 100,
    };
  }
  return undefined;
}

function planArgsFix(details, examples, tool, args) {
  const fixed = { ...args };
  const renames = [];
  for (const d of details) {
    const from = d.extra ?? d.field ?? d.path;
    const to = d.did_you_mean?.[0];
    if (typeof from === 'string' && typeof to === 'string' && from in fixed) {
      fixed[to] = fixed[from];
      delete fixed[from];
      renames.push(`${from}→${to}`);
    }
  }
  if (renames.length > 0)
    return { how: `renamed ${renames.join(', ')} (details[].did_you_mean)`, tool, args: fixed, waitMs: 0 };
  const example = Array.isArray(examples) ? examples[0] : undefined;
  if (example && typeof example === 'object')
    return { how: 'used examples[0]', tool, args: example, waitMs: 0 };
  return undefined;
}
