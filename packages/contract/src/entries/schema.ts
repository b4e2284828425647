// @obmcp/contract/schema: JSON Schema machinery for publishing tools — the shared ajv, ajv errors → details, portable published schemas.
export { impliedType } from '../schema/implied-type.js';
export { checkPortableSchema } from '../schema/portable-rules.js';
export { derivePortableSchema } from '../schema/portable-schema.js';
export { assertPortableTools, publishTool } from '../schema/published-tool.js';
export { sharedAjv } from '../validation/ajv.js';
export { describeAjvErrors } from '../validation/describe.js';
