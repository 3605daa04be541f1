import { CATALOGUE } from '../../src/domain/catalogue.ts';
import { englishTitle } from './english-title.ts';

describe('englishTitle', () => {
  it('is the English title of a catalogue file, whatever language the code runs in', () => {
    const entry = CATALOGUE.find((candidate) => candidate.id === 'time-capsule-list')!;
    expect(englishTitle(entry)).toBe('Time Capsule Donors and Recipients');
  });
});
