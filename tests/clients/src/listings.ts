// The listings the client matrix covers: each server's default, and every toolset with and without writes.
import type { AppName } from '@obmcp/test-kit';

export interface Listing {
  app: AppName;
  /** Short label used in docs/CLIENTS.md. */
  config: 'default' | 'all' | 'all + writes';
  settings: Record<string, string>;
}

export const LISTINGS: readonly Listing[] = [
  { app: 'sp-mcp', config: 'default', settings: {} },
  { app: 'sp-mcp', config: 'all', settings: { SP_API_TOOLSETS: 'all' } },
  {
    app: 'sp-mcp',
    config: 'all + writes',
    settings: { SP_API_TOOLSETS: 'all', SP_API_ENABLE_WRITES: 'true' },
  },
  { app: 'ads-mcp', config: 'default', settings: {} },
  { app: 'ads-mcp', config: 'all', settings: { ADS_API_TOOLSETS: 'all' } },
  {
    app: 'ads-mcp',
    config: 'all + writes',
    settings: { ADS_API_TOOLSETS: 'all', ADS_API_ENABLE_WRITES: 'true' },
  },
  // openbridge-mcp has one listing (no toolsets, no write switch).
  { app: 'openbridge-mcp', config: 'default', settings: {} },
];
