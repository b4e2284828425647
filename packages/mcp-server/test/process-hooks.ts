// Lets serve() hook this process (console, warnings, signals, stdio streams) in a test, and undoes every hook afterwards.
import { PassThrough } from 'node:stream';
import { vi } from 'vitest';

const PROCESS_EVENTS = ['SIGTERM', 'SIGINT', 'uncaughtException', 'unhandledRejection', 'warning'] as const;
const STREAM_EVENTS = ['error', 'end', 'close', 'data'] as const;
const CONSOLE_METHODS = ['log', 'info', 'debug', 'warn', 'error', 'trace'] as const;
type Listener = (...args: unknown[]) => void;
/** process as a plain emitter: its typed overloads do not take a union of event names. */
const emitter = process as unknown as NodeJS.EventEmitter;

export interface ProcessHooks {
  /** The listeners the code under test added to a process event (or a stdio stream's), oldest first. */
  added(event: (typeof PROCESS_EVENTS)[number]): Listener[];
  addedOn(stream: 'stdin' | 'stdout' | 'stderr', event: (typeof STREAM_EVENTS)[number]): Listener[];
  /** process.exit, stubbed: the codes it was called with. */
  exits(): unknown[];
  restore(): void;
}

/** Snapshots the process's hooks; `restore` removes what was added, puts back what was removed. */
export function captureProcessHooks(): ProcessHooks {
  const consoleBefore = Object.fromEntries(CONSOLE_METHODS.map((m) => [m, console[m]]));
  const before = new Map(PROCESS_EVENTS.map((e) => [e, emitter.listeners(e) as Listener[]]));
  const streams = { stdin: process.stdin, stdout: process.stdout, stderr: process.stderr } as const;
  const streamBefore = new Map(
    (Object.keys(streams) as Array<keyof typeof streams>).flatMap((s) =>
      STREAM_EVENTS.map((e) => [`${s}:${e}`, streams[s].listeners(e) as Listener[]] as const),
    ),
  );
  const exit = vi.spyOn(process, 'exit').mockImplementation((() => undefined) as never);
  const added = (event: (typeof PROCESS_EVENTS)[number]) =>
    (emitter.listeners(event) as Listener[]).filter((l) => !before.get(event)?.includes(l));
  const addedOn = (stream: keyof typeof streams, event: (typeof STREAM_EVENTS)[number]) =>
    (streams[stream].listeners(event) as Listener[]).filter(
      (l) => !streamBefore.get(`${stream}:${event}`)?.includes(l),
    );
  return {
    added,
    addedOn,
    exits: () => exit.mock.calls.map((c) => c[0]),
    restore() {
      exit.mockRestore();
      Object.assign(console, consoleBefore);
      for (const event of PROCESS_EVENTS) {
        for (const l of added(event)) emitter.off(event, l);
        for (const l of before.get(event) ?? [])
          if (!emitter.listeners(event).includes(l)) emitter.on(event, l);
      }
      for (const stream of Object.keys(streams) as Array<keyof typeof streams>)
        for (const event of STREAM_EVENTS)
          for (const l of addedOn(stream, event)) streams[stream].off(event, l);
    },
  };
}

export interface SwappedStdio {
  stdin: PassThrough;
  stdout: PassThrough;
  /** The JSON lines written to stdout so far, parsed. */
  lines(): Record<string, unknown>[];
  /** Everything written to stdout so far. */
  text(): string;
  restore(): void;
}

/** process.stdin and process.stdout replaced by in-memory streams (a worker thread's stdin ends at once). */
export function swapStdio(): SwappedStdio {
  const saved = {
    stdin: Object.getOwnPropertyDescriptor(process, 'stdin'),
    stdout: Object.getOwnPropertyDescriptor(process, 'stdout'),
  };
  const stdin = new PassThrough();
  const stdout = new PassThrough();
  let written = '';
  stdout.on('data', (chunk: Buffer) => {
    written += chunk.toString('utf8');
  });
  Object.defineProperty(process, 'stdin', { value: stdin, configurable: true, writable: true });
  Object.defineProperty(process, 'stdout', { value: stdout, configurable: true, writable: true });
  return {
    stdin,
    stdout,
    text: () => written,
    lines: () =>
      written
        .split('\n')
        .filter((l) => l !== '')
        .map((l) => JSON.parse(l) as Record<string, unknown>),
    restore() {
      if (saved.stdin) Object.defineProperty(process, 'stdin', saved.stdin);
      if (saved.stdout) Object.defineProperty(process, 'stdout', saved.stdout);
    },
  };
}
