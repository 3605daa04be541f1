import { fitWithin, PHOTO_MAX_EDGE, THUMBNAIL_MAX_EDGE, qualitiesToTry } from './photo-size';

describe('fitWithin', () => {
  it('scales a 4000x3000 camera photo to 2560x1920 and its thumbnail to 480x360', () => {
    expect(fitWithin({ width: 4000, height: 3000 }, PHOTO_MAX_EDGE)).toEqual({ width: 2560, height: 1920 });
    expect(fitWithin({ width: 4000, height: 3000 }, THUMBNAIL_MAX_EDGE)).toEqual({ width: 480, height: 360 });
  });

  it('keeps portrait photos portrait (after the EXIF orientation is applied)', () => {
    expect(fitWithin({ width: 3024, height: 4032 }, PHOTO_MAX_EDGE)).toEqual({ width: 1920, height: 2560 });
  });

  it('never scales up', () => {
    expect(fitWithin({ width: 800, height: 600 }, PHOTO_MAX_EDGE)).toEqual({ width: 800, height: 600 });
    expect(fitWithin({ width: 2560, height: 100 }, PHOTO_MAX_EDGE)).toEqual({ width: 2560, height: 100 });
  });

  it('keeps very long panoramas at least 1 px high', () => {
    expect(fitWithin({ width: 30000, height: 5 }, THUMBNAIL_MAX_EDGE)).toEqual({ width: 480, height: 1 });
  });

  it('never gives more than the limit, whatever the rounding', () => {
    for (let width = 2561; width < 2700; width++) {
      const size = fitWithin({ width, height: 2559 }, PHOTO_MAX_EDGE);
      expect(Math.max(size.width, size.height)).toBeLessThanOrEqual(PHOTO_MAX_EDGE);
    }
  });

  it('refuses an empty size', () => {
    expect(() => fitWithin({ width: 0, height: 10 }, 10)).toThrow(RangeError);
  });
});

describe('qualitiesToTry', () => {
  it('starts at 0.85 and goes down', () => {
    const qualities = qualitiesToTry();
    expect(qualities[0]).toBe(0.85);
    expect([...qualities].sort((a, b) => b - a)).toEqual(qualities);
  });
});
