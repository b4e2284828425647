// The worker's log lines as the main thread receives them: bound and child fields, errors as data, and a field
// JSON cannot hold named by its type instead of losing the line.
import { MessageChannel } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { portLogger } from '../src/worker/port-logger.js';
import { decodeMessage, type FromWorker } from '../src/worker/protocol.js';

/** A portLogger whose lines are collected on the other end of a channel. */
function logged() {
  const { port1, port2 } = new MessageChannel();
  const lines: FromWorker[] = [];
  port2.on('message', (text: unknown) => lines.push(decodeMessage<FromWorker>(text)));
  const flush = async () => {
    await new Promise((r) => setTimeout(r, 20));
    port1.close();
    port2.close();
    return lines;
  };
  return { log: portLogger(port1, { component: 'w' }), flush };
}

describe('portLogger', () => {
  it('sends each level with its message, the bound fields and its own (its own win)', async () => {
    const { log, flush } = logged();
    log.debug('d', { a: 1 });
    log.info('i');
    log.warn('w', { component: 'mine' });
    log.error('e', { failure: new TypeError('bad input') });
    const lines = await flush();
    expect(lines).toEqual([
      { type: 'log', level: 'debug', msg: 'd', fields: { component: 'w', a: 1 } },
      { type: 'log', level: 'info', msg: 'i', fields: { component: 'w' } },
      { type: 'log', level: 'warn', msg: 'w', fields: { component: 'mine' } },
      {
        type: 'log',
        level: 'error',
        msg: 'e',
        fields: {
          component: 'w',
          failure: { name: 'TypeError', message: 'bad input', stack: expect.any(String) },
        },
      },
    ]);
  });

  it('a child logger adds its fields to every line', async () => {
    const { log, flush } = logged();
    log.child({ run: 7 }).child({ call: 2 }).info('c', { x: true });
    expect(await flush()).toEqual([
      { type: 'log', level: 'info', msg: 'c', fields: { component: 'w', run: 7, call: 2, x: true } },
    ]);
  });

  it('a field JSON cannot hold keeps the line and names each field by its type', async () => {
    const { log, flush } = logged();
    const cycle: Record<string, unknown> = {};
    cycle.self = cycle;
    log.warn('odd fields', { cycle, big: 10n, note: 'kept as a type' });
    expect(await flush()).toEqual([
      {
        type: 'log',
        level: 'warn',
        msg: 'odd fields',
        fields: { component: '[string]', cycle: '[object]', big: '[bigint]', note: '[string]' },
      },
    ]);
  });
});
