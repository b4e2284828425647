// @obmcp/mcp-server/hosted: the hosted user of a request (--hosted) and the gate type an authorization server implements.
export { currentHostedUser, type HostedGate, type HostedUser, runAsHostedUser } from '../http/hosted-user.js';
export { toWebRequest, writeWebResponse } from '../http/web-bridge.js';
