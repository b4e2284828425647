// Lua scripts for the Redis LimiterStore: each call is one atomic step on one bucket hash.
// Hash fields: tokens, updated (ms), blocked (Retry-After deadline, ms), learned (rate/s). Numbers are
// returned as strings (Redis truncates Lua numbers to integers). Time comes from the caller's `now`
// argument unless it is "server", then from Redis TIME, so replicas with skewed clocks agree.

const CLOCK = `
local function clock(arg)
  if arg == 'server' then
    local t = redis.call('TIME')
    return tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
  end
  return tonumber(arg)
end
local function num(x) return string.format('%.17g', x) end
`;

/** KEYS[1] bucket; ARGV: rate, burst, now|'server', maxWaitSeconds, ttlMs → {allowed, wait, tokens}. */
export const TAKE_SCRIPT = `${CLOCK}
local rate = tonumber(ARGV[1])
local burst = math.max(1, tonumber(ARGV[2]))
local now = clock(ARGV[3])
local max_wait = math.max(0, tonumber(ARGV[4]))
local h = redis.call('HMGET', KEYS[1], 'tokens', 'updated', 'blocked', 'learned')
local learned = tonumber(h[4])
if learned and learned > 0 then rate = learned end
if not rate or rate <= 0 then rate = 1e-300 end
local tokens = tonumber(h[1]) or burst
local updated = tonumber(h[2]) or now
local blocked = tonumber(h[3]) or 0
tokens = math.min(burst, tokens + math.max(0, now - updated) / 1000 * rate)
updated = math.max(updated, now)
local refill_wait = 0
if tokens < 1 then refill_wait = (1 - tokens) / rate end
local wait = math.max(refill_wait, math.max(0, blocked - now) / 1000)
local allowed = 0
if wait <= max_wait then
  tokens = tokens - 1
  allowed = 1
end
redis.call('HSET', KEYS[1], 'tokens', num(tokens), 'updated', num(updated))
redis.call('PEXPIRE', KEYS[1], math.max(tonumber(ARGV[5]), blocked - now + 60000))
return {allowed, num(wait), num(tokens)}
`;

/** KEYS[1] bucket; ARGV: untilEpochMs, ttlMs. Keeps the later of the two deadlines. */
export const PENALIZE_SCRIPT = `
local until_ms = tonumber(ARGV[1])
local current = tonumber(redis.call('HGET', KEYS[1], 'blocked')) or 0
if until_ms > current then redis.call('HSET', KEYS[1], 'blocked', string.format('%.17g', until_ms)) end
local ttl = redis.call('PTTL', KEYS[1])
local want = math.max(tonumber(ARGV[2]), until_ms - tonumber(redis.call('TIME')[1]) * 1000 + 60000)
if ttl < want then redis.call('PEXPIRE', KEYS[1], want) end
return 1
`;

/** KEYS[1] bucket; ARGV: rate, ttlMs. Records an upstream-advertised rate for every replica. */
export const LEARN_SCRIPT = `
redis.call('HSET', KEYS[1], 'learned', ARGV[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < tonumber(ARGV[2]) then redis.call('PEXPIRE', KEYS[1], tonumber(ARGV[2])) end
return 1
`;
