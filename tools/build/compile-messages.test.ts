import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { compile } from '@inlang/paraglide-js';
import { compileMessages } from './compile-messages.ts';

let root: string;
let compiles: number;
/** Paraglide's compiler's stand-in: writes one module per message file, from its text. */
const fakeCompile = (async (options: { outdir: string }) => {
  compiles += 1;
  mkdirSync(join(options.outdir, 'messages'), { recursive: true });
  writeFileSync(
    join(options.outdir, 'messages', 'hello.js'),
    readFileSync(join(root, 'messages', 'en.json')),
  );
}) as unknown as typeof compile;

function write(path: string, text: string) {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), text);
}

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'compile-messages-'));
  compiles = 0;
  write('messages/en.json', '{"hello": "Hello"}');
  write('messages/nb.json', '{"hello": "Hei"}');
  write('project.inlang/settings.json', '{"baseLocale": "en"}');
  write('tools/build/paraglide.ts', 'export const PARAGLIDE_OPTIONS = {};');
  write('package-lock.json', '{"lockfileVersion": 3}');
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('compileMessages', () => {
  it('compiles once, then again only when an input or the output changed', async () => {
    expect(await compileMessages(root, fakeCompile)).toBe('compiled');
    expect(await compileMessages(root, fakeCompile)).toBe('unchanged');
    expect(compiles).toBe(1);

    for (const [change, path, text] of [
      ['a message', 'messages/nb.json', '{"hello": "Hallo"}'],
      ['a new message file', 'messages/nn.json', '{"hello": "Hei"}'],
      ["the project's settings", 'project.inlang/settings.json', '{"baseLocale": "nb"}'],
      ['the options', 'tools/build/paraglide.ts', 'export const PARAGLIDE_OPTIONS = { x: 1 };'],
      ['the packages', 'package-lock.json', '{"lockfileVersion": 3, "packages": {}}'],
      ['a compiled module edited', 'src/paraglide/messages/hello.js', 'edited'],
    ] as const) {
      write(path, text);
      expect(await compileMessages(root, fakeCompile), change).toBe('compiled');
      expect(await compileMessages(root, fakeCompile), change).toBe('unchanged');
    }
    rmSync(join(root, 'src/paraglide/messages/hello.js'));
    expect(await compileMessages(root, fakeCompile), 'a compiled module removed').toBe('compiled');
    expect(compiles).toBe(8);
  });

  it('a compile that fails leaves no stamp: the next one compiles', async () => {
    await compileMessages(root, fakeCompile);
    write('messages/en.json', '{"hello": "Hi"}');
    const failing = (async () => {
      throw new Error('a syntax error in a message');
    }) as unknown as typeof compile;
    await expect(compileMessages(root, failing)).rejects.toThrow('a syntax error');
    write('messages/en.json', '{"hello": "Hello"}'); // back as it was when the stamp was written
    expect(await compileMessages(root, fakeCompile)).toBe('compiled');
  });
});
