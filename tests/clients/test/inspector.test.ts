// MCP Inspector CLI 2.12: its schema-portability check over stdio, and what a CLI run prints for each case (HTTP).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_CASES } from '../src/cases.js';
import { runInspector, stdioTarget } from '../src/inspector-cli.js';
import { openTarget, type Target } from '../src/target.js';
import { expectEnvelope } from './support/expect-envelope.js';

/** Exit codes of the Inspector CLI: 5 = the tool call failed (isError or not found), 6 = unportable schema. */
const EXIT_TOOL_ERROR = 5;

let home: string;
beforeAll(() => {
  home = mkdtempSync(join(tmpdir(), 'obmcp-inspector-home-'));
});
afterAll(() => rmSync(home, { recursive: true, force: true }));

describe.each(APP_CASES.map((cases) => [cases.app, cases] as const))('Inspector CLI: %s', (_, cases) => {
  it('stdio: tools/list --strict finds no schema-portability error or warning', async () => {
    const target = await openTarget(cases.app, 'stdio');
    try {
      const { options, target: command } = stdioTarget(target.stdio ?? { command: '', args: [], env: {} });
      const run = await runInspector([...options, '--method', 'tools/list', '--strict'], command, home);
      expect(run.stderr).not.toMatch(/schema_unportable|Path: inputSchema/);
      expect(run.stderr).not.toMatch(/[1-9]\d* (errors?|warnings?)/);
      expect(run.code, run.stderr).toBe(0);
      const listed = JSON.parse(run.stdout) as { result: { tools: unknown[] } };
      expect(listed.result.tools.length).toBeGreaterThanOrEqual(20);
    } finally {
      await target.close();
    }
  });

  describe('over HTTP, one run per case', () => {
    let target: Target;
    const call = (tool: string, args: Record<string, unknown>) =>
      runInspector(
        ['--method', 'tools/call', '--tool-name', tool, '--tool-args-json', JSON.stringify(args)],
        [target.url ?? ''],
        home,
      );

    /** Assertion context: the Inspector's stderr and the end of the server's log. */
    const why = (stderr: string) => `${stderr}\nserver log:\n${target.serverStderr().slice(-2000)}`;

    beforeAll(async () => {
      target = await openTarget(cases.app, 'http');
    });
    afterAll(async () => target?.close());

    it('success, bad argument and unknown tool', async () => {
      const [ok, bad, unknown] = await Promise.all([
        call(cases.tool, cases.args),
        call(cases.tool, cases.badArgs),
        call(cases.unknownTool, {}),
      ]);
      expect(ok.code, why(ok.stderr)).toBe(0);
      expect(JSON.parse(ok.stdout)).toMatchObject({ result: { structuredContent: { _meta: {} } } });

      // The Inspector coerces the wrong-typed value to null before sending: the envelope says "received null".
      expect(bad.code, why(bad.stderr)).toBe(EXIT_TOOL_ERROR);
      const envelope = expectEnvelope(JSON.parse(bad.stdout) as unknown, cases, 'bad_args');
      expect(envelope.details[0]?.received_type).toBe('null');
      expect(bad.stderr).toContain('tool_is_error');

      // The Inspector checks the name against tools/list and never sends the call: no envelope.
      expect(unknown.code, why(unknown.stderr)).toBe(EXIT_TOOL_ERROR);
      expect(unknown.stdout).toBe('');
      expect(unknown.stderr).toContain('tool_not_found');
    });

    it('upstream 401, then 429 with Retry-After: the envelope on stdout, exit 5', async () => {
      target.fault.set('http_401');
      const unauthorized = await call(cases.tool, cases.args);
      target.fault.set('http_429_retry_after');
      const limited = await call(cases.tool, cases.args);
      target.fault.set('none');
      expect(unauthorized.code, why(unauthorized.stderr)).toBe(EXIT_TOOL_ERROR);
      expectEnvelope(JSON.parse(unauthorized.stdout) as unknown, cases, 'http_401');
      expect(limited.code, why(limited.stderr)).toBe(EXIT_TOOL_ERROR);
      const envelope = expectEnvelope(JSON.parse(limited.stdout) as unknown, cases, 'http_429');
      expect(envelope._meta?.retry_after_seconds).toBe(2);
    });
  });
});
