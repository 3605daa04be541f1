import { describe, expect, it } from 'vitest';
import { mapLimited } from './map-limited';

const tick = () => new Promise((resolve) => setTimeout(resolve, 1));

describe('mapLimited', () => {
  it('works on every item, at most `limit` at a time, and keeps the items’ order', async () => {
    let running = 0;
    let most = 0;
    const results = await mapLimited([5, 1, 4, 2, 3], 2, async (item, index) => {
      running += 1;
      most = Math.max(most, running);
      for (let i = 0; i < item; i++) await tick();
      running -= 1;
      return `${index}:${item}`;
    });
    expect(results).toEqual(['0:5', '1:1', '2:4', '3:2', '4:3']);
    expect(most).toBe(2);
  });

  it('returns nothing for no items, and works with a limit above the count', async () => {
    expect(await mapLimited([], 4, async () => 1)).toEqual([]);
    expect(await mapLimited([1, 2], 10, async (item) => item * 2)).toEqual([2, 4]);
  });

  it('rejects with the first failure and starts no item after it', async () => {
    const started: number[] = [];
    const run = mapLimited([1, 2, 3, 4, 5, 6], 2, async (item) => {
      started.push(item);
      await tick();
      if (item === 2) throw new Error('item 2 failed');
      return item;
    });
    await expect(run).rejects.toThrow('item 2 failed');
    await tick();
    expect(started).toEqual([1, 2, 3]);
  });

  it('stops when its signal is aborted', async () => {
    const controller = new AbortController();
    const started: number[] = [];
    const run = mapLimited(
      [1, 2, 3, 4],
      1,
      async (item) => {
        started.push(item);
        if (item === 2) controller.abort(new Error('no longer wanted'));
        await tick();
        return item;
      },
      controller.signal,
    );
    await expect(run).rejects.toThrow('no longer wanted');
    expect(started).toEqual([1, 2]);
  });
});
