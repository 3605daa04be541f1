/**
 * The news as the build and the dev server use it: every post read (./posts.ts) and rendered (./markdown.ts),
 * with all problems of all files reported at once, each naming its file.
 */
import { pagePath } from '../../../src/config/pages.ts';
import { newsFeedPath } from '../../../src/domain/news.ts';
import { LOCALE_FACTS } from '../../../src/lib/locale.ts';
import { type Locale } from '../../../src/lib/locale-path.ts';
import { atomFeed, type FeedTexts } from './atom.ts';
import type { NewsImage } from './images.ts';
import { renderPost, type RenderedPost } from './markdown.ts';
import { NewsContentError, postsIn, readNewsPosts, type NewsPost } from './posts.ts';

export interface NewsItem extends NewsPost, RenderedPost {}

export async function loadNews(siteUrl: string, root = '.'): Promise<NewsItem[]> {
  const posts = readNewsPosts(root);
  const problems: string[] = [];
  const items = await Promise.all(
    posts.map(async (post) => {
      try {
        return { ...post, ...(await renderPost(post, siteUrl, root)) };
      } catch (error) {
        problems.push(...(error as Error).message.split('\n').map((line) => `${post.file}: ${line}`));
        return undefined;
      }
    }),
  );
  if (problems.length) throw new NewsContentError(problems);
  return items.filter((item): item is NewsItem => item !== undefined);
}

/** Every picture of the news, once each (by address). */
export function newsImages(items: readonly NewsItem[]): NewsImage[] {
  return [...new Map(items.flatMap((item) => item.images).map((image) => [image.url, image])).values()];
}

/** Where each language's feed is served: /news/feed.xml, /nb/news/feed.xml. */
export function feedPath(locale: Locale): string {
  return newsFeedPath(locale);
}

/** The feed of a language: its address and its text (Atom 1.0). */
export function newsFeed(
  items: readonly NewsItem[],
  locale: Locale,
  texts: FeedTexts,
  siteUrl: string,
): { path: string; content: string } {
  const path = feedPath(locale);
  return {
    path,
    content: atomFeed({
      lang: LOCALE_FACTS[locale].tag,
      feedUrl: `${siteUrl}${path}`,
      pageUrl: `${siteUrl}${pagePath('news', locale)}`,
      texts,
      entries: postsIn(items, locale).map((item) => ({
        url: `${siteUrl}${pagePath('news-post', locale, { slug: item.slug })}`,
        title: item.title,
        summary: item.summary,
        html: item.feedHtml,
        date: item.date,
        updated: item.updated,
        ...(item.author ? { author: item.author } : {}),
      })),
    }),
  };
}
