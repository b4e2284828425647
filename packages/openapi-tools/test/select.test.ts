// Toolset selection from an env var (ADS_API_TOOLSETS, SP_API_TOOLSETS): spelling, `all`, and unknown names.
import { describe, expect, it } from 'vitest';
import { parseToolsets } from '../src/select.js';

const KNOWN = ['curated', 'sp', 'reporting'];

describe('parseToolsets', () => {
  it('reads names whatever their case and spacing, so `Curated, SP` starts the server', () => {
    expect(parseToolsets('Curated, SP ,,reporting', KNOWN)).toEqual(new Set(['curated', 'sp', 'reporting']));
    expect(parseToolsets('sp,ALL', KNOWN)).toBe('all');
  });

  it('refuses an unknown name at start, listing the valid ones', () => {
    expect(() => parseToolsets('curated,spx', KNOWN)).toThrow(
      'unknown toolset(s) spx; valid: all, curated, reporting, sp',
    );
    expect(() => parseToolsets('spx,rep', KNOWN)).toThrow('unknown toolset(s) spx, rep; valid:');
  });
});
