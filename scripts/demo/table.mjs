// Renders one server's session: the success call's _meta telemetry, then a compact table of error rows.
const HINT_WIDTH = 46;

export function renderSession(report) {
  const lines = [`\n■ ${report.app}`];
  if (report.note) lines.push(...wrap(report.note, 100).map((l) => `  ℹ ${l}`));
  lines.push(`  ✓ ${report.success.tool}: ${describeSuccess(report.success)}`);
  const header = ['case', 'tool', 'error_kind', 'error_code', 'retryable', 'first hint', 'recovered'];
  const body = report.rows.map((r) => [
    r.label,
    r.tool,
    (r.envelope?.error_kind ?? '(none)') + (r.envelope?.error_kind === r.expect ? '' : ` ✗ want ${r.expect}`),
    r.envelope?.error_code ?? '',
    String(r.envelope?.retryable ?? ''),
    truncate(r.envelope?.hints?.[0] ?? '—', HINT_WIDTH),
    r.recovered,
  ]);
  lines.push(...grid([header, ...body]).map((l) => `  ${l}`));
  for (const r of report.rows.filter((x) => x.recovered === 'yes'))
    lines.push(`  ↻ ${r.label}: ${r.how} → ok`);
  return lines.join('\n');
}

function describeSuccess(success) {
  if (success.envelope)
    return `failed unexpectedly: ${success.envelope.error_kind}/${success.envelope.error_code}`;
  const meta = success.result?._meta ?? {};
  const parts = [];
  if (meta.normalized)
    parts.push(
      `normalized ${meta.normalized.map((e) => `${e.from ?? e.field}→${e.to ?? e.kind}`).join(', ')}`,
    );
  if (meta.rate_limit) parts.push(`rate_limit ${JSON.stringify(meta.rate_limit)}`);
  if (meta.warnings) parts.push(`${meta.warnings.length} warning(s)`);
  if (meta.request_id) parts.push(`request_id ${meta.request_id}`);
  return `ok — _meta: ${parts.join('; ') || '(none)'}`;
}

function wrap(text, width) {
  const out = [''];
  for (const word of text.split(/\s+/)) {
    const last = out.length - 1;
    if (out[last].length + word.length + 1 > width && out[last] !== '') out.push(word);
    else out[last] = out[last] === '' ? word : `${out[last]} ${word}`;
  }
  return out;
}

function truncate(text, width) {
  const one = String(text).replace(/\s+/g, ' ');
  return one.length <= width ? one : `${one.slice(0, width - 1)}…`;
}

function grid(rows) {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
  const line = (r) =>
    r
      .map((c, i) => c.padEnd(widths[i]))
      .join('  ')
      .trimEnd();
  return [line(rows[0]), widths.map((w) => '─'.repeat(w)).join('  '), ...rows.slice(1).map(line)];
}
