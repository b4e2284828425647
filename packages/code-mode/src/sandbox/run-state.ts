// Per-run mutable state: call count, the first limitation hit, pending promises, and the abort signal.
import type { QuickJSDeferredPromise } from 'quickjs-emscripten';
import type { Limitation } from './types.js';

export class RunState {
  calls = 0;
  /** The first limitation hit; once set the run is over, whatever the script does next. */
  limitation: Limitation | undefined;
  /** Set when the runner has stopped: late host replies must not touch the context. */
  finished = false;
  /** Aborted when the run ends early; passed to every host.call. */
  readonly abort = new AbortController();
  /** call_tool promises not yet settled (disposed at the end of the run). */
  readonly pending = new Set<QuickJSDeferredPromise>();
  /** Resolves with the limitation as soon as one is recorded. */
  readonly failed: Promise<Limitation>;
  private resolveFailed: (limitation: Limitation) => void = () => {};

  constructor(readonly deadline: number) {
    this.failed = new Promise((resolve) => {
      this.resolveFailed = resolve;
    });
  }

  fail(limitation: Limitation): void {
    if (this.limitation) return;
    this.limitation = limitation;
    this.abort.abort(new Error(`code mode run stopped: ${limitation.kind}`));
    this.resolveFailed(limitation);
  }

  /** The interrupt handler's question: stop the sandbox now? */
  shouldInterrupt(): boolean {
    return this.limitation !== undefined || Date.now() > this.deadline;
  }
}
