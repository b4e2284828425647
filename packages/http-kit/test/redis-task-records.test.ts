// RedisTaskRecords against a real redis-server, method by method: owners, bounds, expiry, paging, handover, cancels.
import type { TaskRecord } from '@obmcp/mcp-server/tasks';
import { UnknownCursorError } from '@obmcp/mcp-server/tasks';
import { HAS_REDIS, type RedisProcess, startRedis } from '@obmcp/test-kit';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RedisTaskRecords } from '../src/tasks/redis-task-records.js';

const LONG = 600_000;

describe.skipIf(!HAS_REDIS)('RedisTaskRecords (real redis-server)', { timeout: 30_000 }, () => {
  let redis: RedisProcess;
  let raw: Redis;
  const opened: RedisTaskRecords[] = [];
  let n = 0;

  beforeAll(async () => {
    redis = await startRedis();
    raw = new Redis(redis.url);
  }, 20_000);
  afterAll(async () => {
    for (const s of opened) await s.close().catch(() => undefined);
    await raw?.quit();
    await redis?.kill();
  });

  /** A store on its own prefix (or `prefix`), with a clock the test moves. */
  function store(options: { prefix?: string; max?: number } = {}) {
    const clock = { now: Date.now() };
    const prefix = options.prefix ?? `rt${++n}:`;
    const records = new RedisTaskRecords(new Redis(redis.url), new Redis(redis.url), {
      keyPrefix: prefix,
      maxTasksPerOwner: options.max ?? 100,
      now: () => clock.now,
    });
    opened.push(records);
    return { records, clock, prefix };
  }

  const uuid = (i: number) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;

  function record(
    id: string,
    owner: string,
    expiresAt: number,
    status: TaskRecord['task']['status'] = 'working',
  ) {
    const at = new Date(0).toISOString();
    return {
      task: { taskId: id, status, ttl: 60_000, createdAt: at, lastUpdatedAt: at },
      owner,
      tool: 'run_job',
      expiresAt,
    } as TaskRecord;
  }

  it('a stored task reads back as stored, without a result until one is stored', async () => {
    const { records, clock } = store();
    const alice = record(uuid(1), 'alice', clock.now + LONG);
    expect(await records.insert({ ...alice, result: { content: [] } }, 60_000)).toBe(true);
    const read = await records.read(uuid(1));
    expect(read).toStrictEqual(alice);
    expect(await records.read(uuid(2))).toBeUndefined();

    // A replace without a result keeps none; with one, it is read back with the record.
    const progressed = { ...alice, task: { ...alice.task, statusMessage: 'half way' } };
    expect(await records.replace(progressed)).toBe('ok');
    expect(await records.read(uuid(1))).toStrictEqual(progressed);
    const done = { ...alice, task: { ...alice.task, status: 'completed' as const }, result: { content: [] } };
    expect(await records.replace(done)).toBe('ok');
    expect(await records.read(uuid(1))).toStrictEqual(done);
    // The first end wins.
    expect(await records.replace({ ...done, task: { ...done.task, status: 'failed' } })).toBe('terminal');
    expect(await records.replace(record(uuid(3), 'alice', clock.now + LONG))).toBe('missing');
  });

  it("an owner lists only their own tasks; another owner's id is an unknown cursor", async () => {
    const { records, clock } = store();
    await records.insert(record(uuid(1), 'alice', clock.now + LONG), 60_000);
    await records.insert(record(uuid(2), 'bob', clock.now + LONG), 60_000);
    await records.insert(record(uuid(3), 'alice', clock.now + LONG + 1), 60_000);
    const ids = async (owner: string) =>
      (await records.list(owner, undefined, 10)).records.map((r) => `${r.owner}:${r.task.taskId}`);
    expect(await ids('alice')).toEqual([`alice:${uuid(1)}`, `alice:${uuid(3)}`]);
    expect(await ids('bob')).toEqual([`bob:${uuid(2)}`]);
    expect(await records.list('mallory', undefined, 10)).toStrictEqual({ records: [] });
    await expect(records.list('alice', uuid(2), 10)).rejects.toBeInstanceOf(UnknownCursorError);
    await expect(records.list('mallory', uuid(1), 10)).rejects.toBeInstanceOf(UnknownCursorError);
  });

  it('pages: a cursor only while more remain, each page after the last id of the one before', async () => {
    const { records, clock } = store();
    for (let i = 1; i <= 5; i++) await records.insert(record(uuid(i), 'alice', clock.now + LONG + i), 60_000);
    const first = await records.list('alice', undefined, 2);
    expect(first.records.map((r) => r.task.taskId)).toEqual([uuid(1), uuid(2)]);
    expect(first.nextCursor).toBe(uuid(2));
    const second = await records.list('alice', first.nextCursor, 2);
    expect(second.records.map((r) => r.task.taskId)).toEqual([uuid(3), uuid(4)]);
    expect(second.nextCursor).toBe(uuid(4));
    const last = await records.list('alice', second.nextCursor, 2);
    expect(last).toStrictEqual({ records: [await records.read(uuid(5))] });
    // Exactly one page's worth: no cursor to an empty page.
    const { records: four } = store();
    for (let i = 1; i <= 2; i++) await four.insert(record(uuid(i), 'bob', clock.now + LONG + i), 60_000);
    expect((await four.list('bob', undefined, 2)).nextCursor).toBeUndefined();
    expect((await four.list('bob', uuid(2), 2)).records).toEqual([]);
  });

  it('a listed task whose record is gone (evicted) is left out of the page', async () => {
    const { records, clock, prefix } = store();
    await records.insert(record(uuid(1), 'alice', clock.now + LONG), 60_000);
    await records.insert(record(uuid(2), 'alice', clock.now + LONG + 1), 60_000);
    await raw.del(`${prefix}${uuid(1)}`);
    expect((await records.list('alice', undefined, 10)).records.map((r) => r.task.taskId)).toEqual([uuid(2)]);
  });

  it("one owner's bound refuses their next task, not another owner's; expired tasks leave the count", async () => {
    const { records, clock } = store({ max: 2 });
    expect(await records.insert(record(uuid(1), 'alice', clock.now + 5_000), 60_000)).toBe(true);
    expect(await records.insert(record(uuid(2), 'alice', clock.now + LONG), 60_000)).toBe(true);
    expect(await records.insert(record(uuid(3), 'alice', clock.now + LONG), 60_000)).toBe(false);
    expect(await records.read(uuid(3))).toBeUndefined();
    expect(await records.insert(record(uuid(4), 'bob', clock.now + LONG), 60_000)).toBe(true);
    // Alice's first task expired (by the store's clock): she may start one more, and lists only the live ones.
    clock.now += 10_000;
    expect(await records.insert(record(uuid(5), 'alice', clock.now + LONG), 60_000)).toBe(true);
    expect((await records.list('alice', undefined, 10)).records.map((r) => r.task.taskId)).toEqual([
      uuid(2),
      uuid(5),
    ]);
  });

  it('a replace moves the task to its new expiry in its owner list', async () => {
    const { records, clock } = store();
    const alice = record(uuid(1), 'alice', clock.now + 5_000);
    await records.insert(alice, 60_000);
    expect(await records.replace({ ...alice, expiresAt: clock.now + LONG })).toBe('ok');
    clock.now += 10_000;
    expect((await records.list('alice', undefined, 10)).records.map((r) => r.task.taskId)).toEqual([uuid(1)]);
  });

  it('a record already past its expiry is never written: insert refused, replace and the ends missing', async () => {
    const { records, clock } = store();
    const live = record(uuid(1), 'alice', clock.now + LONG);
    await records.insert(live, 60_000);
    const expired = { ...live, expiresAt: clock.now };
    expect(await records.insert(record(uuid(2), 'alice', clock.now), 60_000)).toBe(false);
    expect(await records.replace(expired)).toBe('missing');
    expect(await records.endOrphan(expired)).toBe('missing');
    expect(await records.handOver(expired)).toBe('missing');
    expect(await records.read(uuid(1))).toStrictEqual(live);
    expect(await records.read(uuid(2))).toBeUndefined();
    // One millisecond left is still a live record.
    expect(await records.insert(record(uuid(3), 'alice', clock.now + 1), 60_000)).toBe(true);
  });

  it('a lease is held for the time asked (at least 1 ms) and renewed for all the ids given', async () => {
    const { records, clock, prefix } = store();
    await records.insert(record(uuid(1), 'alice', clock.now + LONG), 60_000);
    await records.insert(record(uuid(2), 'alice', clock.now + LONG), 0.4);
    expect(await raw.pttl(`${prefix}${uuid(1)}:lease`)).toBeGreaterThan(50_000);
    expect(await records.leaseHeld(uuid(1))).toBe(true);
    await records.renewLeases([uuid(1), uuid(2)], 120_000);
    expect(await raw.pttl(`${prefix}${uuid(1)}:lease`)).toBeGreaterThan(100_000);
    expect(await raw.pttl(`${prefix}${uuid(2)}:lease`)).toBeGreaterThan(100_000);
    await records.renewLeases([uuid(1)], 0.2);
    await records.renewLeases([], 120_000);
    expect(await raw.pttl(`${prefix}${uuid(1)}:lease`)).toBeLessThanOrEqual(1);
    expect(await records.leaseHeld(uuid(9))).toBe(false);
  });

  it('an orphan ends only once its lease is gone, with its result, once', async () => {
    const { records, clock, prefix } = store();
    const alice = record(uuid(1), 'alice', clock.now + 5_000);
    await records.insert(alice, 60_000);
    const ended = {
      ...alice,
      expiresAt: clock.now + LONG,
      task: { ...alice.task, status: 'failed' as const },
      result: { content: [{ type: 'text', text: 'owner lost' }], isError: true },
    };
    expect(await records.endOrphan(ended)).toBe('held');
    expect((await records.read(uuid(1)))?.task.status).toBe('working');
    await raw.del(`${prefix}${uuid(1)}:lease`);
    expect(await records.endOrphan(ended)).toBe('ok');
    expect(await records.read(uuid(1))).toStrictEqual(ended);
    expect(await records.endOrphan(ended)).toBe('terminal');
    expect(await records.endOrphan(record(uuid(7), 'alice', clock.now + LONG))).toBe('missing');
    // The end's expiry is the owner list's too.
    clock.now += 10_000;
    expect((await records.list('alice', undefined, 10)).records.map((r) => r.task.taskId)).toEqual([uuid(1)]);
  });

  it('an orphan ended without a result is read back without one', async () => {
    const { records, clock, prefix } = store();
    const alice = record(uuid(1), 'alice', clock.now + LONG);
    await records.insert(alice, 60_000);
    await raw.del(`${prefix}${uuid(1)}:lease`);
    const ended = { ...alice, task: { ...alice.task, status: 'cancelled' as const } };
    expect(await records.endOrphan(ended)).toBe('ok');
    expect(await records.read(uuid(1))).toStrictEqual(ended);
  });

  it('a handed-over task is claimed once, by one replica, which then holds its lease', async () => {
    const { records, clock, prefix } = store();
    const other = new RedisTaskRecords(new Redis(redis.url), new Redis(redis.url), {
      keyPrefix: prefix,
      maxTasksPerOwner: 100,
      now: () => clock.now,
    });
    opened.push(other);
    const alice = record(uuid(1), 'alice', clock.now + LONG);
    await records.insert(alice, 60_000);
    const handed = { ...alice, handover: { arguments: { report: 'r-1' } } };
    expect(await records.handOver({ ...handed, result: { content: [] } })).toBe('ok');
    expect(await records.leaseHeld(uuid(1))).toBe(false);
    expect(await other.read(uuid(1))).toStrictEqual(handed);

    const claimed = { ...alice, task: { ...alice.task, statusMessage: 'resumed' } };
    expect(
      await other.claimHandover({ ...claimed, handover: handed.handover, result: { content: [] } }, 60_000),
    ).toBe(true);
    expect(await records.read(uuid(1))).toStrictEqual(claimed);
    expect(await records.leaseHeld(uuid(1))).toBe(true);
    expect(await raw.pttl(`${prefix}${uuid(1)}:lease`)).toBeGreaterThan(50_000);
    expect(await records.claimHandover(claimed, 60_000)).toBe(false);
    // A claim whose lease would be under 1 ms still takes one.
    await raw.del(`${prefix}${uuid(1)}:lease`);
    await records.handOver(handed);
    expect(await records.claimHandover(claimed, 0.3)).toBe(true);

    const ended = { ...alice, task: { ...alice.task, status: 'completed' as const } };
    await records.replace(ended);
    expect(await records.handOver(handed)).toBe('terminal');
    expect(await records.handOver(record(uuid(8), 'alice', clock.now + LONG))).toBe('missing');
  });

  it('a cancel note is written only on a cancelled task', async () => {
    const { records, clock } = store();
    const alice = record(uuid(1), 'alice', clock.now + LONG);
    await records.insert(alice, 60_000);
    expect(await records.annotateCancelled(uuid(1), 'upstream job cancelled')).toBe(false);
    expect((await records.read(uuid(1)))?.task.statusMessage).toBeUndefined();
    await records.replace({ ...alice, task: { ...alice.task, status: 'cancelled' } });
    expect(await records.annotateCancelled(uuid(1), 'upstream job cancelled')).toBe(true);
    expect(await records.read(uuid(1))).toStrictEqual({
      ...alice,
      task: { ...alice.task, status: 'cancelled', statusMessage: 'upstream job cancelled' },
    });
    expect(await records.annotateCancelled(uuid(2), 'no such task')).toBe(false);
  });

  it('a client-chosen task id stays inside the prefix and never reads another key', async () => {
    const { records, clock, prefix } = store();
    const alice = record(uuid(1), 'alice', clock.now + LONG);
    await records.insert(alice, 60_000);
    await records.replace({
      ...alice,
      task: { ...alice.task, status: 'completed' },
      result: { content: [] },
    });
    // The result key of uuid(1), and a path-like id: neither names a key of its own.
    expect(await records.read(`${uuid(1)}:result`)).toBeUndefined();
    expect(await records.annotateCancelled(`${uuid(1)}:result`, 'x')).toBe(false);
    const custom = record('../my task*', 'alice', clock.now + LONG);
    expect(await records.insert(custom, 60_000)).toBe(true);
    expect(await records.read('../my task*')).toStrictEqual(custom);
    expect(await records.leaseHeld('../my task*')).toBe(true);
    const keys = await raw.keys(`${prefix}*`);
    expect(keys.every((k) => !k.includes('my task'))).toBe(true);
    expect(keys.filter((k) => /^rt\d+:x[0-9a-f]{32}$/.test(k))).toHaveLength(1);
    // Upper-case hex is not one of our ids: hashed too, so it is not the lower-case task.
    const lower = 'abcdef00-0000-4000-8000-00000000beef';
    await records.insert(record(lower, 'alice', clock.now + LONG), 60_000);
    expect((await records.read(lower))?.task.taskId).toBe(lower);
    expect(await records.read(lower.toUpperCase())).toBeUndefined();
  });

  it('a record whose stored id is not the one asked for is not served', async () => {
    const { records, clock, prefix } = store();
    const alice = record(uuid(1), 'alice', clock.now + LONG);
    await records.insert(alice, 60_000);
    await raw.set(`${prefix}${uuid(2)}`, JSON.stringify(alice));
    expect(await records.read(uuid(2))).toBeUndefined();
    await raw.set(
      `${prefix}${uuid(3)}`,
      JSON.stringify({ ...alice, task: { ...alice.task, status: 'cancelled' } }),
    );
    expect(await records.annotateCancelled(uuid(3), 'x')).toBe(false);
  });

  it('a cancel announced on one replica reaches every listener of the same prefix once, no other prefix', async () => {
    const { records: a, prefix } = store();
    const { records: b } = store({ prefix });
    // One subscriber connection shared by two prefixes: each hears its own channel only.
    const subscriber = new Redis(redis.url);
    const mine = new RedisTaskRecords(new Redis(redis.url), subscriber, {
      keyPrefix: prefix,
      maxTasksPerOwner: 1,
    });
    const theirs = new RedisTaskRecords(new Redis(redis.url), subscriber, {
      keyPrefix: `${prefix}other:`,
      maxTasksPerOwner: 1,
    });
    opened.push(mine, theirs);
    const heard = { b1: [] as string[], b2: [] as string[], mine: [] as string[], theirs: [] as string[] };
    b.onCancel((id) => heard.b1.push(id));
    b.onCancel((id) => heard.b2.push(id));
    mine.onCancel((id) => heard.mine.push(id));
    theirs.onCancel((id) => heard.theirs.push(id));
    await Promise.all([b.ready(), mine.ready(), theirs.ready()]);
    await a.announceCancel(uuid(1));
    await a.announceCancel(uuid(2));
    while (heard.b1.length < 2 || heard.b2.length < 2 || heard.mine.length < 2) {
      await new Promise((r) => setTimeout(r, 10));
    }
    expect(heard).toEqual({
      b1: [uuid(1), uuid(2)],
      b2: [uuid(1), uuid(2)],
      mine: [uuid(1), uuid(2)],
      theirs: [],
    });
  });

  it('by default: keys under obmcp:task:, expiry by this clock', async () => {
    const records = new RedisTaskRecords(new Redis(redis.url), new Redis(redis.url), { maxTasksPerOwner: 5 });
    opened.push(records);
    const alice = record(uuid(1), 'default-alice', Date.now() + LONG);
    expect(await records.insert(alice, 60_000)).toBe(true);
    expect(await raw.exists(`obmcp:task:${uuid(1)}`)).toBe(1);
    expect(await records.read(uuid(1))).toStrictEqual(alice);
    expect(await records.insert(record(uuid(2), 'default-alice', Date.now() - 1), 60_000)).toBe(false);
  });

  it('a lease of a fractional number of ms is held for the whole ms', async () => {
    const { records, clock, prefix } = store();
    expect(await records.insert(record(uuid(1), 'alice', clock.now + LONG), 60_000.6)).toBe(true);
    await records.renewLeases([uuid(1)], 90_000.4);
    expect(await raw.pttl(`${prefix}${uuid(1)}:lease`)).toBeGreaterThan(60_001);
    await raw.del(`${prefix}${uuid(1)}:lease`);
    await records.handOver({ ...record(uuid(1), 'alice', clock.now + LONG), handover: { arguments: {} } });
    expect(await records.claimHandover(record(uuid(1), 'alice', clock.now + LONG), 30_000.5)).toBe(true);
    expect(await raw.pttl(`${prefix}${uuid(1)}:lease`)).toBeGreaterThan(20_000);
  });

  it("an id shaped like another of the store's keys (an owner's index) is not found, never an error", async () => {
    const { records, clock } = store();
    const owner = 'ab'.repeat(32);
    await records.insert(record(uuid(1), owner, clock.now + LONG), 60_000);
    expect(await records.read(`owner:${owner}`)).toBeUndefined();
    expect(await records.annotateCancelled(`owner:${owner}`, 'x')).toBe(false);
    expect(await records.leaseHeld(`owner:${owner}`)).toBe(false);
    expect((await records.list(owner, undefined, 10)).records.map((r) => r.task.taskId)).toEqual([uuid(1)]);
  });

  it('a replica with no running task sends Redis nothing on its heartbeat', async () => {
    const { records } = store();
    await records.close();
    await expect(records.renewLeases([], 60_000)).resolves.toBeUndefined();
    await expect(records.renewLeases([uuid(1)], 60_000)).rejects.toThrow();
  });

  it('a cancel channel that cannot be subscribed (connection gone) is no failure', async () => {
    const subscriber = new Redis(redis.url);
    subscriber.disconnect();
    const records = new RedisTaskRecords(new Redis(redis.url), subscriber, {
      keyPrefix: 'gone:',
      maxTasksPerOwner: 1,
    });
    opened.push(records);
    records.onCancel(() => undefined);
    await expect(records.ready()).resolves.toBeUndefined();
  });

  it('close ends both connections, and closing twice is harmless', async () => {
    const records = new RedisTaskRecords(
      new Redis(redis.url, { connectionName: 'closing-client' }),
      new Redis(redis.url, { connectionName: 'closing-subscriber' }),
      { keyPrefix: 'closing:', maxTasksPerOwner: 1 },
    );
    records.onCancel(() => undefined);
    await records.ready();
    const named = async () => (String(await raw.client('LIST')).match(/name=closing-\w+/g) ?? []).sort();
    while ((await named()).length < 2) await new Promise((r) => setTimeout(r, 20));
    expect(await named()).toEqual(['name=closing-client', 'name=closing-subscriber']);
    await records.close();
    await records.close();
    while ((await named()).length > 0) await new Promise((r) => setTimeout(r, 20));
    expect(await named()).toEqual([]);
  });
});
