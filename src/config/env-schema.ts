import * as z from 'zod/mini';

import { DEMO_PROJECT_ID, defaultStorageBucket, isDemoProject } from './firebase-project.ts';
import { emulatorUrl } from './local-emulators.ts';

/**
 * Every VITE_* setting, validated in one place. With nothing set, the site runs against the offline
 * `demo-reunion` project and the local emulators. Validation runs at build time (vite.config.ts), so a
 * wrong setting stops the build instead of breaking the site in a visitor's browser, and the validator
 * stays out of the pages' JavaScript.
 */
const optionalText = z.optional(z.string().check(z.trim()));
const url = z.url({ protocol: /^https?$/ });
const optionalUrl = z.optional(url);

const schema = z.object({
  VITE_FIREBASE_PROJECT_ID: z.optional(z.string().check(z.regex(/^[a-z][a-z0-9-]{4,29}$/))),
  VITE_FIREBASE_API_KEY: optionalText,
  VITE_FIREBASE_AUTH_DOMAIN: optionalText,
  VITE_FIREBASE_STORAGE_BUCKET: optionalText,
  VITE_FIREBASE_APP_ID: optionalText,
  VITE_AUTH_EMULATOR_URL: optionalUrl,
  VITE_STORAGE_EMULATOR_URL: optionalUrl,
  VITE_SITE_URL: optionalUrl,
  VITE_CONTACT_EMAIL: z.optional(z.email()),
  VITE_VIDEO_CHANNEL_URL: optionalUrl,
  VITE_SEMINARS_URL: optionalUrl,
  VITE_BURIAL_DATABASE_URL: optionalUrl,
});

export type RawEnv = Record<string, string | boolean | undefined>;

export interface AppConfig {
  firebase: {
    projectId: string;
    apiKey: string;
    authDomain: string;
    storageBucket: string;
    appId?: string;
  };
  /** Set for demo- projects: the app talks to these local emulators and never to Google. */
  emulators?: { authUrl: string; storageUrl: string };
  siteUrl: string;
  contactEmail: string;
  links: { videoChannel: string; seminars: string; burialDatabase: string };
}

/** Blank values count as unset, so an .env file copied from .env.example can leave fields empty. */
function withoutBlanks(raw: RawEnv): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(raw)) {
    if (key.startsWith('VITE_') && typeof value === 'string' && value.trim() !== '') out[key] = value.trim();
  }
  return out;
}

export function parseEnv(raw: RawEnv): AppConfig {
  const result = z.safeParse(schema, withoutBlanks(raw));
  if (!result.success) {
    const fields = result.error.issues.map((issue) => issue.path.join('.')).join(', ');
    throw new Error(`Invalid site settings (see .env.example): ${fields}`);
  }
  const env = result.data;
  const projectId = env.VITE_FIREBASE_PROJECT_ID ?? DEMO_PROJECT_ID;
  const isDemo = isDemoProject(projectId);
  if (!isDemo && !env.VITE_FIREBASE_API_KEY) {
    throw new Error(
      `Invalid site settings (see .env.example): VITE_FIREBASE_API_KEY is required for ${projectId}`,
    );
  }
  const channel = env.VITE_VIDEO_CHANNEL_URL ?? 'https://www.youtube.com/@rolettereunion2026';
  return {
    firebase: {
      projectId,
      apiKey: env.VITE_FIREBASE_API_KEY ?? 'demo-api-key',
      authDomain: env.VITE_FIREBASE_AUTH_DOMAIN ?? `${projectId}.firebaseapp.com`,
      storageBucket: env.VITE_FIREBASE_STORAGE_BUCKET ?? defaultStorageBucket(projectId),
      ...(env.VITE_FIREBASE_APP_ID ? { appId: env.VITE_FIREBASE_APP_ID } : {}),
    },
    ...(isDemo
      ? {
          emulators: {
            authUrl: env.VITE_AUTH_EMULATOR_URL ?? emulatorUrl('auth'),
            storageUrl: env.VITE_STORAGE_EMULATOR_URL ?? emulatorUrl('storage'),
          },
        }
      : {}),
    siteUrl: (env.VITE_SITE_URL ?? 'https://rolette-reunion-2026.web.app').replace(/\/+$/, ''),
    contactEmail: env.VITE_CONTACT_EMAIL ?? 'reunion2026@example.org',
    links: {
      videoChannel: channel,
      seminars: env.VITE_SEMINARS_URL ?? `${channel}/videos`,
      burialDatabase:
        env.VITE_BURIAL_DATABASE_URL ??
        'https://www.findagrave.com/memorial/search?location=Rolette%2C+Rolette+County%2C+North+Dakota%2C+United+States+of+America',
    },
  };
}
