import { m } from '../paraglide/messages.js';

/** Shown while a page's code or the sign-in state loads. */
export function PageLoading({ label }: { label?: string }) {
  return (
    <div className="d-flex justify-content-center align-items-center gap-2 py-5" role="status">
      <span className="spinner-border spinner-border-sm" aria-hidden="true" />
      <span>{label ?? m.common_loading()}</span>
    </div>
  );
}
