import type { PreparedImage } from './prepare-image';
import type { PrepareRequest, PrepareResponse } from './prepare.worker';
import { PreparePhotoError, WorkerPhotoPreparer } from './photo-preparer';

class FakeWorker {
  static all: FakeWorker[] = [];
  onmessage: ((event: MessageEvent<PrepareResponse>) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  requests: PrepareRequest[] = [];
  terminated = false;
  constructor() {
    FakeWorker.all.push(this);
  }
  postMessage(request: PrepareRequest) {
    this.requests.push(request);
  }
  terminate() {
    this.terminated = true;
  }
  answer(response: { ok: true; result: PreparedImage } | { ok: false; problem: 'heic' }) {
    const id = this.requests.at(-1)!.id;
    this.onmessage?.({ data: { id, ...response } } as MessageEvent<PrepareResponse>);
  }
}

const file = (name: string) => new File(['x'], name);
const result = { takenAt: 'x' } as PreparedImage;

beforeEach(() => {
  FakeWorker.all = [];
});

describe('WorkerPhotoPreparer', () => {
  it('feeds two workers from one queue and passes on each answer', async () => {
    const preparer = new WorkerPhotoPreparer(() => new FakeWorker(), 2);
    const a = preparer.prepare(file('a'));
    const b = preparer.prepare(file('b'));
    const c = preparer.prepare(file('c'));
    expect(FakeWorker.all).toHaveLength(2);
    FakeWorker.all[0]!.answer({ ok: true, result });
    await expect(a).resolves.toBe(result);
    // c goes to the worker that became free.
    expect(FakeWorker.all[0]!.requests.map((request) => request.file.name)).toEqual(['a', 'c']);
    FakeWorker.all[1]!.answer({ ok: false, problem: 'heic' });
    await expect(b).rejects.toEqual(new PreparePhotoError('heic'));
    FakeWorker.all[0]!.answer({ ok: true, result });
    await expect(c).resolves.toBe(result);
  });

  it('never sends a photo cancelled while it waited', async () => {
    const preparer = new WorkerPhotoPreparer(() => new FakeWorker(), 1);
    void preparer.prepare(file('a'));
    const controller = new AbortController();
    const b = preparer.prepare(file('b'), controller.signal);
    controller.abort(new DOMException('Removed', 'AbortError'));
    await expect(b).rejects.toMatchObject({ name: 'AbortError' });
    FakeWorker.all[0]!.answer({ ok: true, result });
    expect(FakeWorker.all[0]!.requests.map((request) => request.file.name)).toEqual(['a']);
  });

  it('fails what waits when the worker cannot start (e.g. refused by the CSP), and starts afresh later', async () => {
    const preparer = new WorkerPhotoPreparer(() => new FakeWorker(), 1);
    const a = preparer.prepare(file('a'));
    const b = preparer.prepare(file('b'));
    FakeWorker.all[0]!.onerror?.(new Event('error'));
    await expect(a).rejects.toEqual(new PreparePhotoError('failed', 'The photo worker failed'));
    await expect(b).rejects.toBeInstanceOf(PreparePhotoError);
    expect(FakeWorker.all[0]!.terminated).toBe(true);
    void preparer.prepare(file('c'));
    expect(FakeWorker.all).toHaveLength(2);
  });
});
