import { describe, expect, it } from 'vitest';

import { escapeHtml } from './escape-html';

describe('escapeHtml', () => {
  it('leaves no tag, entity or attribute end in a text', () => {
    expect(escapeHtml(`<b onclick="x()">&amp; 'Øy'</b>`)).toBe(
      `&lt;b onclick=&quot;x()&quot;&gt;&amp;amp; 'Øy'&lt;/b&gt;`,
    );
  });
});
