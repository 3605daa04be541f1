import { Link, Navigate, useParams } from 'react-router';
import { DocumentMeta, type PageMetaMessages } from '../../components/page-meta';
import { pageAt, pagePath } from '../../config/pages';
import type { NewsPostSummary } from '../../domain/news';
import { currentLocale } from '../../lib/locale';
import { type Locale } from '../../lib/locale-path';
import { m } from '../../paraglide/messages.js';
import { preloadNewsPostAt, useNewsBody } from './news-body';
import { findNewsPost } from './news-posts';

/** The News page's texts: what an address without a post of that name is about. */
export const meta: PageMetaMessages = { title: m.page_news_title, description: m.page_news_description };

/** Its text loads before the build-time HTML hydrates (src/app/page-components.tsx). */
export const preload = preloadNewsPostAt;

function titleOf(post: NewsPostSummary, locale: Locale = currentLocale()): string {
  return `${post.title} · ${m.site_title({}, { locale })}`;
}

/** The <head> texts of the post at a path (src/prerender.tsx writes them into its build-time HTML). */
export function headAt(pathname: string, locale: Locale): { title: string; description: string } | undefined {
  const post = findNewsPost(pageAt(pathname)?.params?.slug, locale);
  return post && { title: titleOf(post, locale), description: post.summary };
}

function Post({ post }: { post: NewsPostSummary }) {
  const html = useNewsBody(post);
  return (
    <article className="news-post" aria-labelledby="news-post-heading">
      <DocumentMeta title={titleOf(post)} description={post.summary} />
      <h1 id="news-post-heading">{post.title}</h1>
      <p className="text-body-secondary">
        <time dateTime={post.date}>{post.dateText}</time> · {post.author ?? m.news_author_organisers()}
      </p>
      {/* The post's HTML, rendered at build time from its Markdown with raw HTML off (tools/build/news). */}
      <div className="news-post-body" dangerouslySetInnerHTML={{ __html: html }} />
      <p className="mt-4">
        <Link to={pagePath('news')}>{m.news_all_posts()}</Link>
      </p>
    </article>
  );
}

/** A news post (content/news/<date>-<slug>/<language>.md) at /news/<slug>; an unknown slug, like any other unknown path, goes to /home (spec section 2). */
export default function NewsPostPage() {
  const { slug } = useParams();
  const post = findNewsPost(slug);
  if (!post) return <Navigate to={pagePath('home')} replace />;
  return <Post key={post.slug} post={post} />;
}
