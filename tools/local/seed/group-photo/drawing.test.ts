/**
 * The demo group photo as drawn: every face of the key, numbered as keys number them, each box on a face inside the
 * picture, none overlapping, the rows behind higher. (The JPEG itself is checked in ../demo-group-photo.test.ts,
 * from the cache, rather than drawn again here.)
 */
import { describe, expect, it } from 'vitest';

import { placeOf, type FaceBox } from '../../../../src/domain/faces.ts';
import { DEMO_PHOTO_WIDTH, demoGroupPhotoSvg } from './drawing.ts';
import { demoKey } from './people.ts';

const overlap = (a: FaceBox, b: FaceBox) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

describe('the demo group photo', () => {
  const { faces } = demoGroupPhotoSvg();

  it('draws every face of the key, numbered row by row from the front, each row from the left', () => {
    expect(faces.map((face) => face.number)).toEqual(demoKey().map((line) => line.number));
    expect(faces.map((face) => face.row)).toEqual(demoKey().map((line) => line.row));
    expect(new Set(faces.map((face) => face.row))).toEqual(new Set([1, 2, 3, 4, 5, 6]));
    faces.forEach((face, i) => {
      const inRow = faces.filter((other) => other.row === face.row);
      expect(placeOf(face, faces)).toEqual({ row: face.row, fromLeft: inRow.indexOf(face) + 1 });
      if (i > 0 && faces[i - 1]!.row === face.row) expect(face.box!.x).toBeGreaterThan(faces[i - 1]!.box!.x);
    });
  });

  it('boxes every face inside the picture, no two boxes overlapping; rows behind higher, the grown-ups smaller', () => {
    for (const face of faces) {
      const box = face.box!;
      expect(box.x).toBeGreaterThan(0);
      expect(box.y).toBeGreaterThan(0);
      expect(box.x + box.width).toBeLessThan(1);
      expect(box.y + box.height).toBeLessThan(1);
      // About a head's size, with its hair: 2 to 5 % of the picture's width.
      expect(box.width * DEMO_PHOTO_WIDTH).toBeGreaterThan(130);
      expect(box.width * DEMO_PHOTO_WIDTH).toBeLessThan(320);
      for (const other of faces)
        if (other !== face) expect(overlap(box, other.box!), `${face.number} ${other.number}`).toBe(false);
    }
    const mean = (row: number, of: (box: FaceBox) => number) => {
      const boxes = faces.filter((face) => face.row === row).map((face) => of(face.box!));
      return boxes.reduce((sum, value) => sum + value, 0) / boxes.length;
    };
    for (let row = 2; row <= 6; row++) {
      const lowest = Math.min(...faces.filter((face) => face.row === row - 1).map((face) => face.box!.y));
      const highestBottom = Math.max(
        ...faces.filter((face) => face.row === row).map((face) => face.box!.y + face.box!.height),
      );
      expect(highestBottom).toBeLessThan(lowest);
      // The children in front are smaller than the grown-ups behind them.
      if (row > 2) expect(mean(row, (box) => box.height)).toBeLessThan(mean(row - 1, (box) => box.height));
    }
  });
});
