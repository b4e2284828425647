// Tool annotation presets: the MCP hints a client reads (may it run this without asking? may it retry?) per kind of tool.
import { describe, expect, test } from 'vitest';
import {
  CHANGE_UPSTREAM,
  CREATE_UPSTREAM,
  READ_LOCAL,
  READ_UPSTREAM,
  REPLACE_UPSTREAM,
  SET_SESSION,
} from '../src/tool/annotations.js';

const hints = (
  readOnlyHint: boolean,
  destructiveHint: boolean,
  idempotentHint: boolean,
  openWorldHint: boolean,
) => ({
  readOnlyHint,
  destructiveHint,
  idempotentHint,
  openWorldHint,
});

describe('annotation presets', () => {
  test.each([
    ['READ_UPSTREAM', READ_UPSTREAM, hints(true, false, true, true)],
    ['READ_LOCAL', READ_LOCAL, hints(true, false, true, false)],
    ['SET_SESSION', SET_SESSION, hints(false, false, true, false)],
    ['CREATE_UPSTREAM', CREATE_UPSTREAM, hints(false, false, false, true)],
    ['REPLACE_UPSTREAM', REPLACE_UPSTREAM, hints(false, true, true, true)],
    ['CHANGE_UPSTREAM', CHANGE_UPSTREAM, hints(false, true, false, true)],
  ])('%s tells a client exactly these four hints', (_name, preset, expected) => {
    expect(preset).toStrictEqual(expected);
  });

  test('a preset is shared by every tool that uses it, so no server can change it', () => {
    for (const preset of [
      READ_UPSTREAM,
      READ_LOCAL,
      SET_SESSION,
      CREATE_UPSTREAM,
      REPLACE_UPSTREAM,
      CHANGE_UPSTREAM,
    ])
      expect(Object.isFrozen(preset)).toBe(true);
  });
});
