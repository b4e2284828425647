// @obmcp/mcp-server/tasks: long-running work — task record stores (the interface a backend implements), task settings, job polling.
export { sleep } from '../server/sleep.js';
export { MemoryTaskRecords } from '../tasks/memory-task-records.js';
export { waitSecondsProperty } from '../tasks/wait-seconds.js';
export {
  mockTimeScale,
  pollCadence,
  pollJob,
} from '../tasks/poll-job.js';
export {
  type OrphanOutcome,
  type ReplaceOutcome,
  type TaskPage,
  type TaskRecord,
  type TaskRecords,
  UnknownCursorError,
} from '../tasks/task-records.js';
export { readTaskSettings } from '../tasks/task-settings.js';
export { cancelUpstreamJob, noteUpstreamNotCancelled } from '../tasks/upstream-cancel.js';
