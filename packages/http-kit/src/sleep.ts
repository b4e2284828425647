// sleep lives in the contract (pollJob waits with it too): one abortable sleep for every package.
export { sleep } from '@obmcp/mcp-server/tasks';
