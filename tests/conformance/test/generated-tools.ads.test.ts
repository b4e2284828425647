// Every tool of ads-mcp (generated from the official specs) in ONE in-process server: examples validate, generated
// bad input gets its SCHEMA_* envelope at the JSON pointer, every envelope is schema-valid, and the fault matrix
// runs over one tool from every API (support/generated-suite.ts).
import { generatedToolsSuite } from './support/generated-suite.js';

generatedToolsSuite('ads-mcp');
