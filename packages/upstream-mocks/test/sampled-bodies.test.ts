// The sampled success bodies carry fields (optional properties filled to a bounded depth) over every
// operation of both families, and the spec-gated 400 bodies carry values that read like their fields.
import { describe, expect, it } from 'vitest';
import { loadOperation, operationRoutes, synthesize } from '../src/spec/index.js';
import { declaredErrorBody } from '../src/spec/error-body.js';
import { matchRoute } from '../src/spec/operations.js';

const isEmpty = (body: unknown) =>
  body === undefined ||
  body === null ||
  (Array.isArray(body) && body.length === 0) ||
  (typeof body === 'object' && Object.keys(body as object).length === 0);

/** Every string leaf of a value, with the key it sits under. */
function strings(value: unknown, key = '', out: Array<[string, string]> = []): Array<[string, string]> {
  if (typeof value === 'string') out.push([key, value]);
  else if (Array.isArray(value)) for (const item of value) strings(item, key, out);
  else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) strings(v, k, out);
  return out;
}

describe('sampled success bodies', () => {
  it.each(['sp-api', 'amazon-ads'] as const)(
    '%s: at least 80 % of the JSON success bodies are non-empty',
    async (family) => {
      let sampled = 0;
      let filled = 0;
      for (const route of operationRoutes(family)) {
        const synthesized = synthesize(await loadOperation(route), null, 'https://files.example');
        if (synthesized.mediaType === undefined || !/json/i.test(synthesized.mediaType)) continue;
        sampled += 1;
        if (!isEmpty(synthesized.body)) filled += 1;
      }
      expect(sampled).toBeGreaterThan(100);
      expect(filled / sampled).toBeGreaterThanOrEqual(0.8);
    },
    240_000,
  );
});

describe('spec-gated 400 bodies', () => {
  it('carry realistic values, not the sampler placeholder "string"', async () => {
    const hit = matchRoute('amazon-ads', 'PUT', '/sp/campaigns');
    if (!hit) throw new Error('no PUT /sp/campaigns');
    const op = await loadOperation(hit.route);
    const error = declaredErrorBody(op, 400, 'application/vnd.spCampaign.v3+json', {
      code: 'INVALID_ARGUMENT',
      message: "state must be one of 'ENABLED', 'PAUSED', 'PROPOSED'",
    });
    const leaves = strings(error?.body);
    expect(leaves.length).toBeGreaterThan(2);
    expect(leaves.filter(([, v]) => v === 'string')).toEqual([]);
  });
});
