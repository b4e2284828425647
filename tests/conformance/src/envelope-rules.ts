// The per-envelope conformance rules (contract §Conformance 1–4 plus the advertised-kinds rule).
import { ERROR_KINDS, NORMALIZATION_KINDS } from '@obmcp/contract';
import { validateEnvelope } from '@obmcp/contract/envelope';

export interface EnvelopeRuleContext {
  /** Kinds the server advertised in capabilities (undefined: capabilities missing). */
  advertisedKinds?: readonly string[];
  /** `SP_API`, `ADS_API`, `OPENBRIDGE`: `*_HTTP_NNN` codes must carry it. */
  prefix?: string;
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v);

/** Problems with one envelope (empty when it conforms). */
export function envelopeProblems(envelope: unknown, ctx: EnvelopeRuleContext): string[] {
  const problems: string[] = [];
  const { valid, errors } = validateEnvelope(envelope);
  if (!valid) {
    const first = errors.slice(0, 3).map((e) => `${e.instancePath || '(root)'} ${e.message ?? e.keyword}`);
    problems.push(`fails the envelope schema: ${first.join(', ')}`);
  }
  if (!isObject(envelope)) return problems;
  if (envelope._envelope_version !== 1)
    problems.push(`_envelope_version is ${JSON.stringify(envelope._envelope_version)}, not 1`);
  const kind = envelope.error_kind;
  if (!(ERROR_KINDS as readonly unknown[]).includes(kind))
    problems.push(`error_kind ${JSON.stringify(kind)} is not in the v1 taxonomy`);
  if (ctx.advertisedKinds && typeof kind === 'string' && !ctx.advertisedKinds.includes(kind)) {
    problems.push(`error_kind ${kind} is not in the advertised error_kinds`);
  }
  const code = envelope.error_code;
  if (
    ctx.prefix &&
    typeof code === 'string' &&
    /_HTTP_(\d{3}|UNKNOWN)$/.test(code) &&
    !code.startsWith(`${ctx.prefix}_HTTP_`)
  ) {
    problems.push(`error_code ${code} does not carry the prefix ${ctx.prefix}`);
  }
  problems.push(...normalizedProblems(envelope._meta));
  return problems;
}

/** `_meta.normalized` may only use the v1 event kinds (on envelopes and on successes). */
export function normalizedProblems(meta: unknown): string[] {
  if (!isObject(meta) || meta.normalized === undefined) return [];
  if (!Array.isArray(meta.normalized)) return ['_meta.normalized is not an array'];
  const bad = meta.normalized
    .map((e) => (isObject(e) ? e.kind : e))
    .filter((k) => !(NORMALIZATION_KINDS as readonly unknown[]).includes(k));
  return bad.length > 0
    ? [`_meta.normalized uses non-v1 kinds: ${bad.map((k) => JSON.stringify(k)).join(', ')}`]
    : [];
}
