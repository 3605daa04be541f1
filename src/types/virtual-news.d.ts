/**
 * The news posts of content/news, rendered at build time by tools/build/news/vite-plugin.ts (the Markdown library
 * never reaches the browser). A build for one language carries that language's posts.
 */
declare module 'virtual:news-posts' {
  import type { NewsPostSummary } from '../domain/news';
  /** Every post, newest first. */
  export const NEWS_POSTS: readonly NewsPostSummary[];
}

declare module 'virtual:news-bodies' {
  /** A post's HTML, loaded as a chunk of its own; undefined for a post this build does not have. */
  export function loadNewsBody(locale: string, slug: string): Promise<string> | undefined;
}
