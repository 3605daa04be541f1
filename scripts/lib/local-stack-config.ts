/** Addresses and settings of the local demo stack, shared by npm start, npm run dev, the tests and benchmarks. */
export const PROJECT_ID = process.env.DEMO_PROJECT_ID ?? 'demo-reunion';
export const HOST = '127.0.0.1';
export const PORTS = {
  auth: 9099,
  storage: 9199,
  hosting: 5000,
  hub: 4400,
  logging: 4500,
  vite: 5173,
} as const;
export const BUCKET = `${PROJECT_ID}.appspot.com`;
export const AUTH_URL = `http://${HOST}:${PORTS.auth}`;
export const STORAGE_URL = `http://${HOST}:${PORTS.storage}`;
export const SITE_URL = `http://${HOST}:${PORTS.hosting}`;
export const DEV_URL = `http://${HOST}:${PORTS.vite}`;

export interface DemoAccount {
  email: string;
  password: string;
  verified: boolean;
  displayName: string;
}

/** The demo accounts seeded by npm start and the tests; overridable through the environment. */
export function demoAccounts(env: NodeJS.ProcessEnv = process.env): {
  member: DemoAccount;
  unverified: DemoAccount;
} {
  const password = env.DEMO_PASSWORD ?? 'Reunion1976';
  return {
    member: {
      email: env.DEMO_MEMBER_EMAIL ?? 'member@example.com',
      password,
      verified: true,
      displayName: 'Demo Member',
    },
    unverified: {
      email: env.DEMO_UNVERIFIED_EMAIL ?? 'unverified@example.com',
      password,
      verified: false,
      displayName: 'Unverified Demo',
    },
  };
}
