// QuickJS WASM modules, each with its own hard-capped WebAssembly.Memory, leased one run at a time.
import type { CustomizeVariantOptions, QuickJSWASMModule } from 'quickjs-emscripten';

type EmscriptenOptions = NonNullable<CustomizeVariantOptions['emscriptenModule']>;
/** Emscripten's standard output hooks (not in quickjs-emscripten's loader typings). */
interface EmscriptenOutputHooks {
  print(text: string): void;
  printErr(text: string): void;
}

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

/** Where emscripten's own output (print / printErr, e.g. `Aborted(...)`) goes instead of raw stdout/stderr. */
export type EngineOutput = (stream: 'stdout' | 'stderr', text: string) => void;

/**
 * QuickJS's own malloc limit does not count allocation sizes in this build (malloc_usable_size
 * is unavailable), so the real bound is the WebAssembly memory maximum, set per module. A module
 * serves one run at a time (each sandbox worker runs one script at a time) so that bound is per
 * run; modules whose memory grew, or that saw a host-side fault, are dropped instead of being
 * reused (wasm memory never shrinks).
 */
export class ModulePool {
  private readonly idle: ModuleLease[] = [];
  private readonly maxBytes: number;

  constructor(
    memoryLimitBytes: number,
    private readonly output: EngineOutput,
    private readonly maxIdle = 1,
  ) {
    this.maxBytes = Math.ceil((INITIAL_BYTES + memoryLimitBytes) / PAGE) * PAGE;
  }

  async acquire(): Promise<ModuleLease> {
    return this.idle.pop() ?? (await this.create());
  }

  release(lease: ModuleLease, discard: boolean): void {
    const grown = lease.memory.buffer.byteLength > INITIAL_BYTES;
    if (!discard && !grown && this.idle.length < this.maxIdle) this.idle.push(lease);
  }

  private async create(): Promise<ModuleLease> {
    // Loaded on the first run, not at startup: a server whose agent never runs a script never pays it.
    const { newQuickJSWASMModuleFromVariant, newVariant, RELEASE_SYNC } = await import('quickjs-emscripten');
    const memory = new Memory({ initial: INITIAL_BYTES / PAGE, maximum: this.maxBytes / PAGE });
    // print/printErr are emscripten Module hooks; newVariant passes emscriptenModule's properties through verbatim.
    const emscriptenModule: EmscriptenOptions & EmscriptenOutputHooks = {
      print: (text: string) => this.output('stdout', text),
      printErr: (text: string) => this.output('stderr', text),
    };
    const module = await newQuickJSWASMModuleFromVariant(
      newVariant(RELEASE_SYNC, { wasmMemory: memory, emscriptenModule }),
    );
    return { module, memory, maxBytes: this.maxBytes };
  }
}
