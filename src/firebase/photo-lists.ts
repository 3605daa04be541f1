/**
 * The keys the photo lists are read under (src/lib/use-load.ts), apart from ./photos.ts so that the members menu's
 * count can follow them without loading the Storage SDK. ./photos.ts invalidates them after each change it makes.
 */
export const PHOTO_LISTS = {
  /** Everything about photos: an approval changes every list. */
  all: 'photos',
  /** The photos waiting for an organiser: the moderation list and the menu's count. */
  waiting: 'photos/waiting',
  /** The shared photos: the gallery. */
  shared: 'photos/shared',
  /** Every account's "Your photos". */
  mine: 'photos/mine',
  mineOf: (uid: string) => `photos/mine/${uid}`,
} as const;
