// The worker side of call_tool: one `call` message per call, settled by its own reply only; a call the run stops
// awaiting is aborted upstream; late or unknown replies change nothing.
import { getEventListeners } from 'node:events';
import { MessageChannel } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { PortToolCaller } from '../src/worker/port-tool-caller.js';
import { decodeMessage, encodeMessage, type FromWorker } from '../src/worker/protocol.js';

function channel() {
  const { port1, port2 } = new MessageChannel();
  const sent: FromWorker[] = [];
  port2.on('message', (text: unknown) => sent.push(decodeMessage<FromWorker>(text)));
  const tick = () => new Promise((r) => setTimeout(r, 20));
  const close = () => {
    port1.close();
    port2.close();
  };
  return { caller: new PortToolCaller(port1), sent, tick, close };
}

describe('PortToolCaller', () => {
  it('numbers each call, and each reply settles its own call only', async () => {
    const { caller, sent, tick, close } = channel();
    const first = caller.call('echo', { n: 1 });
    const second = caller.call('explode', {});
    await tick();
    expect(sent).toEqual([
      { type: 'call', callId: 1, name: 'echo', args: { n: 1 } },
      { type: 'call', callId: 2, name: 'explode', args: {} },
    ]);
    caller.settle({ type: 'call_thrown', callId: 2, error: { name: 'RangeError', message: 'kaboom' } });
    caller.settle({ type: 'call_result', callId: 1, outcome: { ok: true, value: { n: 1 } } });
    expect(await first).toEqual({ ok: true, value: { n: 1 } });
    const error = await second.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({ name: 'RangeError', message: 'kaboom' });
    // A second reply for a settled call, or one for a call never made, is ignored.
    caller.settle({ type: 'call_result', callId: 1, outcome: { ok: true, value: 'late' } });
    caller.settle({ type: 'call_thrown', callId: 9, error: { name: 'Error', message: 'stray' } });
    close();
  });

  it('a call whose signal aborts asks the main thread to abort it upstream, once', async () => {
    const { caller, sent, tick, close } = channel();
    const controller = new AbortController();
    const pending = caller.call('slow', {}, { signal: controller.signal });
    controller.abort();
    controller.abort();
    await tick();
    expect(sent).toEqual([
      { type: 'call', callId: 1, name: 'slow', args: {} },
      { type: 'call_abort', callId: 1 },
    ]);
    caller.settle({ type: 'call_result', callId: 1, outcome: { ok: true, value: null } });
    expect(await pending).toEqual({ ok: true, value: null });
    close();
  });

  it("a settled call leaves no listener on the run's signal, and the run's end asks no abort of it", async () => {
    const { caller, sent, tick, close } = channel();
    const run = new AbortController();
    const answered = caller.call('echo', {}, { signal: run.signal });
    const thrown = caller.call('explode', {}, { signal: run.signal });
    const open = caller.call('slow', {}, { signal: run.signal });
    caller.settle({ type: 'call_result', callId: 1, outcome: { ok: true, value: 1 } });
    caller.settle({ type: 'call_thrown', callId: 2, error: { name: 'Error', message: 'x' } });
    await answered;
    await thrown.catch(() => undefined);
    expect(getEventListeners(run.signal, 'abort')).toHaveLength(1);
    run.abort();
    await tick();
    expect(sent.filter((m) => m.type === 'call_abort')).toEqual([{ type: 'call_abort', callId: 3 }]);
    caller.settle({ type: 'call_result', callId: 3, outcome: { ok: true, value: null } });
    await open;
    expect(getEventListeners(run.signal, 'abort')).toEqual([]);
    close();
  });

  it('a call settled once is forgotten: the same id answered again settles nothing new', async () => {
    const { caller, tick, close } = channel();
    const one = caller.call('echo', {});
    caller.settle({ type: 'call_result', callId: 1, outcome: { ok: true, value: 1 } });
    expect(await one).toEqual({ ok: true, value: 1 });
    const two = caller.call('echo', {});
    await tick();
    caller.settle({ type: 'call_result', callId: 2, outcome: { ok: true, value: 2 } });
    expect(await two).toEqual({ ok: true, value: 2 });
    expect(encodeMessage({ type: 'started' })).toBe('{"type":"started"}');
    close();
  });
});
