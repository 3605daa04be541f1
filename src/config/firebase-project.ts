/**
 * Facts about Firebase projects that the site's settings and the scripts (local stack, organiser commands) share.
 */

/** The offline demo project: the site, the local stack and every test use the emulators with it. */
export const DEMO_PROJECT_ID = 'demo-reunion';

/** A project id starting with `demo-` always means the local emulators, never Google. */
export function isDemoProject(projectId: string): boolean {
  return projectId.startsWith('demo-');
}

/**
 * The default Storage bucket of a Firebase project. Projects created since 30 October 2024 (the reunion's project
 * among them) get `<id>.firebasestorage.app`; older projects have `<id>.appspot.com` and set
 * VITE_FIREBASE_STORAGE_BUCKET / pass --bucket. The demo project uses the same form (the emulators accept any
 * name), so local runs look like production.
 */
export function defaultStorageBucket(projectId: string): string {
  return `${projectId}.firebasestorage.app`;
}

/** The names a project's default bucket can have: the current one, and the one of projects made before Nov 2024. */
export function defaultBucketNames(projectId: string): [current: string, legacy: string] {
  return [defaultStorageBucket(projectId), `${projectId}.appspot.com`];
}
