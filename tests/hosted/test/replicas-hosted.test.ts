// Two --hosted replicas sharing Redis behind a round-robin balancer: two users, each only ever themselves (tokens, tasks, identities, Code Mode, rate budget, region and profile switches) on either replica.
import { app as adsMcp } from '@obmcp/ads-mcp';
import { app as spMcp } from '@obmcp/sp-mcp';
import type { Client } from '@modelcontextprotocol/client';
import {
  CallToolResultSchema,
  CancelTaskResultSchema,
  CreateTaskResultSchema,
  GetTaskResultSchema,
  ListTasksResultSchema,
} from '@modelcontextprotocol/core';
import { newSigningJwk } from '@obmcp/hosted-auth';
import { callTool, HAS_REDIS, type RedisProcess, startRedis } from '@obmcp/test-kit';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Host, logIn, resultOf, startHost } from '@obmcp/test-kit/browser-login';
import { type HostedApp, startHostedApp } from '../src/hosted-app.js';
import { adsLoginEnv, spLoginEnv, startUpstreams, type Upstreams } from '../src/mocks.js';
import { type RoundRobin, roundRobin } from '../src/round-robin.js';

const US = 'ATVPDKIKX0DER';

let up: Upstreams;
let redis: RedisProcess;
let a: HostedApp;
let b: HostedApp;
let lb: RoundRobin;
let host: Host;
let alice: Client;
let bob: Client;

function seller(account: string) {
  return async (page: Page) => {
    await page.waitForURL(/\/apps\/authorize\/consent/);
    await page.selectOption('#account', account);
    await page.click('#confirm');
  };
}

/**
 * Runs `attempt` until both replicas have answered one of its requests (round robin: consecutive requests
 * alternate), so each assertion inside holds on either replica, not on whichever the balancer picked.
 */
async function onBothReplicas(attempt: () => Promise<void>): Promise<void> {
  const seen = new Set<number>();
  for (let i = 0; i < 6 && seen.size < 2; i++) {
    const from = lb.log.length;
    await attempt();
    for (const index of lb.log.slice(from)) seen.add(index);
  }
  expect(seen).toEqual(new Set([0, 1]));
}

/** Runs `attempt` (one request by one user) until both replicas have served it. */
async function eachReplica(
  balancer: () => RoundRobin,
  attempt: (round: number) => Promise<void>,
): Promise<void> {
  const seen = new Set<number>();
  for (let round = 0; round < 6 && seen.size < 2; round++) {
    const from = balancer().log.length;
    await attempt(round);
    for (const index of balancer().log.slice(from)) seen.add(index);
  }
  expect(seen).toEqual(new Set([0, 1]));
}

/** The error a request ends with (a JSON-RPC error is thrown by the client). */
async function refusal(request: Promise<unknown>): Promise<string> {
  const outcome = await request.then(
    () => 'answered',
    (error: unknown) => (error instanceof Error ? error.message : String(error)),
  );
  return outcome;
}

describe.skipIf(!HAS_REDIS)('two sp-mcp --hosted replicas on one Redis', () => {
  beforeAll(async () => {
    up = await startUpstreams();
    redis = await startRedis();
    const env = {
      CODE_MODE: 'on',
      ...spLoginEnv(up),
      OBMCP_HOSTED_SIGNING_JWK: await newSigningJwk(),
      // One Redis for the login store, the task records and the limiter's buckets (as deployed).
      OBMCP_REDIS_URL: redis.url,
    };
    // Both replicas answer for the load balancer's origin: one issuer, one token audience, one Redis.
    lb = await roundRobin(() => [a.port, b.port], 0);
    const publicOrigin = lb.origin;
    a = await startHostedApp(spMcp, env, publicOrigin);
    b = await startHostedApp(spMcp, env, publicOrigin);
    up.fake.allowRedirectUri(`${publicOrigin}/oauth/callback`);
    host = await startHost();
    alice = (await logIn(host, `${lb.origin}/mcp`, seller('amzn1.account.MOCKALICE'))).client;
    bob = (await logIn(host, `${lb.origin}/mcp`, seller('amzn1.account.MOCKBOB'))).client;
  });
  afterAll(async () => {
    await alice?.close();
    await bob?.close();
    await host?.close();
    await a?.close();
    await b?.close();
    await lb?.close();
    await up?.close();
    await redis?.kill();
  });

  it('every request may land on either replica; each call reaches SP-API with its own seller’s token', async () => {
    up.callers.length = 0;
    const args = { marketplaceIds: [US], createdAfter: '2026-03-01T00:00:00Z' };
    const from = lb.log.length;
    for (let i = 0; i < 3; i++) {
      for (const [user, subject] of [
        [alice, 'sp:A1MOCKALICE'],
        [bob, 'sp:A2MOCKBOB'],
      ] as const) {
        const listed = resultOf(await user.callTool({ name: 'list_identities', arguments: {} }));
        // Only their own identity: the other seller's is not even listed.
        expect(listed.activeIdentityId).toBe(subject);
        expect((listed.identities as { id: string }[]).map((i) => i.id)).toEqual([subject]);
        expect((await user.callTool({ name: 'get_orders', arguments: args })).isError).not.toBe(true);
      }
    }
    // Each upstream call carried the token of the seller who made it (repeats may be answered from the server's cache).
    expect(up.callers.slice(0, 2)).toEqual(['A1MOCKALICE', 'A2MOCKBOB']);
    expect(new Set(up.callers)).toEqual(new Set(['A1MOCKALICE', 'A2MOCKBOB']));
    const served = lb.log.slice(from);
    expect(served.filter((i) => i === 0).length).toBeGreaterThan(5);
    expect(served.filter((i) => i === 1).length).toBeGreaterThan(5);
  });

  it('a seller cannot switch to the other seller’s identity on either replica', async () => {
    await onBothReplicas(async () => {
      const cross = await callTool(bob, 'set_active_identity', { identityId: 'sp:A1MOCKALICE' });
      expect(cross.envelope).toBeDefined();
      expect(cross.text).not.toContain('Atzr|');
    });
    expect(resultOf(await bob.callTool({ name: 'list_identities', arguments: {} })).activeIdentityId).toBe(
      'sp:A2MOCKBOB',
    );
  });

  it('Code Mode scripts run as the seller who sent them, on either replica', async () => {
    const code = "const r = await call_tool('list_identities', {}); return r.activeIdentityId;";
    for (const [user, subject] of [
      [alice, 'sp:A1MOCKALICE'],
      [bob, 'sp:A2MOCKBOB'],
    ] as const) {
      await onBothReplicas(async () => {
        const ran = await callTool(user, 'execute', { code });
        expect(ran.result?.result).toBe(subject);
      });
    }
  });

  it('a task is its seller’s: the other gets "not found" from tasks/get, result and cancel and no listing, on both replicas', async () => {
    const { task } = await alice.request(
      {
        method: 'tools/call',
        params: {
          name: 'run_report',
          arguments: { reportType: 'GET_MERCHANT_LISTINGS_ALL_DATA', marketplaceIds: [US] },
          task: { ttl: 120_000 },
        },
      },
      CreateTaskResultSchema,
    );
    // Alice reads her task through both replicas (the records are in Redis, not in one process).
    await onBothReplicas(async () => {
      const own = await alice.request(
        { method: 'tasks/get', params: { taskId: task.taskId } },
        GetTaskResultSchema,
      );
      expect(own.taskId).toBe(task.taskId);
    });
    const notFound = /Task not found/;
    await onBothReplicas(async () => {
      expect(
        await refusal(
          bob.request({ method: 'tasks/get', params: { taskId: task.taskId } }, GetTaskResultSchema),
        ),
      ).toMatch(notFound);
    });
    await onBothReplicas(async () => {
      expect(
        await refusal(
          bob.request({ method: 'tasks/result', params: { taskId: task.taskId } }, CallToolResultSchema),
        ),
      ).toMatch(notFound);
    });
    await onBothReplicas(async () => {
      expect(
        await refusal(
          bob.request({ method: 'tasks/cancel', params: { taskId: task.taskId } }, CancelTaskResultSchema),
        ),
      ).toMatch(notFound);
    });
    await onBothReplicas(async () => {
      const listed = await bob.request({ method: 'tasks/list', params: {} }, ListTasksResultSchema);
      expect(listed.tasks.map((t) => t.taskId)).not.toContain(task.taskId);
    });
    // Bob's cancel did nothing: the task is still Alice's and not cancelled; Alice lists it.
    const still = await alice.request(
      { method: 'tasks/get', params: { taskId: task.taskId } },
      GetTaskResultSchema,
    );
    expect(still.status).not.toBe('cancelled');
    const mine = await alice.request({ method: 'tasks/list', params: {} }, ListTasksResultSchema);
    expect(mine.tasks.map((t) => t.taskId)).toContain(task.taskId);
  });

  it('one seller spending their rate budget (shared by both replicas) leaves the other’s whole', async () => {
    // getItemOffers: 0.5 requests/s, burst 1 (SP's documented usage plan); the buckets are in Redis.
    const args = { asin: 'B08N5WRWNW', marketplaceId: US, itemCondition: 'New' };
    const from = lb.log.length;
    const first = await callTool(alice, 'get_item_offers', args);
    expect(first.envelope).toBeUndefined();
    const second = await callTool(alice, 'get_item_offers', args);
    expect(second.envelope?.error_code).toBe('RATE_LIMITED');
    // The two calls were answered by different replicas: one budget per seller across the deployment.
    expect(new Set(lb.log.slice(from))).toEqual(new Set([0, 1]));
    const other = await callTool(bob, 'get_item_offers', args);
    expect(other.envelope, JSON.stringify(other.envelope)).toBeUndefined();
  });

  it('a seller’s set_region made on one replica holds on both; the other seller keeps the default region', async () => {
    expect(resultOf(await alice.callTool({ name: 'set_region', arguments: { region: 'eu' } })).region).toBe(
      'eu',
    );
    await eachReplica(
      () => lb,
      async () => {
        expect(resultOf(await alice.callTool({ name: 'get_region', arguments: {} })).region).toBe('eu');
      },
    );
    await eachReplica(
      () => lb,
      async () => {
        expect(resultOf(await bob.callTool({ name: 'get_region', arguments: {} })).region).toBe('na');
      },
    );
    // Alice's next calls reach SP-API Europe from either replica; Bob's still reach North America.
    const DE = 'A1PA6795UKMFR9';
    await eachReplica(
      () => lb,
      async (round) => {
        up.requests.length = 0;
        const args = { marketplaceIds: [DE], createdAfter: `2026-02-0${round + 1}T00:00:00Z` };
        const orders = await callTool(alice, 'get_orders', args);
        expect(orders.envelope, JSON.stringify(orders.envelope)).toBeUndefined();
        expect(up.requests.map((r) => r.host)).toContain('sellingpartnerapi-eu.amazon.com');
      },
    );
    await eachReplica(
      () => lb,
      async (round) => {
        up.requests.length = 0;
        const args = { marketplaceIds: [US], createdAfter: `2026-02-0${round + 1}T00:00:00Z` };
        expect((await callTool(bob, 'get_orders', args)).envelope).toBeUndefined();
        expect(new Set(up.requests.map((r) => r.host))).toEqual(new Set(['sellingpartnerapi-na.amazon.com']));
      },
    );
    // Switching back is seen by both replicas too.
    await alice.callTool({ name: 'set_region', arguments: { region: 'na' } });
    await eachReplica(
      () => lb,
      async () => {
        expect(resultOf(await alice.callTool({ name: 'get_region', arguments: {} })).region).toBe('na');
      },
    );
  });
});

describe.skipIf(!HAS_REDIS)('two ads-mcp --hosted replicas on one Redis', () => {
  let adsUp: Upstreams;
  let adsRedis: RedisProcess;
  let adsA: HostedApp;
  let adsB: HostedApp;
  let adsLb: RoundRobin;
  let adsHost: Host;
  let carol: Client;
  let dave: Client;

  function amazonUser(account: string, profiles: string[]) {
    return async (page: Page) => {
      await page.waitForURL(/\/ap\/oa/);
      await page.selectOption('#account', account);
      await page.click('#allow');
      await page.waitForSelector('#choose');
      for (const profile of profiles) await page.check(`input[name="profile"][value="${profile}"]`);
      await page.click('#choose');
    };
  }

  beforeAll(async () => {
    adsUp = await startUpstreams();
    adsRedis = await startRedis();
    const env = {
      CODE_MODE: 'off',
      ...adsLoginEnv(adsUp),
      OBMCP_HOSTED_SIGNING_JWK: await newSigningJwk(),
      OBMCP_REDIS_URL: adsRedis.url,
    };
    adsLb = await roundRobin(() => [adsA.port, adsB.port], 0);
    adsA = await startHostedApp(adsMcp, env, adsLb.origin);
    adsB = await startHostedApp(adsMcp, env, adsLb.origin);
    adsUp.fake.allowRedirectUri(`${adsLb.origin}/oauth/callback`);
    adsHost = await startHost();
    const both = ['1111111111', '2222222222'];
    carol = (await logIn(adsHost, `${adsLb.origin}/mcp`, amazonUser('amzn1.account.MOCKALICE', both))).client;
    dave = (await logIn(adsHost, `${adsLb.origin}/mcp`, amazonUser('amzn1.account.MOCKBOB', both))).client;
  });
  afterAll(async () => {
    await carol?.close();
    await dave?.close();
    await adsHost?.close();
    await adsA?.close();
    await adsB?.close();
    await adsLb?.close();
    await adsUp?.close();
    await adsRedis?.kill();
  });

  it('a user’s set_active_profile made on one replica holds on both; the other user keeps theirs', async () => {
    const active = async (user: Client) =>
      resultOf(await user.callTool({ name: 'get_active_profile', arguments: {} }));
    const first = (await active(carol)).activeProfileId;
    const other = first === 1111111111 ? 2222222222 : 1111111111;
    expect((await active(dave)).activeProfileId).toBe(first);
    const set = await carol.callTool({ name: 'set_active_profile', arguments: { profileId: other } });
    expect(set.isError).not.toBe(true);
    await eachReplica(
      () => adsLb,
      async () => {
        const now = await active(carol);
        expect(now.activeProfileId).toBe(other);
        expect(now.source).toBe('set_active_profile');
      },
    );
    await eachReplica(
      () => adsLb,
      async () => {
        expect((await active(dave)).activeProfileId).toBe(first);
      },
    );
    // A profile-scoped call sends the switched profile as Amazon-Advertising-API-Scope from either replica.
    await eachReplica(
      () => adsLb,
      async () => {
        adsUp.requests.length = 0;
        const listed = await callTool(carol, 'list_campaigns', {});
        expect(listed.envelope, JSON.stringify(listed.envelope)).toBeUndefined();
        expect(adsUp.requests.map((r) => r.scope)).toContain(String(other));
        expect(adsUp.requests.map((r) => r.scope)).not.toContain(String(first));
      },
    );
    await eachReplica(
      () => adsLb,
      async () => {
        adsUp.requests.length = 0;
        expect((await callTool(dave, 'list_campaigns', {})).envelope).toBeUndefined();
        expect(adsUp.requests.map((r) => r.scope)).toContain(String(first));
      },
    );
  });
});
