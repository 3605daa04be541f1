/**
 * The pages every visitor can open, as paths: the list the cross-engine and stylesheet tests walk
 * (e2e/bootstrap-css.spec.ts, e2e-firefox/core-flows.test.ts). The Norwegian pages join here.
 */
export const VISITOR_PAGES: readonly string[] = ['/home', '/news', '/about', '/contact', '/login'];
