// mockFileBoundary: after a file, none of its msw servers listens, no fault override, issued token or OBMCP_* change remains.
import { describe, expect, it } from 'vitest';
import { activeFault, setFault } from '../src/faults.js';
import { closeMockServers, isMockServerListening, mockFileBoundary, startMockServer } from '../src/index.js';
import { issueAccessToken, issuedCount } from '../src/lwa/tokens.js';

describe('mockFileBoundary', () => {
  it('closes every listening mock server, clears fault overrides and issued tokens, puts OBMCP_* back', () => {
    process.env.OBMCP_MOCK_FAULT_BOUNDARY_KEPT = 'before';
    const end = mockFileBoundary();
    const first = startMockServer();
    const second = startMockServer();
    setFault('api', 'http_500');
    setFault('auth', 'http_401');
    issueAccessToken('boundary-client', 'boundary-refresh');
    process.env.OBMCP_MOCK_FAULT_BOUNDARY_KEPT = 'changed';
    process.env.OBMCP_MOCK_FAULT_BOUNDARY_ADDED = '1';
    expect([isMockServerListening(first), isMockServerListening(second)]).toEqual([true, true]);

    end();
    expect([isMockServerListening(first), isMockServerListening(second)]).toEqual([false, false]);
    expect(activeFault('api')).toBeUndefined();
    expect(activeFault('auth')).toBeUndefined();
    expect(issuedCount()).toBe(0);
    expect(process.env.OBMCP_MOCK_FAULT_BOUNDARY_KEPT).toBe('before');
    expect(process.env.OBMCP_MOCK_FAULT_BOUNDARY_ADDED).toBeUndefined();
    delete process.env.OBMCP_MOCK_FAULT_BOUNDARY_KEPT;
  });

  it('a server closed on its own is no longer listening, and closeMockServers leaves it alone', () => {
    const server = startMockServer();
    server.close();
    expect(isMockServerListening(server)).toBe(false);
    expect(() => closeMockServers()).not.toThrow();
  });
});
