import type { Face } from '../../domain/faces';
import { nameText, ordinal, placeText } from './face-text';

const box = (x: number) => ({ x, y: 0.5, width: 0.02, height: 0.03 });
const faces: Face[] = [
  { number: 1, row: 1, box: box(0.3), name: 'Ole Haugen' },
  { number: 2, row: 1, box: box(0.1) },
  { number: 3, row: 2, box: box(0.2), name: 'Øystein Lie' },
  { number: 4, name: 'Kari Nordby' },
];

describe('face texts', () => {
  it('counts places in both languages', () => {
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 23].map((n) => ordinal(n, 'en'))).toEqual([
      '1st',
      '2nd',
      '3rd',
      '4th',
      '11th',
      '12th',
      '13th',
      '21st',
      '22nd',
      '23rd',
    ]);
    expect(ordinal(2, 'nb')).toBe('2.');
  });

  it('says where a face stands, from the left of its row, or that it is not marked yet', () => {
    expect(placeText(faces[0]!, faces, 'en')).toBe('row 1, 2nd from the left');
    expect(placeText(faces[1]!, faces, 'nb')).toBe('rad 1, 1. fra venstre');
    expect(placeText(faces[3]!, faces, 'en')).toBe('not marked on the picture yet');
    expect(nameText(faces[1]!, 'nb')).toBe('Ukjent ennå');
    expect(nameText(faces[2]!, 'en')).toBe('Øystein Lie');
  });
});
