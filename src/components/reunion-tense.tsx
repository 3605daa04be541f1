import { useSyncExternalStore, type ReactNode } from 'react';

/**
 * The texts that speak of the reunion as ahead of us, or as over. vite.config.ts defines when it ended
 * (midnight in Rolette after July 12, 2026) and whether the site was built after that (REUNION_BUILD_DATE
 * overrides the build's day, for tests). A site built after the reunion knows that it is over, whatever a
 * visitor's clock says, and its code carries the past-tense texts only.
 */
declare const __REUNION_OVER_AT_BUILD__: boolean;
declare const __REUNION_ENDED_AT__: number;
export const REUNION_OVER_AT_BUILD: boolean = __REUNION_OVER_AT_BUILD__;
const ENDED_AT: number = __REUNION_ENDED_AT__;

export type ReunionTense = 'ahead' | 'past';

const tenseNow = (): ReunionTense => (Date.now() >= ENDED_AT ? 'past' : 'ahead');

/** Tells React when the tense changes (at the end of the reunion) or may have (the tab shows again). */
function subscribe(onChange: () => void): () => void {
  let timer: number | undefined;
  const schedule = () => {
    const wait = ENDED_AT - Date.now();
    // At most an hour at a time: a sleeping laptop, and setTimeout's own limit.
    if (wait >= 0) timer = window.setTimeout(() => (onChange(), schedule()), Math.min(wait + 1, 3_600_000));
  };
  const onVisible = () => document.visibilityState === 'visible' && onChange();
  schedule();
  document.addEventListener('visibilitychange', onVisible);
  return () => {
    window.clearTimeout(timer);
    document.removeEventListener('visibilitychange', onVisible);
  };
}

/**
 * The tense of the texts on a site built before the reunion: as built (ahead) while the build-time HTML
 * hydrates, so the first render matches it, then by the visitor's clock, changing when the reunion ends.
 */
export function useReunionTense(): ReunionTense {
  return useSyncExternalStore(subscribe, tenseNow, () => 'ahead');
}

/**
 * Texts of which one shows at a time, all in the same place (a grid cell): the room is that of the longest, so
 * switching from one to the other after hydration moves nothing below (no layout shift). The others are hidden
 * from everyone (visibility: hidden, and from assistive technology). Phrasing content: fits in a <p> or heading.
 */
export function OneOf<Key extends string>({
  shown,
  texts,
}: {
  shown: NoInfer<Key>;
  texts: Record<Key, ReactNode>;
}) {
  return (
    <span className="one-of">
      {(Object.keys(texts) as Key[]).map((key) =>
        key === shown ? (
          <span key={key}>{texts[key]}</span>
        ) : (
          <span key={key} className="one-of-hidden" aria-hidden="true">
            {texts[key]}
          </span>
        ),
      )}
    </span>
  );
}

interface TensedProps {
  /**
   * Before the reunion (and during it). Give it as `REUNION_OVER_AT_BUILD ? null : ...`, so that a site built
   * after the reunion leaves these texts out of its code.
   */
  ahead: ReactNode;
  /** After the reunion: past tense. */
  past: ReactNode;
}

function PastOnly({ past }: TensedProps) {
  return past;
}

function BothTenses({ ahead, past }: TensedProps) {
  return <OneOf shown={useReunionTense()} texts={{ ahead, past }} />;
}

/**
 * A text that speaks of the reunion in its tense. Built after the reunion, the past only. Built before it,
 * both, in one room (OneOf): the build-time HTML shows the text ahead, and a page read after the reunion
 * switches to the past once hydrated, without moving anything.
 */
export const Tensed = REUNION_OVER_AT_BUILD ? PastOnly : BothTenses;
