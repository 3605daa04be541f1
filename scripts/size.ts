/**
 * Bundle budget of the public pages (npm run size). Reads dist/.vite/manifest.json from `vite build`
 * and, for each public route, adds up the gzipped JS and CSS of its first load: the entry chunk and
 * every chunk it imports statically (what the browser needs before the page works; chunks behind
 * dynamic import() load only when a page asks for them). Fails when a public route's first load is
 * over the JS budget or contains FirebaseUI or the Firebase compat SDK (checked in the chunks'
 * source maps, i.e. by the modules that went into them).
 */
import { readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { builtPages, CSS_BUDGET_BYTES, cssReport } from './lib/render-blocking-css.ts';

export const JS_BUDGET_BYTES = 120 * 1024;
const FORBIDDEN = [
  /node_modules\/firebaseui\//,
  /node_modules\/@firebase\/[a-z-]+-compat\//,
  /node_modules\/firebase\/compat\//,
];
/** Public routes and the route-level chunk each adds to the entry (none: they are all in the entry). */
export const PUBLIC_ROUTES = ['/home', '/news', '/about', '/contact'] as const;

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export interface LoadReport {
  files: string[];
  jsGzip: number;
  cssGzip: number;
  forbidden: string[];
}

const gzipSize = (path: string) => gzipSync(readFileSync(path), { level: 9 }).length;

/** The chunk keys loaded with `key`: itself and everything it imports statically, transitively. */
export function staticClosure(manifest: Manifest, key: string): string[] {
  const seen = new Set<string>();
  const visit = (k: string) => {
    if (seen.has(k)) return;
    seen.add(k);
    for (const next of manifest[k]?.imports ?? []) visit(next);
  };
  visit(key);
  return [...seen];
}

export function firstLoad(dist: string, manifest: Manifest, key: string): LoadReport {
  const keys = staticClosure(manifest, key);
  const js = keys.map((k) => manifest[k]!.file);
  const css = [...new Set(keys.flatMap((k) => manifest[k]!.css ?? []))];
  const forbidden: string[] = [];
  for (const file of js) {
    const mapPath = join(dist, `${file}.map`);
    if (!existsSync(mapPath)) throw new Error(`No source map for ${file}: build with sourcemaps`);
    const sources: string[] = JSON.parse(readFileSync(mapPath, 'utf8')).sources;
    for (const source of sources)
      if (FORBIDDEN.some((pattern) => pattern.test(source))) forbidden.push(`${file}: ${source}`);
  }
  return {
    files: [...js, ...css],
    jsGzip: js.reduce((sum, file) => sum + gzipSize(join(dist, file)), 0),
    cssGzip: css.reduce((sum, file) => sum + gzipSize(join(dist, file)), 0),
    forbidden,
  };
}

export function readManifest(dist: string): Manifest {
  const path = join(dist, '.vite', 'manifest.json');
  if (!existsSync(path)) throw new Error(`${path} not found: run "npm run build" first`);
  return JSON.parse(readFileSync(path, 'utf8')) as Manifest;
}

export function entryKey(manifest: Manifest): string {
  const key = Object.keys(manifest).find((k) => manifest[k]!.isEntry);
  if (!key) throw new Error('No entry chunk in the manifest');
  return key;
}

/** The lazily loaded chunk that holds FirebaseUI (for the report; it must not be in a public first load). */
export function chunkOf(manifest: Manifest, srcPattern: RegExp): ManifestChunk | undefined {
  return Object.values(manifest).find((chunk) => chunk.src && srcPattern.test(chunk.src));
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

function main(): void {
  const dist = process.argv[2] ?? 'dist';
  const manifest = readManifest(dist);
  const entry = entryKey(manifest);
  const report = firstLoad(dist, manifest, entry);
  let failed = false;
  console.log(`Public routes' first load (gzip), budget ${kb(JS_BUDGET_BYTES)} of JS:`);
  for (const route of PUBLIC_ROUTES) {
    const over = report.jsGzip > JS_BUDGET_BYTES;
    const bad = report.forbidden.length > 0;
    failed ||= over || bad;
    console.log(
      `  ${route.padEnd(9)} JS ${kb(report.jsGzip).padStart(9)}  CSS ${kb(report.cssGzip).padStart(8)}  ${over || bad ? 'FAIL' : 'ok'}`,
    );
  }
  console.log(`  (${report.files.length} files: ${report.files.join(', ')})`);
  for (const line of report.forbidden) console.log(`  forbidden module in a public first load: ${line}`);
  const widget = chunkOf(manifest, /sign-in-widget\.tsx$/);
  const login = chunkOf(manifest, /login-page\.tsx$/);
  if (widget && login) {
    const widgetLoad = firstLoad(
      dist,
      manifest,
      Object.keys(manifest).find((k) => manifest[k] === widget)!,
    );
    console.log(
      `  /login adds ${kb(widgetLoad.jsGzip)} JS and ${kb(widgetLoad.cssGzip)} CSS for the sign-in widget (lazy)`,
    );
  }
  console.log(`Render-blocking CSS of each page (gzip), budget ${kb(CSS_BUDGET_BYTES)}:`);
  for (const path of builtPages(dist)) {
    const css = cssReport(dist, path);
    const over = css.gzip > CSS_BUDGET_BYTES;
    failed ||= over;
    console.log(
      `  ${path.padEnd(12)} CSS ${kb(css.gzip).padStart(8)}  ${css.files.join(', ')}  ${over ? 'FAIL' : 'ok'}`,
    );
  }
  if (failed) {
    console.error('size: FAILED');
    process.exit(1);
  }
  console.log('size: ok');
}

if (import.meta.url === `file://${process.argv[1]}`) main();
