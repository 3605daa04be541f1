import { useSyncExternalStore, type ReactNode } from 'react';
import { PAST_TWINS } from 'virtual:reunion-past-twins';

/**
 * The texts that speak of the reunion as ahead of us, or as over: a message `x` with its past twin `x_past`.
 * vite.config.ts defines when it ended (midnight in Rolette after July 12, 2026) and whether the site was built
 * after that (REUNION_BUILD_DATE overrides the build's day, for tests). A site built after the reunion knows that
 * it is over, whatever a visitor's clock says: there each such message is its past twin (the build makes `x` the
 * module of `x_past`: tools/build/reunion-tense.ts), and its code carries no text ahead.
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

interface TensedProps<M> {
  /** The message as it speaks before the reunion (and during it); its `_past` twin speaks after. */
  message: M;
  /** How a message of the pair renders (a RichText with its tags); by default its text. */
  render?: (message: M) => ReactNode;
}

const textOf = (message: unknown) => (message as () => string)();

function PastOnly<M>({ message, render }: TensedProps<M>) {
  // Built after the reunion: `message` is the past twin already.
  return render ? render(message) : textOf(message);
}

function BothTenses<M>({ message, render }: TensedProps<M>) {
  const past = (PAST_TWINS.get(message) ?? message) as M;
  const show = (text: M) => (render ? render(text) : textOf(text));
  return <OneOf shown={useReunionTense()} texts={{ ahead: show(message), past: show(past) }} />;
}

/**
 * A message that speaks of the reunion in its tense: `<Tensed message={m.home_intro} />`, or with `render` for a
 * message with markup. Built after the reunion, the past twin only. Built before it, both, in one room (OneOf):
 * the build-time HTML says it ahead, and a page read after the reunion switches to the past once hydrated,
 * without moving anything.
 */
export const Tensed: <M>(props: TensedProps<M>) => ReactNode = REUNION_OVER_AT_BUILD ? PastOnly : BothTenses;
