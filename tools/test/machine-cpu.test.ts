import { busyTicks, machineBusySeconds } from './machine-cpu.ts';

describe('busyTicks', () => {
  it('adds user, nice, system, irq, softirq and steal; leaves idle and iowait out', () => {
    const stat = 'cpu  100 2 30 5000 70 4 6 1 0 0\ncpu0 50 1 15 2500 35 2 3 0 0 0\nintr 1 2 3\n';
    expect(busyTicks(stat)).toBe(100 + 2 + 30 + 4 + 6 + 1);
  });

  it('is undefined for a text without the machine line', () => {
    expect(busyTicks('intr 1 2 3\n')).toBeUndefined();
    expect(busyTicks('cpu  a b c\n')).toBeUndefined();
  });

  it('reads this machine, and time only adds to it', () => {
    const first = machineBusySeconds();
    if (first === undefined) return; // not Linux
    let spin = 0;
    for (let i = 0; i < 2e7; i++) spin += i;
    expect(spin).toBeGreaterThan(0);
    expect(machineBusySeconds()!).toBeGreaterThan(first);
  });
});
