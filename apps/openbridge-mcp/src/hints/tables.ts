// The hint tables this server hands to the contract: key renames only (data; the algorithm is the contract's).
import type { HintTables } from '@obmcp/contract';

export const HINT_TABLES: HintTables = {
  keyRenames: {
    subscriptionId: 'subscription_id',
    remoteIdentityId: 'remote_identity_id',
    jobId: 'job_id',
    historyId: 'history_id',
    productId: 'product_id',
    tableName: 'table_name',
    filterDate: 'filter_date',
    lastDays: 'last_days',
  },
};
