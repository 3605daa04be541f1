/**
 * Makes firebase-tools' Auth emulator compile each API operation's validators the first time it is called, not
 * all at start: exegesis' own option (lazyCompileValidationSchemas) on the exegesis-express that the emulator's
 * server (lib/emulator/auth/server.js) requires. Compiling every schema of the Identity Toolkit API with ajv up
 * front took about 5 CPU-seconds per start here; on first use about 0.3 s. The validation itself is the same.
 *
 * Plain CommonJS so that the local stack can preload it into the Firebase CLI (`node --require`), where the
 * emulator runs in a process of its own; emulator.ts requires it for the emulator it serves in a test's process.
 * Reaches into firebase-tools internals, as the rest of tools/local does (pinned version).
 */
'use strict';

const AUTH_SERVER = 'firebase-tools/lib/emulator/auth/server.js';

function compileValidatorsOnFirstUse() {
  const exegesisExpress = require(
    require.resolve('exegesis-express', { paths: [require.resolve(AUTH_SERVER)] }),
  );
  const middleware = exegesisExpress.middleware;
  if (typeof middleware !== 'function') {
    throw new Error('firebase-tools internals changed: exegesis-express no longer exports middleware.');
  }
  if (middleware.compilesOnFirstUse) return;
  const lazy = (openApiDoc, options, ...rest) =>
    middleware(openApiDoc, { ...options, lazyCompileValidationSchemas: true }, ...rest);
  lazy.compilesOnFirstUse = true;
  exegesisExpress.middleware = lazy;
}

compileValidatorsOnFirstUse();

module.exports = { AUTH_SERVER };
