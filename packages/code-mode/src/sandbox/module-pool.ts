// Pool of QuickJS WASM modules, each with its own hard-capped WebAssembly.Memory, leased one run at a time.
import type { QuickJSWASMModule } from 'quickjs-emscripten';

const PAGE = 65_536;

/** The slice of WebAssembly.Memory we use (lib ES2023 has no WebAssembly types). */
export interface WasmMemory {
  readonly buffer: ArrayBuffer;
}
type WasmMemoryCtor = new (descriptor: { initial: number; maximum: number }) => WasmMemory;
const { Memory } = (globalThis as unknown as { WebAssembly: { Memory: WasmMemoryCtor } }).WebAssembly;
/** The release build's declared initial memory (emscripten INITIAL_MEMORY = 16 MiB). */
const INITIAL_BYTES = 16 * 1024 * 1024;

export interface ModuleLease {
  readonly module: QuickJSWASMModule;
  readonly memory: WasmMemory;
  /** The memory maximum: growth beyond it fails inside malloc → QuickJS "out of memory". */
  readonly maxBytes: number;
}

/**
 * QuickJS's own malloc limit does not count allocation sizes in this build (malloc_usable_size
 * is unavailable), so the real bound is the WebAssembly memory maximum, set per module. A module
 * is leased to one run at a time so that bound is per run; modules whose memory grew, or that saw
 * a host-side fault, are dropped instead of being reused (wasm memory never shrinks).
 */
export class ModulePool {
  private readonly idle: ModuleLease[] = [];
  private readonly waiters: Array<() => void> = [];
  private active = 0;
  private readonly maxBytes: number;

  constructor(
    memoryLimitBytes: number,
    private readonly maxConcurrent: number,
    private readonly maxIdle = 1,
  ) {
    this.maxBytes = Math.ceil((INITIAL_BYTES + memoryLimitBytes) / PAGE) * PAGE;
  }

  async acquire(signal?: AbortSignal): Promise<ModuleLease> {
    while (this.active >= this.maxConcurrent) {
      signal?.throwIfAborted();
      await this.waitForSlot(signal);
    }
    signal?.throwIfAborted();
    this.active++;
    try {
      return this.idle.pop() ?? (await this.create());
    } catch (error) {
      this.active--;
      this.wakeOne();
      throw error;
    }
  }

  release(lease: ModuleLease, discard: boolean): void {
    this.active--;
    const grown = lease.memory.buffer.byteLength > INITIAL_BYTES;
    if (!discard && !grown && this.idle.length < this.maxIdle) this.idle.push(lease);
    this.wakeOne();
  }

  private waitForSlot(signal: AbortSignal | undefined): Promise<void> {
    return new Promise<void>((resolve) => {
      const wake = () => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      };
      const onAbort = () => {
        const index = this.waiters.indexOf(wake);
        if (index >= 0) this.waiters.splice(index, 1);
        resolve();
      };
      this.waiters.push(wake);
      signal?.addEventListener('abort', onAbort, { once: true });
    });
  }

  private wakeOne(): void {
    this.waiters.shift()?.();
  }

  private async create(): Promise<ModuleLease> {
    // Loaded on the first run, not at startup: a server whose agent never runs a script never pays it.
    const { newQuickJSWASMModuleFromVariant, newVariant, RELEASE_SYNC } = await import('quickjs-emscripten');
    const memory = new Memory({ initial: INITIAL_BYTES / PAGE, maximum: this.maxBytes / PAGE });
    const module = await newQuickJSWASMModuleFromVariant(newVariant(RELEASE_SYNC, { wasmMemory: memory }));
    return { module, memory, maxBytes: this.maxBytes };
  }
}
