// Worker side of logging: every line is a `log` message written by the main thread's logger (JSON on stderr).
import type { MessagePort } from 'node:worker_threads';
import type { Logger, LogLevel } from '@obmcp/contract';
import { encodeMessage, type Fields } from './protocol.js';

export function portLogger(port: MessagePort, bound: Fields = {}): Logger {
  const write = (level: LogLevel) => (msg: string, fields?: Fields) => {
    const merged = { ...bound, ...fields };
    let text: string;
    try {
      text = encodeMessage({ type: 'log', level, msg, fields: merged });
    } catch {
      // A field JSON cannot hold (a cycle, a BigInt): keep the line, name the fields' types.
      const described = Object.fromEntries(Object.entries(merged).map(([k, v]) => [k, `[${typeof v}]`]));
      text = encodeMessage({ type: 'log', level, msg, fields: described });
    }
    port.postMessage(text);
  };
  return {
    debug: write('debug'),
    info: write('info'),
    warn: write('warn'),
    error: write('error'),
    child: (fields) => portLogger(port, { ...bound, ...fields }),
  };
}
