/**
 * Validates an Atom document against RFC 4287's own RELAX NG schema (appendix B, committed as
 * ./fixtures/rfc4287-atom.rnc) with jing, offline (Debian's `jing`, Java; npm test installs it:
 * .ci/install-tools.ts). Used by the feed's unit tests and the browser tests of the served feeds.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const SCHEMA = fileURLToPath(new URL('./fixtures/rfc4287-atom.rnc', import.meta.url));

/** jing's complaints about an Atom document, each "line:column: error: ..." (empty when it is valid). */
export function atomProblems(xml: string): string[] {
  const dir = mkdtempSync(join(tmpdir(), 'atom-'));
  try {
    const file = join(dir, 'feed.xml');
    writeFileSync(file, xml);
    const result = spawnSync('jing', ['-c', SCHEMA, file], { encoding: 'utf8' });
    if (result.error)
      throw new Error(
        `jing validates the news feeds (Debian: apt-get install -y jing; npm test installs it): ${result.error.message}`,
      );
    const problems = result.stdout
      .split('\n')
      .filter((line) => line.includes('error'))
      .map((line) => line.replace(`${file}:`, ''));
    if (result.status !== 0 && problems.length === 0)
      problems.push(`jing exited ${result.status}: ${result.stderr}`);
    return problems;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
