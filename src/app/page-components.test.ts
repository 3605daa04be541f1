import { PAGE_LIST } from '../config/pages';
import { PAGE_MODULES, pageOfPath } from './page-components';

describe('the page list (src/config/pages.ts)', () => {
  it.each(PAGE_LIST.map((page) => [page.name, page.module]))(
    '%s loads its module (%s) with a page and its texts',
    async (name) => {
      const module = await PAGE_MODULES[name]();
      expect(typeof module.default).toBe('function');
      expect(typeof module.meta.title).toBe('function');
      expect(typeof module.meta.description).toBe('function');
    },
  );

  it('finds the page of a path in either language', () => {
    expect(pageOfPath('/members')).toBe('members');
    expect(pageOfPath('/nb/about')).toBe('about');
    expect(pageOfPath('/nowhere')).toBeUndefined();
    expect(pageOfPath('/news/thank-you')).toBe('news-post');
    expect(pageOfPath('/nb/news/thank-you')).toBe('news-post');
    expect(pageOfPath('/news/')).toBeUndefined();
    expect(pageOfPath('/news/Not_A_Slug')).toBeUndefined();
    expect(pageOfPath('/news/a/b')).toBeUndefined();
  });
});
