// Each app's install surface: its MCP Registry entry (server.json) and its Claude Desktop manifest (mcpb/manifest.json).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from './paths.js';

export const APP_DIRS = ['apps/sp-mcp', 'apps/ads-mcp', 'apps/openbridge-mcp'] as const;

export interface RegistryEnvVar {
  name: string;
  description?: string;
  isRequired?: boolean;
  isSecret?: boolean;
  default?: string;
  format?: string;
  choices?: string[];
}

export interface ServerJson {
  $schema: string;
  name: string;
  description: string;
  version: string;
  packages: {
    registryType: string;
    identifier: string;
    version: string;
    transport: { type: string };
    environmentVariables?: RegistryEnvVar[];
  }[];
}

export interface UserConfigEntry {
  type: string;
  title: string;
  description: string;
  required?: boolean;
  sensitive?: boolean;
  default?: string | number | boolean;
}

export interface McpbManifest {
  manifest_version: string;
  name: string;
  version: string;
  server: {
    type: string;
    entry_point: string;
    mcp_config: { command: string; args: string[]; env: Record<string, string> };
  };
  user_config: Record<string, UserConfigEntry>;
}

const readJson = <T>(path: string): T => JSON.parse(readFileSync(join(REPO_ROOT, path), 'utf8')) as T;

export const serverJson = (dir: string) => readJson<ServerJson>(`${dir}/server.json`);
export const mcpbManifest = (dir: string) => readJson<McpbManifest>(`${dir}/mcpb/manifest.json`);
export const appReadme = (dir: string) => readFileSync(join(REPO_ROOT, dir, 'README.md'), 'utf8');

/** A credential by its name: anything holding a secret, token or password. */
export const looksSecret = (envName: string) => /SECRET|TOKEN|PASSWORD/.test(envName);
