import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { setDocumentLocale } from '../lib/locale';

afterEach(() => {
  cleanup();
  window.sessionStorage.clear();
  setDocumentLocale('en');
});

// jsdom has no layout: scrolling is a no-op in component tests.
window.scrollTo = () => {};
Element.prototype.scrollIntoView ??= function scrollIntoView() {};
