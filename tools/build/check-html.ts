/**
 * npm run check:html (after a build): the Nu HTML Checker (vnu-jar, Java 17+) over every HTML file the
 * build wrote, in both languages. Fails on any error; warnings are printed but allowed.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { createRequire } from 'node:module';

/** vnu-jar's main export is the path of vnu.jar. */
const vnu = String(createRequire(import.meta.url)('vnu-jar'));

function htmlFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'assets' ? [] : htmlFiles(path);
    return name.endsWith('.html') ? [path] : [];
  });
}

const dist = process.argv[2] ?? 'dist';
const files = htmlFiles(dist).sort();
if (files.length === 0) {
  console.error(`check:html: no HTML in ${dist}: run "npm run build" first`);
  process.exit(1);
}
const result = spawnSync('java', ['-jar', vnu, '--errors-only', '--format', 'gnu', ...files], {
  encoding: 'utf8',
});
if (result.error) {
  console.error(
    `check:html: could not run Java (${result.error.message}); the checker needs Java 17 or newer`,
  );
  process.exit(1);
}
const errors = `${result.stdout}${result.stderr}`.trim();
if (result.status !== 0 || errors) {
  console.error(errors);
  console.error(`check:html: FAILED (${files.length} files)`);
  process.exit(1);
}
console.log(
  `check:html: ${files.length} files valid (${files.map((file) => file.slice(dist.length + 1)).join(', ')})`,
);
