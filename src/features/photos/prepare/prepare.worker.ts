/**
 * The Web Worker that prepares photos (./prepare-image.ts), so that decoding and re-encoding twenty 12-megapixel
 * photos never blocks the page. A same-origin module file (the site's CSP allows no blob: or inline workers),
 * started by ./photo-preparer.ts with `new Worker(new URL('./prepare.worker.ts', import.meta.url), { type: 'module' })`.
 * One request at a time: { id, file } in, { id, ok, result | problem } out.
 */
import {
  browserPlatform,
  prepareImage,
  PrepareError,
  type PrepareProblem,
  type PreparedImage,
} from './prepare-image';

export interface PrepareRequest {
  id: number;
  file: File;
}

export type PrepareResponse =
  | { id: number; ok: true; result: PreparedImage }
  | { id: number; ok: false; problem: PrepareProblem | 'failed'; message?: string };

interface WorkerScope {
  onmessage: ((event: MessageEvent<PrepareRequest>) => void) | null;
  postMessage(message: PrepareResponse): void;
}

const scope = self as unknown as WorkerScope;

scope.onmessage = (event) => {
  const { id, file } = event.data;
  prepareImage(file, browserPlatform).then(
    (result) => scope.postMessage({ id, ok: true, result }),
    (error: unknown) =>
      scope.postMessage(
        error instanceof PrepareError
          ? { id, ok: false, problem: error.problem }
          : { id, ok: false, problem: 'failed', message: String(error) },
      ),
  );
};
