// Fault scenarios: names, env selection, and how withFault renders each one.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { checkMockSettings } from '../src/check-settings.js';
import { activeFault, FAULT_SCENARIOS, httpFaultOf, setFault } from '../src/faults.js';
import { withFault } from '../src/with-fault.js';

/** Every msw delay() the mocks ask for, recorded (and still taken): the latency is seen without a clock. */
const delays = vi.hoisted((): unknown[] => []);
vi.mock('msw', async (importOriginal) => {
  const msw = await importOriginal<typeof import('msw')>();
  return {
    ...msw,
    delay: (...args: Parameters<typeof msw.delay>) => {
      delays.push(args[0]);
      return msw.delay(...args);
    },
  };
});

const render = (status: number, retryAfter: string | undefined) =>
  HttpResponse.json(
    { errors: [{ code: `E${status}` }] },
    { status, headers: retryAfter ? { 'retry-after': retryAfter } : {} },
  );
const server = setupServer(
  http.get(
    'https://api.example.test/ok',
    withFault('api', render, () => HttpResponse.json({ ok: true })),
  ),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  setFault('api', undefined);
  delete process.env.OBMCP_MOCK_FAULT;
  delete process.env.OBMCP_MOCK_FAULT_FILE;
  delete process.env.OBMCP_MOCK_LATENCY_MS;
  delete process.env.OBMCP_MOCK_LATENCY_FILE;
});
afterAll(() => server.close());

describe('fault selection', () => {
  it('knows the twelve scenarios and their HTTP shape', () => {
    expect(FAULT_SCENARIOS).toHaveLength(12);
    expect(httpFaultOf('http_429_retry_after')).toEqual({ status: 429, retryAfter: '2' });
    expect(httpFaultOf('http_503_retry_after')).toEqual({ status: 503, retryAfter: '2' });
    expect(httpFaultOf('timeout')).toBeUndefined();
  });

  it('reads the env at request time, and an override wins', () => {
    process.env.OBMCP_MOCK_FAULT = 'http_404';
    expect(activeFault('api')).toBe('http_404');
    expect(activeFault('auth')).toBeUndefined();
    setFault('api', null);
    expect(activeFault('api')).toBeUndefined();
  });

  it('reads the scenario from OBMCP_MOCK_FAULT_FILE at each request, ahead of the env var', () => {
    const dir = mkdtempSync(join(tmpdir(), 'obmcp-fault-'));
    const file = join(dir, 'fault');
    try {
      process.env.OBMCP_MOCK_FAULT = 'http_404';
      process.env.OBMCP_MOCK_FAULT_FILE = file;
      expect(activeFault('api')).toBeUndefined();
      writeFileSync(file, 'http_401\n');
      expect(activeFault('api')).toBe('http_401');
      writeFileSync(file, 'http_429_retry_after');
      expect(activeFault('api')).toBe('http_429_retry_after');
      expect(activeFault('auth')).toBeUndefined();
      writeFileSync(file, 'none');
      expect(activeFault('api')).toBeUndefined();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('rejects an unknown scenario name loudly', () => {
    process.env.OBMCP_MOCK_FAULT = 'http_999';
    expect(() => activeFault('api')).toThrow(/unknown mock fault/);
  });
});

describe('withFault rendering', () => {
  const get = () => fetch('https://api.example.test/ok');

  it('passes through without a fault', async () => {
    expect(await (await get()).json()).toEqual({ ok: true });
  });

  it('renders http faults the API way, with Retry-After where the scenario adds it', async () => {
    setFault('api', 'http_429_retry_after');
    const res = await get();
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBe('2');
    expect(await res.json()).toEqual({ errors: [{ code: 'E429' }] });
  });

  it('html_200 and truncated_json answer 200 with unreadable bodies', async () => {
    setFault('api', 'html_200');
    const html = await get();
    expect(html.headers.get('content-type')).toMatch(/text\/html/);
    setFault('api', 'truncated_json');
    const truncated = await get();
    await expect(truncated.json()).rejects.toThrow();
  });

  it('reset drops the connection', async () => {
    setFault('api', 'reset');
    await expect(get()).rejects.toThrow();
  });

  it('timeout never answers', async () => {
    setFault('api', 'timeout');
    const outcome = await Promise.race([
      get().then(() => 'answered'),
      new Promise((r) => setTimeout(() => r('pending'), 300)),
    ]);
    expect(outcome).toBe('pending');
  });

  it('warning_header keeps the success and adds the Warning', async () => {
    setFault('api', 'warning_header');
    const res = await get();
    expect(res.status).toBe(200);
    expect(res.headers.get('warning')).toBe('199 - "cached response"');
    expect(await res.json()).toEqual({ ok: true });
  });
});

describe('OBMCP_MOCK_LATENCY_MS', () => {
  it('delays every API answer by that many ms, and nothing without it', async () => {
    /** The delays one answer asked msw for. */
    const delaysOfOneAnswer = async () => {
      delays.length = 0;
      const res = await fetch('https://api.example.test/ok');
      expect(await res.json()).toEqual({ ok: true });
      return [...delays];
    };
    expect(await delaysOfOneAnswer()).toEqual([]);
    process.env.OBMCP_MOCK_LATENCY_MS = '80';
    expect(await delaysOfOneAnswer()).toEqual([80]);
  });

  it('OBMCP_MOCK_LATENCY_FILE: read at every request, ahead of the env var; a missing file means none', async () => {
    const delaysOfOneAnswer = async () => {
      delays.length = 0;
      await (await fetch('https://api.example.test/ok')).json();
      return [...delays];
    };
    const dir = mkdtempSync(join(tmpdir(), 'mock-latency-'));
    try {
      const file = join(dir, 'latency');
      process.env.OBMCP_MOCK_LATENCY_MS = '80';
      process.env.OBMCP_MOCK_LATENCY_FILE = file;
      expect(await delaysOfOneAnswer()).toEqual([]);
      writeFileSync(file, '20\n');
      expect(await delaysOfOneAnswer()).toEqual([20]);
      writeFileSync(file, '0');
      expect(await delaysOfOneAnswer()).toEqual([]);
      writeFileSync(file, 'slow');
      expect(checkMockSettings()).toContain(
        'OBMCP_MOCK_LATENCY_FILE must hold a whole number of milliseconds (got "slow")',
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
