// The listings the client matrix covers: each server's default (with writes too), every toolset with and without
// writes, Openbridge's privileged and query switches, and Code Mode only (the recipe past OpenAI's tool cap).
import type { AppName } from '@obmcp/test-kit';

export interface Listing {
  app: AppName;
  /** Short label used in docs/CLIENTS.md. */
  config: 'default' | 'default + writes' | 'all' | 'all + writes' | 'code-only' | 'privileged + query';
  settings: Record<string, string>;
}

export const LISTINGS: readonly Listing[] = [
  { app: 'sp-mcp', config: 'default', settings: {} },
  { app: 'sp-mcp', config: 'default + writes', settings: { SP_API_ENABLE_WRITES: 'true' } },
  { app: 'sp-mcp', config: 'all', settings: { SP_API_TOOLSETS: 'all' } },
  {
    app: 'sp-mcp',
    config: 'all + writes',
    settings: { SP_API_TOOLSETS: 'all', SP_API_ENABLE_WRITES: 'true' },
  },
  { app: 'ads-mcp', config: 'default', settings: {} },
  { app: 'ads-mcp', config: 'default + writes', settings: { ADS_API_ENABLE_WRITES: 'true' } },
  { app: 'ads-mcp', config: 'all', settings: { ADS_API_TOOLSETS: 'all' } },
  {
    app: 'ads-mcp',
    config: 'all + writes',
    settings: { ADS_API_TOOLSETS: 'all', ADS_API_ENABLE_WRITES: 'true' },
  },
  { app: 'openbridge-mcp', config: 'default', settings: {} },
  {
    app: 'openbridge-mcp',
    config: 'privileged + query',
    settings: { OPENBRIDGE_ENABLE_PRIVILEGED_TOOLS: 'true', OPENBRIDGE_ENABLE_QUERY_EXECUTION: 'true' },
  },
  // The documented recipe past OpenAI's 128-tool cap: Code Mode only, over everything.
  {
    app: 'sp-mcp',
    config: 'code-only',
    settings: { CODE_MODE: 'only', SP_API_TOOLSETS: 'all', SP_API_ENABLE_WRITES: 'true' },
  },
  {
    app: 'ads-mcp',
    config: 'code-only',
    settings: { CODE_MODE: 'only', ADS_API_TOOLSETS: 'all', ADS_API_ENABLE_WRITES: 'true' },
  },
  {
    app: 'openbridge-mcp',
    config: 'code-only',
    settings: {
      CODE_MODE: 'only',
      OPENBRIDGE_ENABLE_PRIVILEGED_TOOLS: 'true',
      OPENBRIDGE_ENABLE_QUERY_EXECUTION: 'true',
    },
  },
];
