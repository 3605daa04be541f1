import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cssReport, renderBlockingCss } from './render-blocking-css';

describe('renderBlockingCss', () => {
  it('counts stylesheet links and inline styles, not print styles, preloads or scripts', () => {
    const html = `<head>
      <link rel="stylesheet" crossorigin href="/assets/index-1.css">
      <link rel="stylesheet" media="print" href="/assets/print.css">
      <link rel="modulepreload" href="/assets/app.js">
      <link rel="preload" as="style" href="/assets/later.css">
      <style>.x{color:red}</style>
      <script type="module" src="/assets/index.js"></script></head>`;
    expect(renderBlockingCss(html)).toEqual({ files: ['assets/index-1.css'], inline: ['.x{color:red}'] });
  });
});

describe('cssReport', () => {
  it('sizes the CSS of a page in a language folder', () => {
    const dist = mkdtempSync(join(tmpdir(), 'css-report-'));
    mkdirSync(join(dist, 'nb'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'assets', 'a.css'), 'body{margin:0}'.repeat(50));
    const page = '<link rel="stylesheet" href="/assets/a.css">';
    for (const file of ['index.html', 'home.html', 'login.html', 'nb/home.html'])
      writeFileSync(join(dist, file), page);
    const report = cssReport(dist, '/nb/home');
    expect(report.files).toEqual(['assets/a.css']);
    expect(report.gzip).toBeGreaterThan(10);
    expect(report.gzip).toBeLessThan(100);
  });
});
