// One shared Ajv2020 instance (allErrors, formats) for envelopes and every tool schema.
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';

const addFormats = addFormatsModule.default;
let instance: Ajv2020 | undefined;

export function sharedAjv(): Ajv2020 {
  if (!instance) {
    // ownProperties: a schema key like `constructor` or `toString` must not see Object.prototype's.
    instance = new Ajv2020({
      // ajv's own warnings would be plain text on stderr; our schemas are checked by tests instead.
      logger: false,
      allErrors: true,
      strict: false,
      ownProperties: true,
    });
    addFormats(instance);
  }
  return instance;
}
