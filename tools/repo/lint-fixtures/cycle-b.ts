// Lint fixture (ignored by `npm run lint`): the other half of the import cycle.
import { a } from './cycle-a.ts';

export const b = (): string => `b${a.name}`;
