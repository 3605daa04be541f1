import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildProblems, writeBuildStamp } from './build-stamp.ts';

let root: string;
const write = (path: string, content: string) => {
  mkdirSync(join(root, path, '..'), { recursive: true });
  writeFileSync(join(root, path), content);
};

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'build-stamp-'));
  write('src/main.tsx', 'render()');
  write('messages/en.json', '{}');
  write('dist/assets/index-abc.js', 'import{jsx as e}from"react/jsx-runtime";');
  mkdirSync(join(root, 'dist/.vite'), { recursive: true });
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('build stamp', () => {
  it('finds nothing wrong with a current production build', () => {
    writeBuildStamp(root);
    expect(buildProblems(root)).toEqual([]);
  });

  it('refuses a dist/ that no build stamped', () => {
    expect(buildProblems(root)).toEqual([expect.stringMatching(/no build stamp/)]);
  });

  it("refuses React's development build", () => {
    write('dist/assets/index-abc.js', 'jsxDEV("div", {})');
    writeBuildStamp(root);
    expect(buildProblems(root)).toEqual([
      expect.stringMatching(/development build.*dist\/assets\/index-abc\.js/),
    ]);
  });

  it('refuses a build older than its sources, naming what changed', () => {
    writeBuildStamp(root);
    write('messages/en.json', '{"a":"b"}');
    write('src/new-page.tsx', 'x');
    expect(buildProblems(root)).toEqual([
      expect.stringMatching(/stale: messages\/en\.json, src\/new-page\.tsx changed/),
    ]);
  });

  it('does not count tests or generated messages as sources', () => {
    writeBuildStamp(root);
    write('src/main.test.tsx', 'it()');
    write('src/paraglide/messages.js', 'export {}');
    expect(buildProblems(root)).toEqual([]);
  });

  it('refuses a build made with other VITE_* settings', () => {
    writeBuildStamp(root);
    vi.stubEnv('VITE_CONTACT_EMAIL', 'someone@example.org');
    try {
      expect(buildProblems(root)).toEqual([expect.stringMatching(/other VITE_\* settings/)]);
    } finally {
      vi.unstubAllEnvs();
    }
  });
});
