// Every generated SP-API tool in process, second half (see generated-tools.1.test.ts, which lists them all and
// checks that the shards cover every one): first example succeeds, bad input gets the SCHEMA_* envelope.
import { describe } from 'vitest';
import { describeGeneratedShard, generatedShardServer } from './support/generated-shard.js';

describe('generated SP-API tools in process', () => {
  generatedShardServer((sp, generated) => {
    describeGeneratedShard(1, sp, generated);
  });
});
