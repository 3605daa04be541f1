import { lazy, type ComponentType } from 'react';
import type { PageMetaMessages } from '../components/page-meta';
import { PAGE_LIST, PAGES, pageAt, type Page } from '../config/pages';
import type { Locale } from '../lib/locale-path';

/**
 * Each page's code, loaded when the page is shown. The build-time HTML already shows the page's content
 * and preloads the page's chunk (tools/build/prerender.ts); src/main.tsx waits for it before hydrating, so the
 * page hydrates in one go instead of being replaced by the loading message.
 */
type PageModule = {
  default: ComponentType;
  meta: PageMetaMessages;
  /** What the page needs besides its code before it can hydrate (a news post: its text), by its path. */
  preload?: (pathname: string) => Promise<unknown>;
  /** The <head> texts of the page at a path, where they are not the same for every path (a news post's). */
  headAt?: (pathname: string, locale: Locale) => { title: string; description: string } | undefined;
};

/** Every page module under src/features (one lazy chunk each); the page list names which page is which. */
const FEATURE_PAGES = import.meta.glob<PageModule>('../features/*/*-page.tsx');

function moduleOf(module: string): () => Promise<PageModule> {
  const load = FEATURE_PAGES[`../${module}`];
  if (!load) throw new Error(`No page module src/${module}`);
  return load;
}

export const PAGE_MODULES = Object.fromEntries(
  PAGE_LIST.map((page) => [page.name, moduleOf(page.module)]),
) as Record<Page, () => Promise<PageModule>>;

const loaded: Partial<Record<Page, ComponentType>> = {};

async function load(page: Page): Promise<PageModule> {
  const module = await PAGE_MODULES[page]();
  loaded[page] = module.default;
  return module;
}

/** The page a path shows, if it is one of the site's pages in either language. */
export function pageOfPath(pathname: string): Page | undefined {
  return pageAt(pathname)?.page;
}

/**
 * Loads the code of the page at `pathname` (if any), and what it needs to show that path, before the first
 * render. A failure is left to the page itself: it loads again when shown, and the error boundary explains a
 * failure there.
 */
export async function preloadPageAt(pathname: string): Promise<void> {
  const page = pageOfPath(pathname);
  if (page)
    await load(page)
      .then((module) => module.preload?.(pathname))
      .catch(() => undefined);
}

function pageComponent(page: Page): ComponentType {
  const Lazy = lazy(() => load(page));
  function PageComponent() {
    // Already loaded: render at once (no suspension while hydrating the build-time HTML).
    const Loaded = loaded[page];
    return Loaded ? <Loaded /> : <Lazy />;
  }
  PageComponent.displayName = `Page(${page})`;
  return PageComponent;
}

export const PAGE_COMPONENTS = Object.fromEntries(PAGES.map((page) => [page, pageComponent(page)])) as Record<
  Page,
  ComponentType
>;
