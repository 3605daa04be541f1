import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { busyTicks, childrenTicks, machineBusySeconds, ticksPerSecond } from './machine-cpu.ts';

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

describe('childrenTicks', () => {
  it('reads cutime and cstime after the command name, whatever the name holds', () => {
    const fields = (name: string) =>
      `4242 (${name}) S 1 4242 4242 0 -1 4194560 100 200 0 0 7 3 40 2 20 0 1 0 5000 1000 200`;
    expect(childrenTicks(fields('sh'))).toBe(42);
    expect(childrenTicks(fields('a (b) c'))).toBe(42);
    expect(childrenTicks('garbage')).toBeUndefined();
  });

  it('counts a shell’s waited children: a command that spins shows its time', () => {
    if (!existsSync('/proc/self/stat')) return; // not Linux
    const stat = execFileSync(
      'sh',
      ['-c', 'node -e "let s=0;for(let i=0;i<3e8;i++)s+=i" ; cat /proc/$$/stat'],
      {
        encoding: 'utf8',
      },
    );
    expect(childrenTicks(stat)! / ticksPerSecond()).toBeGreaterThan(0.05);
  });
});
