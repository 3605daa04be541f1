import { formatBytes, formatCount } from './format-sizes';

describe('format sizes', () => {
  it('writes counts with the digit grouping of each language', () => {
    expect(formatCount(31, 'en')).toBe('31');
    expect(formatCount(1234, 'en')).toBe('1,234');
    expect(formatCount(1234, 'nb')).toBe('1\u00a0234');
  });

  it('writes file sizes in units of 1024, with the decimal mark of each language', () => {
    expect(formatBytes(0, 'en')).toBe('0\u00a0B');
    expect(formatBytes(532, 'en')).toBe('532\u00a0B');
    expect(formatBytes(14 * 1024 + 300, 'en')).toBe('14\u00a0KB');
    expect(formatBytes(1.46 * 1024 * 1024, 'en')).toBe('1.5\u00a0MB');
    expect(formatBytes(1.46 * 1024 * 1024, 'nb')).toBe('1,5\u00a0MB');
    expect(formatBytes(64 * 1024 * 1024, 'nb')).toBe('64\u00a0MB');
    expect(formatBytes(1024 * 1024 - 10, 'en')).toBe('1\u00a0MB');
    expect(formatBytes(3 * 1024 ** 4, 'en')).toBe('3,072\u00a0GB');
  });
});
