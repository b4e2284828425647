// The view-side bridge speaks the MCP Apps revision ext-apps (2.x) speaks; method names and shapes are checked by typecheck.
import { LATEST_PROTOCOL_VERSION } from '@modelcontextprotocol/ext-apps/app-bridge';
import { expect, test } from 'vitest';
import { PROTOCOL_VERSION } from '../src/shared/bridge.js';

test("ui/initialize asks for ext-apps' latest protocol version", () => {
  expect(PROTOCOL_VERSION).toBe(LATEST_PROTOCOL_VERSION);
});
