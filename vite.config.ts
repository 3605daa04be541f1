import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv, type Plugin } from 'vite';
import { parseEnv } from './src/config/env-schema.ts';

/**
 * firebaseui.css starts with an @import of Google Fonts. Offline (and under our CSP) that import fails
 * and takes the lazy login chunk down with "Unable to preload CSS", so it is removed at build time.
 */
function stripFirebaseUiFontImport(): Plugin {
  return {
    name: 'strip-firebaseui-font-import',
    enforce: 'pre',
    transform(code, id) {
      if (!/firebaseui[\\/]dist[\\/]firebaseui\.css/.test(id)) return null;
      return { code: code.replace(/@import\s+url\([^)]*\)\s*;?/g, ''), map: null };
    },
  };
}

export default defineConfig(({ mode }) => {
  // Settings come from .env files and VITE_* environment variables; parseEnv validates them and fills
  // in the defaults.
  const config = parseEnv(loadEnv(mode, process.cwd(), 'VITE_'));
  // index.html uses %VITE_SITE_URL% for its Open Graph links.
  process.env.VITE_SITE_URL = config.siteUrl;
  return {
    define: { __APP_CONFIG__: JSON.stringify(config) },
    plugins: [react(), stripFirebaseUiFontImport()],
    server: { host: '127.0.0.1', port: 5173, strictPort: true },
    preview: { host: '127.0.0.1', port: 4173, strictPort: true },
    build: { sourcemap: true, target: 'es2022', manifest: true },
  };
});
