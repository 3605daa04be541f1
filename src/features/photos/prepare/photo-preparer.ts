/**
 * The page's side of the preparing Web Worker (./prepare.worker.ts): a small pool (two workers where the device has
 * the cores, so twenty photos take half the time) fed from one queue, oldest first. A photo whose upload is
 * cancelled before its turn is never read. If a worker cannot start (a script the CSP refused, a browser without
 * module workers) every photo waiting on it fails with 'failed', and the page stays usable.
 */
import type { PreparedImage, PrepareProblem } from './prepare-image';
import type { PrepareRequest, PrepareResponse } from './prepare.worker';

export type { PreparedImage, PrepareProblem };

/** A photo that could not be prepared: why ('failed': the worker itself broke). */
export class PreparePhotoError extends Error {
  constructor(
    readonly problem: PrepareProblem | 'failed',
    message?: string,
  ) {
    super(message ?? `Photo not prepared: ${problem}`);
    this.name = 'PreparePhotoError';
  }
}

export interface PhotoPreparer {
  prepare(file: File, signal?: AbortSignal): Promise<PreparedImage>;
  dispose(): void;
}

interface WorkerLike {
  onmessage: ((event: MessageEvent<PrepareResponse>) => void) | null;
  onerror: ((event: Event) => void) | null;
  postMessage(message: PrepareRequest): void;
  terminate(): void;
}

interface Job {
  id: number;
  file: File;
  signal?: AbortSignal;
  resolve: (result: PreparedImage) => void;
  reject: (error: unknown) => void;
}

function startWorker(): WorkerLike {
  return new Worker(new URL('./prepare.worker.ts', import.meta.url), { type: 'module' }) as WorkerLike;
}

function poolSize(): number {
  const cores = typeof navigator === 'undefined' ? 1 : (navigator.hardwareConcurrency ?? 1);
  return cores >= 4 ? 2 : 1;
}

export class WorkerPhotoPreparer implements PhotoPreparer {
  private readonly queue: Job[] = [];
  private readonly idle: WorkerLike[] = [];
  private readonly busy = new Map<WorkerLike, Job>();
  private started = 0;
  private nextId = 1;

  constructor(
    private readonly create: () => WorkerLike = startWorker,
    private readonly size: number = poolSize(),
  ) {}

  prepare(file: File, signal?: AbortSignal): Promise<PreparedImage> {
    return new Promise<PreparedImage>((resolve, reject) => {
      const job: Job = { id: this.nextId++, file, signal, resolve, reject };
      if (signal?.aborted) {
        reject(signal.reason);
        return;
      }
      signal?.addEventListener(
        'abort',
        () => {
          const index = this.queue.indexOf(job);
          if (index >= 0) this.queue.splice(index, 1);
          // A job under way goes on in its worker; its result is dropped.
          reject(signal.reason);
        },
        { once: true },
      );
      this.queue.push(job);
      this.pump();
    });
  }

  private pump(): void {
    while (this.queue.length) {
      let worker = this.idle.pop();
      if (!worker && this.started < this.size) worker = this.spawn();
      if (!worker) return;
      const job = this.queue.shift()!;
      this.busy.set(worker, job);
      worker.postMessage({ id: job.id, file: job.file });
    }
  }

  private spawn(): WorkerLike | undefined {
    let worker: WorkerLike;
    try {
      worker = this.create();
    } catch (error) {
      this.failAll(String(error));
      return undefined;
    }
    this.started += 1;
    worker.onmessage = (event) => {
      const job = this.busy.get(worker);
      this.busy.delete(worker);
      if (job && event.data.id === job.id && !job.signal?.aborted) {
        if (event.data.ok) job.resolve(event.data.result);
        else job.reject(new PreparePhotoError(event.data.problem, event.data.message));
      }
      this.idle.push(worker);
      this.pump();
    };
    worker.onerror = (event) => {
      // The worker's script did not load or threw outside a job: it is gone for good.
      console.warn('The photo worker failed', event);
      const job = this.busy.get(worker);
      this.busy.delete(worker);
      worker.terminate();
      this.started -= 1;
      job?.reject(new PreparePhotoError('failed', 'The photo worker failed'));
      // Do not start it again and again: the others waiting fail too.
      this.failAll('The photo worker failed');
    };
    return worker;
  }

  private failAll(message: string): void {
    for (const job of this.queue.splice(0)) job.reject(new PreparePhotoError('failed', message));
  }

  /** Stops the workers and fails what waits (the page is closing). A later prepare() starts new workers. */
  dispose(): void {
    this.failAll('Preparer disposed');
    for (const worker of [...this.idle, ...this.busy.keys()]) worker.terminate();
    for (const job of this.busy.values()) job.reject(new PreparePhotoError('failed', 'Preparer disposed'));
    this.idle.length = 0;
    this.busy.clear();
    this.started = 0;
  }
}
