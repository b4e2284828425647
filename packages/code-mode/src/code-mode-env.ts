// The CODE_MODE variable: read through the server's env reader, documented here for every server's --help.
import type { EnvDocs, EnvReader } from '@obmcp/mcp-server/config';
import { type CodeMode, parseCodeMode } from './mode.js';

export const CODE_MODE_ENV = 'CODE_MODE';

export const CODE_MODE_ENV_DOCS: EnvDocs = {
  [CODE_MODE_ENV]:
    'on | only | off: on lists the tools plus execute/search_tools/get_tool_schema, only lists just those three, off lists none of them',
};

/** CODE_MODE (default on); a bad value throws naming the variable and the accepted values. */
export function readCodeMode(env: EnvReader): CodeMode {
  return parseCodeMode(env.textOr(CODE_MODE_ENV, 'on'));
}
