// Writes schemas/error-envelope.schema.json from the typed constant (the one source).
import { writeFileSync } from 'node:fs';
import { ENVELOPE_SCHEMA } from '../dist/envelope/schema.js';

writeFileSync(new URL('../schemas/error-envelope.schema.json', import.meta.url), `${JSON.stringify(ENVELOPE_SCHEMA, null, 2)}\n`);
