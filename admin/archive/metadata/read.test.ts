import { describe, expect, it } from 'vitest';

import { isoInstant, parseWithTexts, readMetadata } from './read.ts';

describe('read', () => {
  it("reads exiftool's bare numbers and booleans as the text they were", () => {
    const json = '[{"A": 1.50, "B": true, "C": "1e3 \\"2\\", 3", "D": {"X": 0.25, "L": [1e3, -0, "x"]}}]';
    expect(parseWithTexts(json)).toEqual([
      { A: '1.50', B: 'true', C: '1e3 "2", 3', D: { X: '0.25', L: ['1e3', '-0', 'x'] } },
    ]);
  });

  it("reads exiftool's dates as instants in UTC, when they have an offset", () => {
    expect(isoInstant('2026:07:11 14:03:22.120-05:00')).toBe('2026-07-11T19:03:22.120Z');
    expect(isoInstant('2026:07:11 19:03:22+00:00')).toBe('2026-07-11T19:03:22.000Z');
    expect(isoInstant('2026:07:11 19:03:22')).toBeUndefined();
    expect(isoInstant(undefined)).toBeUndefined();
  });

  it('says why when exiftool reads nothing', async () => {
    await expect(readMetadata('/no/such/photo.jpg')).rejects.toThrow(
      /could not read the metadata: .*not found/i,
    );
  });
});
