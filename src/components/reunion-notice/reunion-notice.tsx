import { lazy, Suspense } from 'react';
import { ErrorBoundary } from '../error-boundary';
import { useClientReady } from '../../lib/use-client-ready';

const NoticeContent = lazy(() => import('./notice-content'));

/**
 * Where the reunion stands, at the top of Home and News: days to go (with the calendar choices), which day
 * of it is today, or thanks once it is over. It depends on the visitor's clock, so the build-time HTML holds
 * only its room (as high as the notice, see .reunion-notice-room in styles.css), and the notice fills it
 * after hydration: nothing moves. Its code loads then, so the pages' first load stays as it was; if that
 * fails, the room stays empty and the page works on.
 */
export function ReunionNotice() {
  const clientReady = useClientReady();
  return (
    <div className="reunion-notice-room">
      {clientReady && (
        <ErrorBoundary fallback={null}>
          <Suspense fallback={null}>
            <NoticeContent />
          </Suspense>
        </ErrorBoundary>
      )}
    </div>
  );
}
