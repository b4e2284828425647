// Splits stdin bytes into lines (a trailing \r dropped) and bounds how long one line may grow.

export type LinePiece =
  | { kind: 'line'; text: string }
  /** A line longer than the cap: its bytes are discarded up to (and with) its newline. */
  | { kind: 'oversized'; bytes: number };

export class LineSplitter {
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  /** Inside a line already reported as oversized: drop bytes until its newline. */
  private skipping = false;

  constructor(private readonly maxLineBytes: number) {}

  /** The lines this chunk completes, in order (a line still missing its newline is held back). */
  push(chunk: Buffer): LinePiece[] {
    const out: LinePiece[] = [];
    let start = 0;
    for (let nl = chunk.indexOf(10); nl !== -1; nl = chunk.indexOf(10, start)) {
      const piece = chunk.subarray(start, nl);
      start = nl + 1;
      if (this.skipping) {
        this.skipping = false;
        continue;
      }
      const total = this.pendingBytes + piece.length;
      if (total > this.maxLineBytes) {
        this.clear();
        out.push({ kind: 'oversized', bytes: total });
        continue;
      }
      const line = Buffer.concat([...this.pending, piece], total);
      this.clear();
      const end = line.at(-1) === 13 ? line.length - 1 : line.length;
      out.push({ kind: 'line', text: line.toString('utf8', 0, end) });
    }
    if (!this.skipping) {
      // What follows the last newline (perhaps nothing) waits for the next chunk.
      const rest = chunk.subarray(start);
      if (this.pendingBytes + rest.length > this.maxLineBytes) {
        // Reported now, not at its newline: the sender may never finish the line.
        out.push({ kind: 'oversized', bytes: this.pendingBytes + rest.length });
        this.clear();
        this.skipping = true;
      } else {
        this.pending.push(rest);
        this.pendingBytes += rest.length;
      }
    }
    return out;
  }

  /** Forgets a partial line. */
  clear(): void {
    this.pending = [];
    this.pendingBytes = 0;
  }
}
