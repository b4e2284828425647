// Unit (src): a downloaded Ads file as the agent gets it: JSON parsed, other text as text, and a body labelled JSON
// that does not parse (truncated, corrupt) refused as unreadable instead of handed over as a raw string.
import { UpstreamTransportError } from '@obmcp/contract';
import { describe, expect, it } from 'vitest';
import { fileContent } from '../../src/http/download.js';

const bytes = (text: string): Uint8Array => new TextEncoder().encode(text);

describe('fileContent', () => {
  it('parses JSON, and returns a body that is not JSON as its text when it is not labelled JSON', async () => {
    expect(await fileContent(bytes('[{"clicks":3}]'), 'application/json', 1_000)).toEqual([{ clicks: 3 }]);
    expect(await fileContent(bytes('a,b\n1,2'), 'text/csv', 1_000)).toBe('a,b\n1,2');
  });

  it('a truncated body labelled JSON is UPSTREAM_INVALID_RESPONSE, never the raw text', async () => {
    for (const type of ['application/json', 'application/json; charset=utf-8', 'application/vnd.x+json']) {
      const failure = await fileContent(bytes('[{"clicks":3},{"cli'), type, 1_000).then(
        (value) => ({ value }),
        (error: unknown) => ({ error }),
      );
      expect(failure).toHaveProperty('error');
      const error = (failure as { error: unknown }).error;
      expect(error).toBeInstanceOf(UpstreamTransportError);
      expect((error as UpstreamTransportError).code).toBe('UPSTREAM_INVALID_RESPONSE');
      expect((error as UpstreamTransportError).summary).toBe('The downloaded file could not be read.');
    }
  });
});
