import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';

afterEach(() => {
  cleanup();
  window.sessionStorage.clear();
});

// jsdom has no layout: scrolling is a no-op in component tests.
window.scrollTo = () => {};
Element.prototype.scrollIntoView ??= function scrollIntoView() {};
