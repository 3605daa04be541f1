/** Runs tasks in the order added, at most `limit` at a time; a task not yet started can be taken out. */
export class LimitedQueue {
  private readonly waiting: { key: string; task: () => Promise<unknown> }[] = [];
  private running = 0;

  constructor(private readonly limit: number) {}

  add(key: string, task: () => Promise<unknown>): void {
    this.waiting.push({ key, task });
    this.next();
  }

  /** Takes a task that has not started out of the queue; false when there is none (started, or never added). */
  remove(key: string): boolean {
    const index = this.waiting.findIndex((entry) => entry.key === key);
    if (index < 0) return false;
    this.waiting.splice(index, 1);
    return true;
  }

  private next(): void {
    while (this.running < this.limit && this.waiting.length) {
      const { task } = this.waiting.shift()!;
      this.running += 1;
      void Promise.resolve()
        .then(task)
        .catch(() => {})
        .finally(() => {
          this.running -= 1;
          this.next();
        });
    }
  }
}
