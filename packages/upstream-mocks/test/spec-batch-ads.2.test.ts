// Every unique Amazon Ads operation through the mocks, shard 2 of 2 (see support/ads-batch-suite.ts).
import { adsBatchShard } from './support/ads-batch-suite.js';

adsBatchShard(1);
