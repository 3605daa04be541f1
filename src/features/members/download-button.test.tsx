import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CATALOGUE } from '../../domain/catalogue';
import { DownloadButton } from './download-button';
import type { Progress } from './download-service';

const entry = CATALOGUE[1]!;

describe('DownloadButton', () => {
  it('is disabled with a spinner and a progress bar while the file downloads, and usable again after', async () => {
    let finish!: () => void;
    let report!: (progress: Progress) => void;
    const onDownload = vi.fn((_entry, onProgress: (progress: Progress) => void) => {
      report = onProgress;
      return new Promise<void>((resolve) => (finish = resolve));
    });
    render(<DownloadButton entry={entry} onDownload={onDownload} onError={vi.fn()} />);
    const button = screen.getByRole('button', { name: /1976 Reunion Program/ });
    await userEvent.click(button);
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByText('Downloading 1976 Reunion Program')).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument(); // size not known yet
    act(() => report({ loaded: 42, total: 100 }));
    expect(
      screen.getByRole('progressbar', { name: 'Download progress of 1976 Reunion Program' }),
    ).toHaveAttribute('aria-valuenow', '42');
    await act(async () => finish());
    expect(button).toBeEnabled();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    await userEvent.click(button);
    expect(onDownload).toHaveBeenCalledTimes(2);
  });

  it('reports a failure and is usable again; an abort is not a failure', async () => {
    const onError = vi.fn();
    const onDownload = vi
      .fn()
      .mockRejectedValueOnce(new Error('403'))
      .mockRejectedValueOnce(new DOMException('gone', 'AbortError'));
    render(<DownloadButton entry={entry} onDownload={onDownload} onError={onError} />);
    const button = screen.getByRole('button', { name: /1976 Reunion Program/ });
    await userEvent.click(button);
    expect(onError).toHaveBeenCalledTimes(1);
    expect(button).toBeEnabled();
    await userEvent.click(button);
    expect(onError).toHaveBeenCalledTimes(1);
    expect(button).toBeEnabled();
  });
});
