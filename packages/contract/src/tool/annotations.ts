// Tool annotation presets: the same MCP hints for the same kind of tool on every server.
import type { ToolAnnotations } from './types.js';

/** Reads an upstream API; changes nothing. */
export const READ_UPSTREAM: ToolAnnotations = Object.freeze({
  readOnlyHint: true,
  destructiveHint: false,
  idempotentHint: true,
  openWorldHint: true,
});

/** Reads server-local state only (identities, profiles, the contract). */
export const READ_LOCAL: ToolAnnotations = Object.freeze({
  readOnlyHint: true,
  destructiveHint: false,
  idempotentHint: true,
  openWorldHint: false,
});

/** Changes this session's state (active identity, profile, region); nothing upstream. */
export const SET_SESSION: ToolAnnotations = Object.freeze({
  readOnlyHint: false,
  destructiveHint: false,
  idempotentHint: true,
  openWorldHint: false,
});

/** Creates something upstream (a report, a job, a campaign): repeating it creates another. */
export const CREATE_UPSTREAM: ToolAnnotations = Object.freeze({
  readOnlyHint: false,
  destructiveHint: false,
  idempotentHint: false,
  openWorldHint: true,
});

/** Overwrites or cancels upstream state; repeating the same call has the same end state. */
export const REPLACE_UPSTREAM: ToolAnnotations = Object.freeze({
  readOnlyHint: false,
  destructiveHint: true,
  idempotentHint: true,
  openWorldHint: true,
});

/** Changes upstream state in a way a repeat would apply again (a feed, a status transition). */
export const CHANGE_UPSTREAM: ToolAnnotations = Object.freeze({
  readOnlyHint: false,
  destructiveHint: true,
  idempotentHint: false,
  openWorldHint: true,
});
