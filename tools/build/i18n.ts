/** `npm run i18n`: compiles messages/*.json into src/paraglide (before the type check and the build). */
import { compile } from '@inlang/paraglide-js';
import { PARAGLIDE_OPTIONS } from './paraglide.ts';

await compile(PARAGLIDE_OPTIONS);
console.log(`i18n: messages compiled into ${PARAGLIDE_OPTIONS.outdir}`);
