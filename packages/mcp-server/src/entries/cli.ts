// @obmcp/mcp-server/cli: the command line a server's bin runs (flags, --help, --version, stdio or HTTP).
export { runCli } from '../cli/run-cli.js';
