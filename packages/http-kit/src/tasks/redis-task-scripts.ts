// The Lua behind RedisTaskRecords: insert within the owner's bound, replace only a task that has not ended.

/**
 * KEYS: record, owner index, lease. ARGV: record JSON, keep ms, expiresAt, now, max live tasks per owner,
 * task id, lease ms. The index scores are expiry times: the expired leave it before the count.
 */
export const INSERT_SCRIPT = `
redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', ARGV[4])
if redis.call('ZCARD', KEYS[2]) >= tonumber(ARGV[5]) then return 0 end
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
redis.call('SET', KEYS[3], '1', 'PX', ARGV[7])
redis.call('ZADD', KEYS[2], ARGV[3], ARGV[6])
if redis.call('PTTL', KEYS[2]) < tonumber(ARGV[2]) then redis.call('PEXPIRE', KEYS[2], ARGV[2]) end
return 1
`;

/**
 * KEYS: record, result, owner index. ARGV: record JSON, keep ms, result JSON or '', expiresAt, task id.
 * Answers 'missing', 'terminal' (the stored task already ended: the first end wins) or 'ok'. Only the
 * status is decoded here; the record and result are stored as the caller's JSON (cjson would turn an
 * empty array into an object).
 */
export const REPLACE_SCRIPT = `
local raw = redis.call('GET', KEYS[1])
if not raw then return 'missing' end
local status = cjson.decode(raw).task.status
if status == 'completed' or status == 'failed' or status == 'cancelled' then return 'terminal' end
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
if ARGV[3] ~= '' then redis.call('SET', KEYS[2], ARGV[3], 'PX', ARGV[2]) end
redis.call('ZADD', KEYS[3], ARGV[4], ARGV[5])
if redis.call('PTTL', KEYS[3]) < tonumber(ARGV[2]) then redis.call('PEXPIRE', KEYS[3], ARGV[2]) end
return 'ok'
`;

/** REPLACE_SCRIPT, then the lease released (KEYS[4]): a handover. */
export const HAND_OVER_SCRIPT = `
local raw = redis.call('GET', KEYS[1])
if not raw then return 'missing' end
local status = cjson.decode(raw).task.status
if status == 'completed' or status == 'failed' or status == 'cancelled' then return 'terminal' end
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
redis.call('DEL', KEYS[4])
return 'ok'
`;

/**
 * KEYS: record, lease. ARGV: the claimed record JSON (without handover), lease ms. 1 when the task still
 * carries a handover, has not ended and its lease is free: the record is replaced (its ttl kept) and the
 * lease taken; else 0.
 */
export const CLAIM_HANDOVER_SCRIPT = `
if redis.call('EXISTS', KEYS[2]) == 1 then return 0 end
local raw = redis.call('GET', KEYS[1])
if not raw then return 0 end
local record = cjson.decode(raw)
if record.handover == nil then return 0 end
local status = record.task.status
if status == 'completed' or status == 'failed' or status == 'cancelled' then return 0 end
redis.call('SET', KEYS[1], ARGV[1], 'KEEPTTL')
redis.call('SET', KEYS[2], '1', 'PX', ARGV[2])
return 1
`;

/**
 * KEYS: record. ARGV: record JSON. Replaces a `cancelled` record (its ttl kept): 1, else 0.
 */
export const ANNOTATE_CANCELLED_SCRIPT = `
local raw = redis.call('GET', KEYS[1])
if not raw then return 0 end
if cjson.decode(raw).task.status ~= 'cancelled' then return 0 end
redis.call('SET', KEYS[1], ARGV[1], 'KEEPTTL')
return 1
`;

/**
 * REPLACE_SCRIPT behind one more check. KEYS: record, result, owner index, lease; ARGV as REPLACE_SCRIPT.
 * 'held' while the lease key lives (its TTL is Redis's clock, the same for every replica).
 */
export const END_ORPHAN_SCRIPT = `
if redis.call('EXISTS', KEYS[4]) == 1 then return 'held' end
${REPLACE_SCRIPT}`;
