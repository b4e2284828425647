// callWithEnvelope: what an agent-side caller gets back for each shape of tool answer (result, envelope, plain error).
import type { Client } from '@modelcontextprotocol/client';
import { describe, expect, test } from 'vitest';
import { callWithEnvelope, PlainToolError } from '../src/client/call-with-envelope.js';
import { buildEnvelope } from '../src/envelope/build.js';
import { MINIMAL_ENVELOPE_INPUT } from './helpers.js';

const ENVELOPE = buildEnvelope({ ...MINIMAL_ENVELOPE_INPUT, tool: 'list_orders' });

/** A client whose callTool answers `response` and records what it was asked. */
function clientAnswering(response: Record<string, unknown>) {
  const calls: unknown[] = [];
  const client = {
    callTool: async (request: unknown) => {
      calls.push(request);
      return response;
    },
  } as unknown as Client;
  return { client, calls };
}

describe('callWithEnvelope', () => {
  test('sends the tool name and arguments (none → an empty object)', async () => {
    const { client, calls } = clientAnswering({ content: [{ type: 'text', text: '{}' }] });
    await callWithEnvelope(client, 'list_orders', { region: 'eu' });
    await callWithEnvelope(client, 'ping');
    expect(calls).toEqual([
      { name: 'list_orders', arguments: { region: 'eu' } },
      { name: 'ping', arguments: {} },
    ]);
  });

  test('an error answer carrying an envelope → { envelope }', async () => {
    const { client } = clientAnswering({
      isError: true,
      content: [{ type: 'text', text: JSON.stringify(ENVELOPE) }],
    });
    const outcome = await callWithEnvelope(client, 'list_orders');
    expect(outcome).toEqual({ envelope: ENVELOPE });
    expect(outcome.result).toBeUndefined();
  });

  test('the envelope is read from the first text item, past images and odd items', async () => {
    const { client } = clientAnswering({
      isError: true,
      content: [null, 'text', { type: 'image', data: 'x' }, { type: 'text', text: JSON.stringify(ENVELOPE) }],
    });
    expect(await callWithEnvelope(client, 'list_orders')).toEqual({ envelope: ENVELOPE });
  });

  test('an error answer without an envelope throws PlainToolError with its text', async () => {
    const plain = clientAnswering({ isError: true, content: [{ type: 'text', text: 'upstream exploded' }] });
    await expect(callWithEnvelope(plain.client, 't')).rejects.toThrow(
      expect.objectContaining({ name: 'PlainToolError', message: 'upstream exploded' }),
    );
    await expect(callWithEnvelope(plain.client, 't')).rejects.toBeInstanceOf(PlainToolError);
    // JSON that is no envelope is plain too
    const json = clientAnswering({ isError: true, content: [{ type: 'text', text: '{"error":"x"}' }] });
    await expect(callWithEnvelope(json.client, 't')).rejects.toThrow('{"error":"x"}');
    const nothing = clientAnswering({ isError: true, content: [{ type: 'text', text: 'null' }] });
    await expect(callWithEnvelope(nothing.client, 't')).rejects.toThrow(
      expect.objectContaining({ name: 'PlainToolError', message: 'null' }),
    );
  });

  test('an error answer without any text says so', async () => {
    for (const content of [[], [{ type: 'image', data: 'x' }], undefined]) {
      const { client } = clientAnswering({ isError: true, content });
      await expect(callWithEnvelope(client, 't')).rejects.toThrow('tool error without text');
    }
  });

  test('a success answer → { result }: structuredContent first, else the parsed text, else the text', async () => {
    const structured = clientAnswering({
      structuredContent: { rows: 1 },
      content: [{ type: 'text', text: '{"rows":2}' }],
    });
    expect(await callWithEnvelope(structured.client, 't')).toEqual({ result: { rows: 1 } });
    const text = clientAnswering({ content: [{ type: 'text', text: '{"rows":2}' }] });
    expect(await callWithEnvelope(text.client, 't')).toEqual({ result: { rows: 2 } });
    const prose = clientAnswering({ content: [{ type: 'text', text: 'done' }] });
    const outcome = await callWithEnvelope(prose.client, 't');
    expect(outcome).toEqual({ result: 'done' });
    expect(outcome.envelope).toBeUndefined();
  });

  test('a success answer that is an envelope (a server that forgot isError) → { envelope }', async () => {
    const { client } = clientAnswering({ structuredContent: ENVELOPE, content: [] });
    expect(await callWithEnvelope(client, 't')).toEqual({ envelope: ENVELOPE });
  });

  test('only a v1 envelope counts: version 1, a string kind and a string code', async () => {
    const { _envelope_version: _v, ...noVersion } = ENVELOPE;
    for (const value of [
      { ...ENVELOPE, _envelope_version: 2 },
      noVersion,
      { ...ENVELOPE, error_kind: 7 },
      { ...ENVELOPE, error_code: null },
      [ENVELOPE],
    ]) {
      const { client } = clientAnswering({ structuredContent: value, content: [] });
      expect(await callWithEnvelope(client, 't')).toEqual({ result: value });
    }
  });
});
