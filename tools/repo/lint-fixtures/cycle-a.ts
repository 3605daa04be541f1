// Lint fixture (ignored by `npm run lint`): half of an import cycle that import-x/no-cycle must report.
// Used by tools/repo/eslint-layering.test.ts.
import { b } from './cycle-b.ts';

export const a = (): string => `a${b.name}`;
