import { ProgressBar } from 'react-bootstrap';
import { formatPercent } from '../../lib/format';

/** How far a download has come (0 to 1), as a labelled bar with the percentage in the page's language. */
export function DownloadProgress({
  fraction,
  label,
  className,
}: {
  fraction: number;
  /** Names the bar for screen readers: what is downloading. */
  label: string;
  className?: string;
}) {
  return (
    <ProgressBar className={className}>
      <ProgressBar
        isChild
        now={Math.round(fraction * 100)}
        label={formatPercent(fraction)}
        aria-label={label}
      />
    </ProgressBar>
  );
}
