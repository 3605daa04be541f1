import { use } from 'react';
import { loadNewsBody } from 'virtual:news-bodies';
import { pageAt } from '../../config/pages';
import type { NewsPostSummary } from '../../domain/news';
import { findNewsPost } from './news-posts';

/** A promise that says when it has its value, the way React's use() reads it (then it does not suspend). */
type Body = Promise<string> & { status?: 'pending' | 'fulfilled' | 'rejected'; value?: string };

const bodies = new Map<string, Body>();

/** A post's HTML, loaded once (its own chunk) and kept. */
function body(post: NewsPostSummary): Body {
  const key = `${post.locale}/${post.slug}`;
  let loading = bodies.get(key);
  if (!loading) {
    const created: Body =
      loadNewsBody(post.locale, post.slug) ?? Promise.reject(new Error(`No news post ${key}`));
    created.status = 'pending';
    created.then(
      (html) => Object.assign(created, { status: 'fulfilled', value: html }),
      () => bodies.delete(key), // shown again, it tries again
    );
    bodies.set(key, created);
    loading = created;
  }
  return loading;
}

/**
 * The post's HTML: at once once loaded (hydrating a post's build-time HTML, which preloads it), else the page
 * suspends until it is (the layout shows "Loading…").
 */
export function useNewsBody(post: NewsPostSummary): string {
  return use<string>(body(post) as Promise<string>);
}

/** Before hydrating a post's build-time HTML: loads its text, so the first render matches that HTML. */
export async function preloadNewsPostAt(pathname: string): Promise<void> {
  const post = findNewsPost(pageAt(pathname)?.params?.slug);
  if (post) await body(post);
}
