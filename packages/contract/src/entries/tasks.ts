// @obmcp/contract/tasks: long-running work — task record stores (the interface a backend implements), task settings, job polling.
export { sleep } from '../server/sleep.js';
export { MemoryTaskRecords } from '../server/tasks/memory-task-records.js';
export { waitSecondsProperty } from '../server/tasks/wait-seconds.js';
export {
  mockTimeScale,
  pollCadence,
  pollJob,
} from '../server/tasks/poll-job.js';
export {
  type OrphanOutcome,
  type ReplaceOutcome,
  type TaskPage,
  type TaskRecord,
  type TaskRecords,
  UnknownCursorError,
} from '../server/tasks/task-records.js';
export { readTaskSettings } from '../server/tasks/task-settings.js';
