// Runs an /mcp request with its session choices loaded from the shared store; a store that does not answer is a 503 (a switch is never guessed).
import type { ServerResponse } from 'node:http';
import {
  loadSessionChoices,
  runWithSessionChoices,
  type SessionChoices,
  type SessionChoiceStore,
} from '../server/session-choices.js';
import { sendRpcError } from './http-responses.js';

export async function serveWithSessionChoices(
  store: SessionChoiceStore,
  key: string,
  res: ServerResponse,
  run: () => Promise<void>,
): Promise<void> {
  let choices: SessionChoices;
  try {
    choices = await loadSessionChoices(store, key);
  } catch {
    sendRpcError(res, 503, 'The session store is unavailable; retry shortly', { 'retry-after': '1' });
    return;
  }
  await runWithSessionChoices(choices, run);
}
