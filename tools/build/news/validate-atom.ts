/**
 * Validates an Atom document against RFC 4287's own RELAX NG schema (appendix B, committed as
 * ./fixtures/rfc4287-atom.rnc) with jing, offline (Debian's `jing`, Java; npm test installs it:
 * .ci/install-tools.ts). Used by the feeds' unit tests (./atom.test.ts).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const SCHEMA = fileURLToPath(new URL('./fixtures/rfc4287-atom.rnc', import.meta.url));

/**
 * jing's complaints about each of some Atom documents, each "line:column: error: ..." (empty when it is valid), from
 * one run of jing (each run starts a Java machine: about a second of CPU).
 */
export function atomProblemsOf(xmls: readonly string[]): string[][] {
  if (!xmls.length) return [];
  const dir = mkdtempSync(join(tmpdir(), 'atom-'));
  try {
    const files = xmls.map((xml, at) => {
      const file = join(dir, `feed-${at}.xml`);
      writeFileSync(file, xml);
      return file;
    });
    const result = spawnSync('jing', ['-c', SCHEMA, ...files], { encoding: 'utf8' });
    if (result.error)
      throw new Error(
        `jing validates the news feeds (Debian: apt-get install -y jing; npm test installs it): ${result.error.message}`,
      );
    const lines = result.stdout.split('\n').filter((line) => line.includes('error'));
    const problems = files.map((file) =>
      lines.filter((line) => line.startsWith(`${file}:`)).map((line) => line.slice(file.length + 1)),
    );
    const placed = problems.reduce((sum, each) => sum + each.length, 0);
    if ((result.status !== 0 && placed === 0) || placed < lines.length)
      throw new Error(`jing exited ${result.status}: ${result.stderr}${result.stdout}`);
    return problems;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
