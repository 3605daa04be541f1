import type { Face } from '../../domain/faces';
import { boxAt, faceAt, keyAction } from './picture-geometry';

describe('the picture', () => {
  it('knows the face at a point, the smaller one where boxes overlap', () => {
    const faces: Face[] = [
      { number: 1, box: { x: 0.1, y: 0.1, width: 0.3, height: 0.3 } },
      { number: 2, box: { x: 0.2, y: 0.2, width: 0.05, height: 0.05 } },
      { number: 3 },
    ];
    expect(faceAt(faces, 0.15, 0.15)?.number).toBe(1);
    expect(faceAt(faces, 0.22, 0.22)?.number).toBe(2);
    expect(faceAt(faces, 0.9, 0.9)).toBeUndefined();
  });

  it('takes keys by what they type: + and = zoom in, - zooms out, 0 shows it whole, arrows move', () => {
    expect(['+', '=', '-', '_', '0'].map(keyAction)).toEqual(['in', 'in', 'out', 'out', 'home']);
    expect(keyAction('ArrowLeft')).toEqual([-1, 0]);
    expect(keyAction('ArrowDown')).toEqual([0, 1]);
    // Not OpenSeadragon's turning and mirroring keys, nor its w/a/s/d.
    expect(['r', 'f', 'w', 'a', 'Enter'].map(keyAction)).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
  });
});

describe('a box placed by a tap', () => {
  const faces: Face[] = [
    { number: 1, row: 1, box: { x: 0.1, y: 0.5, width: 0.04, height: 0.06 } },
    { number: 2, row: 1, box: { x: 0.3, y: 0.5, width: 0.06, height: 0.08 } },
    { number: 3, row: 1, box: { x: 0.5, y: 0.5, width: 0.05, height: 0.07 } },
    { number: 4, row: 2, box: { x: 0.5, y: 0.2, width: 0.02, height: 0.03 } },
    { number: 5, row: 1 },
  ];

  it('is the usual size of its row, centred where the organiser tapped', () => {
    const box = boxAt({ x: 0.7, y: 0.52 }, faces[4]!, faces);
    expect(box.width).toBe(0.05);
    expect(box.height).toBe(0.07);
    expect(box.x + box.width / 2).toBeCloseTo(0.7);
    expect(box.y + box.height / 2).toBeCloseTo(0.52);
  });

  it('stays on the picture at its edges, and has a size when no face has a box yet', () => {
    const box = boxAt({ x: 0.999, y: 0.001 }, faces[4]!, faces);
    expect(box.x + box.width).toBeLessThanOrEqual(1);
    expect(box.y).toBe(0);
    const first = boxAt({ x: 0.5, y: 0.5 }, { number: 1 }, [{ number: 1 }]);
    expect(first.width).toBeGreaterThan(0);
  });
});
