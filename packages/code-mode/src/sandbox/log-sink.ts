// Bounded capture of the script's console output: line count, line length and total size.
import { boundText } from '@obmcp/contract';

export interface LogBounds {
  maxLogLines: number;
  maxLogLineChars: number;
  maxLogChars: number;
}

export class LogSink {
  private readonly kept: string[] = [];
  private chars = 0;
  private dropped = 0;

  constructor(private readonly bounds: LogBounds) {}

  /** True while another line would still be kept (lets callers skip formatting work). */
  get accepting(): boolean {
    return this.kept.length < this.bounds.maxLogLines && this.chars < this.bounds.maxLogChars;
  }

  push(level: string, text: string): void {
    if (!this.accepting) {
      this.dropped++;
      return;
    }
    const prefix = level === 'log' || level === 'info' ? '' : `[${level}] `;
    const room = Math.min(this.bounds.maxLogLineChars, this.bounds.maxLogChars - this.chars);
    const line = boundText(prefix + text, Math.max(room, 16));
    this.kept.push(line);
    this.chars += line.length;
  }

  /** Note a line that was not formatted because the sink was already full. */
  drop(): void {
    this.dropped++;
  }

  lines(): string[] {
    if (this.dropped === 0) return [...this.kept];
    return [...this.kept, `[${this.dropped} more console line(s) dropped: log limit reached]`];
  }
}
