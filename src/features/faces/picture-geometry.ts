/** The picture's geometry and keys, apart from the viewer (OpenSeadragon needs a document; these do not). */
import type { Face, FaceBox } from '../../domain/faces';

/** The middle value (the upper one of an even count); undefined for none. */
function median(values: readonly number[]): number | undefined {
  return [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
}

/** The usual width of a face's box (a fraction of the picture's width). */
export function medianBoxWidth(faces: readonly Face[]): number {
  return median(faces.flatMap((face) => (face.box ? [face.box.width] : []))) ?? 0.03;
}

/** The face whose box holds the point, the smallest if boxes overlap. */
export function faceAt(faces: readonly Face[], x: number, y: number): Face | undefined {
  return faces
    .filter(({ box }) => box && x >= box.x && x <= box.x + box.width && y >= box.y && y <= box.y + box.height)
    .sort((a, b) => a.box!.width * a.box!.height - b.box!.width * b.box!.height)[0];
}

/** What a key does on the picture: zoom, go back to the whole picture, or move by a part of the view. */
export function keyAction(key: string): 'in' | 'out' | 'home' | [number, number] | undefined {
  switch (key) {
    case '+':
    case '=':
      return 'in';
    case '-':
    case '_':
    case '−':
      return 'out';
    case '0':
      return 'home';
    case 'ArrowLeft':
      return [-1, 0];
    case 'ArrowRight':
      return [1, 0];
    case 'ArrowUp':
      return [0, -1];
    case 'ArrowDown':
      return [0, 1];
    default:
      return undefined;
  }
}

/** A box for a face placed by a tap: the size of the others in its row (or of all), centred where it was tapped. */
export function boxAt(point: { x: number; y: number }, face: Face, faces: readonly Face[]): FaceBox {
  const sized = faces.filter((other) => other.box && other.number !== face.number);
  const sameRow = sized.filter((other) => face.row !== undefined && other.row === face.row);
  const pool = (sameRow.length ? sameRow : sized).map((other) => other.box!);
  const width = median(pool.map((box) => box.width)) ?? 0.03;
  const height = median(pool.map((box) => box.height)) ?? 0.05;
  const clamp = (value: number, size: number) => Math.min(Math.max(value - size / 2, 0), 1 - size);
  return { x: clamp(point.x, width), y: clamp(point.y, height), width, height };
}
