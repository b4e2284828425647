// Generated tools in process, second half (see generated-tools.1.test.ts, which checks that the shards cover every
// generated operation), and the catalog's examples: every example of every catalog operation validates.
import { sharedAjv } from '@obmcp/contract/schema';
import { describe, expect, it } from 'vitest';
import { adsCatalog } from '../src/operations/catalog.js';
import { describeGeneratedShard, generatedShardServer, NOT_SERVED } from './support/generated-shard.js';

describe('the generated Ads catalog', () => {
  it('every example of every served operation validates against its inputSchema (the contract validator)', () => {
    const served = adsCatalog().operations.filter((op) => op.examples.length > 0);
    expect(served).toHaveLength(556 - NOT_SERVED);
    const invalid = served.flatMap((op) => {
      const validate = sharedAjv().compile(op.inputSchema);
      return op.examples.flatMap((ex, i) =>
        validate(ex) ? [] : [`${op.name}#${i}: ${JSON.stringify(validate.errors?.[0])}`],
      );
    });
    expect(invalid).toEqual([]);
  });
});

describe('generated Ads tools in process', () => {
  generatedShardServer((s) => {
    describeGeneratedShard(1, s);
  });
});
