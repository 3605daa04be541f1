/** Addresses and settings of the local demo stack, shared by npm start, npm run dev, the tests and benchmarks. */
import { DEMO_PROJECT_ID, defaultStorageBucket } from '../../src/config/firebase-project.ts';
import { EMULATOR_HOST, EMULATOR_PORTS } from '../../src/config/local-emulators.ts';

export const PROJECT_ID = process.env.DEMO_PROJECT_ID ?? DEMO_PROJECT_ID;
export const HOST = EMULATOR_HOST;
/** The emulators' ports as firebase.json sets them, and the Vite dev server's. */
export const PORTS = { ...EMULATOR_PORTS, vite: 5173 } as const;
/** The same default bucket the site's build uses (src/config/env-schema.ts). */
export const BUCKET = defaultStorageBucket(PROJECT_ID);
export const AUTH_URL = `http://${HOST}:${PORTS.auth}`;
export const STORAGE_URL = `http://${HOST}:${PORTS.storage}`;
/** The environment variable that sets the large demo file's size in MiB (0: no large file; tools/local/seed). */
export const LARGE_DEMO_SIZE_VARIABLE = 'LARGE_DEMO_FILE_MB';
export const SITE_URL = `http://${HOST}:${PORTS.hosting}`;
export const DEV_URL = `http://${HOST}:${PORTS.vite}`;

export interface DemoAccount {
  email: string;
  password: string;
  verified: boolean;
  /** Has the `approved` custom claim: reads the approval-only lists too. */
  approved: boolean;
  /** Has the `organiser` custom claim: moderates the relatives' photos. */
  organiser?: boolean;
  displayName: string;
  /** What the account shows, for the list npm start prints. */
  shows: string;
}

/** The demo accounts seeded by npm start and the tests; overridable through the environment. */
export function demoAccounts(env: NodeJS.ProcessEnv = process.env): {
  member: DemoAccount;
  relative: DemoAccount;
  unverified: DemoAccount;
  organiser: DemoAccount;
} {
  const password = env.DEMO_PASSWORD ?? 'Reunion1976';
  return {
    member: {
      email: env.DEMO_MEMBER_EMAIL ?? 'member@example.com',
      password,
      verified: true,
      approved: true,
      displayName: 'Demo Member',
      shows: 'verified and approved: reads every member file',
    },
    relative: {
      email: env.DEMO_RELATIVE_EMAIL ?? 'relative@example.com',
      password,
      verified: true,
      approved: false,
      displayName: 'Demo Relative',
      shows: 'verified, not approved: the lists of living people wait for approval',
    },
    unverified: {
      email: env.DEMO_UNVERIFIED_EMAIL ?? 'unverified@example.com',
      password,
      verified: false,
      approved: false,
      displayName: 'Unverified Demo',
      shows: 'not verified: is asked to verify the e-mail address',
    },
    organiser: {
      email: env.DEMO_ORGANISER_EMAIL ?? 'organiser@example.com',
      password,
      verified: true,
      approved: true,
      organiser: true,
      displayName: 'Demo Organiser',
      shows: 'verified, approved, organiser: approves or rejects the waiting photos, removes shared ones',
    },
  };
}
