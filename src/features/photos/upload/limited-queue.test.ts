import { LimitedQueue } from './limited-queue';

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}

describe('LimitedQueue', () => {
  it('runs at most two at a time, in order, and lets a waiting one be taken out', async () => {
    const queue = new LimitedQueue(2);
    const started: string[] = [];
    const gates = new Map(['a', 'b', 'c', 'd'].map((key) => [key, deferred()]));
    for (const key of gates.keys())
      queue.add(key, () => {
        started.push(key);
        return gates.get(key)!.promise;
      });
    await Promise.resolve();
    await Promise.resolve();
    expect(started).toEqual(['a', 'b']);
    expect(queue.remove('c')).toBe(true);
    expect(queue.remove('a')).toBe(false);
    gates.get('a')!.resolve();
    await vi.waitFor(() => expect(started).toEqual(['a', 'b', 'd']));
  });

  it('goes on after a task fails', async () => {
    const queue = new LimitedQueue(1);
    const ran: string[] = [];
    queue.add('a', () => Promise.reject(new Error('no')));
    queue.add('b', async () => {
      ran.push('b');
    });
    await vi.waitFor(() => expect(ran).toEqual(['b']));
  });
});
