// @obmcp/sp-mcp as a library (the package's main entry, side-effect free): the app object the bin runs and tests start.
export { app } from './app.js';
