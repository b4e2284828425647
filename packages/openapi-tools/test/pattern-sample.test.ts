// The sampler's strings for patterns: short samples first, but a pattern of fixed long length (a UUID, the
// MediaPlanningReachForecasting ids) is sampled in full when no maxLength forbids it.
import { describe, expect, it } from 'vitest';
import { sample, validates } from '../src/generate/examples.js';

const UUID = '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$';

describe('pattern samples', () => {
  it('a UUID pattern without maxLength gives a 36-character value that matches', () => {
    const schema = { type: 'string', pattern: UUID };
    const value = sample(schema, 'reachForecastId');
    expect(value).toMatch(new RegExp(UUID));
    expect(validates(schema, value)).toBe(true);
  });

  it('inside an object with a required UUID array (ListReachForecastsV1 body)', () => {
    const schema = {
      type: 'object',
      properties: {
        reachForecastIds: { type: 'array', minItems: 1, items: { type: 'string', pattern: UUID } },
      },
      required: ['reachForecastIds'],
    };
    expect(validates(schema, sample(schema))).toBe(true);
  });

  it('a declared maxLength still bounds the sample', () => {
    const value = sample({ type: 'string', pattern: UUID, maxLength: 10 });
    expect(String(value).length).toBeLessThanOrEqual(10);
  });
});
