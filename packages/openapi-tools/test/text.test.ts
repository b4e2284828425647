// Descriptions and usage plans parsed from SP-API model text.
import { describe, expect, it } from 'vitest';
import { shortDescription } from '../src/generate/describe.js';
import { parseUsagePlan } from '@obmcp/upstream-specs';

const GET_ORDERS =
  'Returns orders that are created or updated during the specified time period. If you want to return specific types of orders, you can apply filters. \n\n**Usage Plan:**\n\n| Rate (requests per second) | Burst |\n| ---- | ---- |\n| 0.0167 | 20 |\n\nThe `x-amzn-RateLimit-Limit` response header contains the usage plan rate limits.';

describe('model text', () => {
  it('parses the usage plan table', () => {
    expect(parseUsagePlan(GET_ORDERS)).toEqual({ rate: 0.0167, burst: 20 });
    expect(parseUsagePlan('No table here.')).toBeNull();
  });

  it('keeps the summary and the first sentence, without markdown or rate-limit noise', () => {
    expect(shortDescription('', GET_ORDERS, 240)).toBe(
      'Returns orders that are created or updated during the specified time period.',
    );
    expect(shortDescription('List campaigns', 'Gets campaigns. See [docs](https://x).', 240)).toBe(
      'List campaigns. Gets campaigns.',
    );
    expect(shortDescription('', '**Note:** rate limits apply.\n\nCreates a `report`.', 240)).toBe(
      'Creates a report.',
    );
  });

  it('bounds long text at a word boundary', () => {
    const text = shortDescription('', `${'word '.repeat(100)}.`, 60);
    expect(text.length).toBeLessThanOrEqual(60);
    expect(text.endsWith('…')).toBe(true);
  });
});
