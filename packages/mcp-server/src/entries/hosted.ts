// @obmcp/mcp-server/hosted: the hosted user of a request (--hosted), the gate type an authorization server implements, and session choices shared by replicas.
export { currentHostedUser, type HostedGate, type HostedUser, runAsHostedUser } from '../http/hosted-user.js';
export { toWebRequest, writeWebResponse } from '../http/web-bridge.js';
export { currentSessionChoices, type SessionChoiceStore } from '../server/session-choices.js';
