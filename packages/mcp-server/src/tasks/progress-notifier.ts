// ProgressNotifier: turns a waiting tool's job updates into notifications/progress (monotonic, one per change).
import type { Notification, ProgressToken } from '@modelcontextprotocol/server';
import type { ProgressUpdate } from '@obmcp/contract/internal/tool/types.js';

export type SendNotification = (notification: Notification) => Promise<void>;

export interface ProgressNotifier {
  /** Sends one notification when the status or the percentage changed since the last one. */
  report(update: ProgressUpdate): Promise<void>;
}

/** The text a notification or a task's statusMessage shows for an update. */
export const updateText = (update: ProgressUpdate): string =>
  update.message ??
  (update.progress === undefined ? update.status : `${update.status} (${update.progress}%)`);

/**
 * `progress` must increase with every notification (spec): a known percentage is used when it does, a
 * status change without one adds 1. A send that fails (the client left) is not the tool's failure.
 */
export function progressNotifier(token: ProgressToken | undefined, send: SendNotification): ProgressNotifier {
  let last = 0;
  let lastText: string | undefined;
  return {
    async report(update) {
      const text = updateText(update);
      if (token === undefined || text === lastText) return;
      lastText = text;
      const percent = update.progress;
      last = percent !== undefined && percent > last ? percent : last + 1;
      await send({
        method: 'notifications/progress',
        params: {
          progressToken: token,
          progress: last,
          ...(update.total !== undefined && last <= update.total ? { total: update.total } : {}),
          message: text,
        },
      }).catch(() => undefined);
    },
  };
}
