import { existsSync } from 'node:fs';
import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv } from 'vite';
import { calendarFilesWhileServing } from './tools/build/calendar-dev.ts';
import { newsPosts } from './tools/build/news/vite-plugin.ts';
import { reunionTenseDefines, reunionTenseMessages } from './tools/build/reunion-tense.ts';
import { messagesWhileServing } from './tools/build/paraglide.ts';
import { firebaseUiForStrictCsp } from './tools/build/vite-plugins.ts';
import { parseEnv } from './src/config/env-schema.ts';
import { HOST, PORTS } from './tools/local/config.ts';

// The small shared parts of the public pages (see codeSplitting below). Listed by path, and checked: a file moved
// away would silently fall out of the group and cost the public pages' budget its import/export glue.
const PAGE_PART_FILES = [
  'src/components/rich-text.tsx',
  'src/components/page-meta.tsx',
  'src/components/reunion-tense.tsx',
  'src/components/reunion-notice/reunion-notice.tsx',
  'src/components/section-nav.tsx',
  'src/lib/hash-section.ts',
  'src/config/env.ts',
  'node_modules/react-bootstrap/esm/NavbarContext.js',
];
for (const file of PAGE_PART_FILES)
  if (!existsSync(new URL(file, import.meta.url)))
    throw new Error(`vite.config.ts: ${file} (one of the page parts) does not exist`);
const PAGE_PARTS = new RegExp(
  `(^|[\\\\/])(${PAGE_PART_FILES.map((file) => file.replace(/[.]/g, '\\.').replace(/\//g, '[\\\\/]')).join('|')})$`,
);

export default defineConfig(({ mode }) => {
  // Settings come from .env files and VITE_* environment variables; parseEnv validates them and fills
  // in the defaults.
  const config = parseEnv(loadEnv(mode, process.cwd(), 'VITE_'));
  // index.html uses %VITE_SITE_URL% for its Open Graph links.
  process.env.VITE_SITE_URL = config.siteUrl;
  return {
    define: {
      __APP_CONFIG__: JSON.stringify(config),
      // The texts that speak of the reunion follow its tense (src/components/reunion-tense.tsx): when it ended,
      // and whether this build is later (REUNION_BUILD_DATE, a date in Rolette, stands for the build's day).
      ...reunionTenseDefines(),
    },
    plugins: [
      messagesWhileServing(),
      reunionTenseMessages(),
      react(),
      firebaseUiForStrictCsp(),
      calendarFilesWhileServing(),
      newsPosts({ siteUrl: config.siteUrl }),
    ],
    css: {
      preprocessorOptions: {
        // Bootstrap 5.3's Sass uses @import and global functions, which Dart Sass deprecates (Bootstrap 6
        // moves to modules): no warnings for Bootstrap's own files, nor for our @import of them.
        scss: { quietDeps: true, silenceDeprecations: ['import', 'global-builtin'] },
      },
    },
    server: { host: HOST, port: PORTS.vite, strictPort: true },
    preview: { host: HOST, port: 4173, strictPort: true },
    build: {
      // Maps for our own tools (npm run size reads them from dist/), never for visitors: no sourceMappingURL
      // comment in the scripts, and firebase.json's hosting.ignore keeps the .map files out of a deploy.
      sourcemap: 'hidden',
      // No lists of each lazy chunk's imports to fetch beside it (0.7 KB of the public pages' 90 KB first load): a
      // page's code comes after its first paint (src/main.tsx), so the one round trip more that a lazy chunk's own
      // imports then take delays no paint. A lazy chunk's stylesheets are still linked beside it.
      modulePreload: false,
      target: 'es2022',
      manifest: true,
      rolldownOptions: {
        output: {
          codeSplitting: {
            // The small shared parts of the public pages in one chunk rather than seven (each file costs
            // its own compression and import/export glue on a first load that is budgeted to 90 KB); the sections'
            // navigation (Home, About, the members area) among them.
            // The entry (src/main.tsx, which must stay tiny) with Vite's helper for dynamic imports (it links a
            // lazy chunk's stylesheets), which the app's chunks then import from it: otherwise the bundler puts
            // the helper into a chunk of page parts, which the entry would then load before the first paint.
            groups: [
              { name: 'index', test: /src[\\/]main\.tsx$|vite\/preload-helper/, priority: 2 },
              { name: 'page-parts', test: PAGE_PARTS, priority: 1 },
            ],
          },
        },
      },
    },
  };
});
