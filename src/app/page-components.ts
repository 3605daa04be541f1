import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { PageMetaMessages } from '../components/page-meta';
import type { Page } from '../config/pages';

/**
 * Each page's code, loaded when the page is shown. The build-time HTML already shows the page's content,
 * and links the page's chunk for preloading (scripts/prerender.ts), so hydration does not wait for it.
 */
export const PAGE_MODULES = {
  home: () => import('../features/home/home-page'),
  news: () => import('../features/news/news-page'),
  about: () => import('../features/about/about-page'),
  contact: () => import('../features/contact/contact-page'),
  login: () => import('../features/auth/login-page'),
  members: () => import('../features/members/members-page'),
} satisfies Record<Page, () => Promise<{ default: ComponentType; meta: PageMetaMessages }>>;

export const PAGE_COMPONENTS: Record<Page, LazyExoticComponent<ComponentType>> = {
  home: lazy(PAGE_MODULES.home),
  news: lazy(PAGE_MODULES.news),
  about: lazy(PAGE_MODULES.about),
  contact: lazy(PAGE_MODULES.contact),
  login: lazy(PAGE_MODULES.login),
  members: lazy(PAGE_MODULES.members),
};
