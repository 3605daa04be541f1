import { z } from './zod';

describe('zod for the browser', () => {
  it('never compiles code (the CSP refuses eval), and still parses', () => {
    expect(z.config().jitless).toBe(true);
    const spy = vi.spyOn(globalThis, 'Function');
    const schema = z.object({ id: z.string(), n: z.number() });
    expect(schema.safeParse({ id: 'a', n: 1 }).success).toBe(true);
    expect(schema.safeParse({ id: 'a' }).success).toBe(false);
    expect(spy).not.toHaveBeenCalled();
    spy.mockRestore();
  });
});
