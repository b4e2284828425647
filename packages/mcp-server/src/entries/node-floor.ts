// @obmcp/mcp-server/node-floor: the Node version check a bin runs before loading anything else.
export { enforceNodeFloor } from '../cli/node-floor.js';
