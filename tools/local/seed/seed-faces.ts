/**
 * Seeds "who is who" for the demo 1976 group photo (tools/local/seed/demo-group-photo.ts), stored as the organisers'
 * commands store the real one: the catalogue file itself (the drawn picture in place of demo-files.ts' plain
 * stand-in, so that the download and the tiles are the same picture) with its access metadata and preview, as
 * organiser:upload stores it; its Deep Zoom tiles and the faces file with the demo key's names, as
 * organiser:faces stores them; and two suggestions waiting for an organiser from a demo relative's account (a
 * name for a face the key leaves unnamed, a correction of a named one), as the page stores them.
 *
 *   npx tsx tools/local/seed/seed-faces.ts [storage emulator URL] [auth emulator URL] [bucket]
 *
 * defaults to the local stack's emulators and bucket; the suggestions are the demo member's (an approved account,
 * as storage.rules require of who suggests) when that account is there.
 */
import { CATALOGUE, storagePathOf } from '../../../src/domain/catalogue.ts';
import type { Suggestion } from '../../../src/domain/faces.ts';
import { newPhotoId } from '../../../src/domain/photos.ts';
import { connectAdmin, hostOf, type Bucket } from '../../../admin/firebase-admin.ts';
import { isMainModule } from '../../../admin/main-module.ts';
import { memberFileMetadata, saveObject } from '../../../admin/bucket/member-files.ts';
import { saveThumbnail } from '../../../admin/bucket/thumbnails.ts';
import { publishDeepZoom, saveFacesFile, saveSuggestion } from '../../../admin/bucket/faces.ts';
import { AUTH_URL, BUCKET, PROJECT_ID, STORAGE_URL, demoAccounts } from '../config.ts';
import type { Uploader } from './demo-photos.ts';
import {
  DEMO_FACES_FILE_ID,
  demoFacesFile,
  demoGroupPhotoWithTiles,
  type DemoGroupPhotoWithTiles,
} from './demo-group-photo.ts';
import { DEMO_UNNAMED_GRANDFATHER, demoKey } from './group-photo/people.ts';

/**
 * A demo account that suggests a name: its uid, display name and e-mail address (who the organiser sees). The page
 * lets only verified, approved accounts suggest.
 */
export type Suggester = Uploader;

/** What a demo suggestion says, and when it was made (its id's time; the random part is "demo" and a number). */
interface DemoSuggestion {
  face: number;
  name: string;
  note?: string;
  createdAt: Date;
}

/** The key's "Kari Bakken", whose daughter knows better. */
const CORRECTED = demoKey().find((line) => line.name === 'Kari Bakken')!;

/** A name for the old man on a chair the key leaves unnamed, from his granddaughter. */
export const DEMO_NAMING_SUGGESTION: DemoSuggestion = {
  face: DEMO_UNNAMED_GRANDFATHER,
  name: 'Anders Haugen',
  note: 'My grandfather; I am his granddaughter',
  createdAt: new Date('2026-03-14T18:22:05Z'),
};
/** A correction of a name the key gives. */
export const DEMO_CORRECTION_SUGGESTION: DemoSuggestion = {
  face: CORRECTED.number,
  name: 'Karin Bakken',
  note: 'My mother: Karin, with an n. The 1976 key has it wrong',
  createdAt: new Date('2026-04-02T09:41:37Z'),
};

function suggestionOf(demo: DemoSuggestion, n: number): Suggestion {
  return {
    id: newPhotoId(demo.createdAt, `demo${String(n).padStart(6, '0')}`),
    fileId: DEMO_FACES_FILE_ID,
    face: demo.face,
    name: demo.name,
    ...(demo.note && { note: demo.note }),
    createdAt: demo.createdAt.toISOString(),
  };
}

export interface SeedFacesOptions {
  /** Who made the two suggestions; without them, none waits. */
  suggesters?: { naming: Suggester; correcting: Suggester };
  /** The picture and its tiles, when the caller has them already (default: demoGroupPhotoWithTiles()). */
  photo?: DemoGroupPhotoWithTiles;
}

export interface SeededFaces {
  faces: number;
  named: number;
  /** The Deep Zoom files: the descriptor and the tiles. */
  tiles: number;
  suggestions: number;
  /** The picture and its tiles came from .cache/demo-faces/ rather than drawn now. */
  fromCache: boolean;
}

/**
 * Stores the demo group photo's catalogue file (replacing a stand-in seed-storage stored before) and its preview,
 * its tiles, then its faces file (a picture is open for naming once that is there), then the suggestions.
 */
export async function seedFaces(bucket: Bucket, opts: SeedFacesOptions = {}): Promise<SeededFaces> {
  const photo = opts.photo ?? (await demoGroupPhotoWithTiles());
  const entry = CATALOGUE.find((candidate) => candidate.id === DEMO_FACES_FILE_ID)!;
  await saveObject(bucket, storagePathOf(entry), photo.jpeg, memberFileMetadata(entry));
  await saveThumbnail(bucket, entry, photo.jpeg);
  await publishDeepZoom(bucket, photo.deepZoom);
  const facesFile = demoFacesFile(photo);
  await saveFacesFile(bucket, facesFile);

  const { suggesters } = opts;
  const waiting = suggesters
    ? ([
        [DEMO_NAMING_SUGGESTION, suggesters.naming],
        [DEMO_CORRECTION_SUGGESTION, suggesters.correcting],
      ] as const)
    : [];
  for (const [i, [demo, by]] of waiting.entries()) {
    await saveSuggestion(bucket, by.uid, suggestionOf(demo, i + 1), {
      suggesterUid: by.uid,
      suggesterEmail: by.email,
      suggesterName: by.name,
    });
  }
  return {
    faces: facesFile.faces.length,
    named: facesFile.faces.filter((face) => face.name).length,
    tiles: photo.deepZoom.files.length,
    suggestions: waiting.length,
    fromCache: photo.fromCache,
  };
}

async function main(): Promise<void> {
  const storageUrl = process.argv[2] ?? STORAGE_URL;
  const authUrl = process.argv[3] ?? AUTH_URL;
  const bucketName = process.argv[4] ?? BUCKET;
  const admin = connectAdmin({
    projectId: PROJECT_ID,
    emulators: { storage: hostOf(storageUrl), auth: hostOf(authUrl) },
  });
  try {
    const accounts = demoAccounts();
    const suggester = async ({ email, displayName }: { email: string; displayName: string }) => {
      try {
        return { uid: (await admin.auth.getUserByEmail(email)).uid, name: displayName, email };
      } catch (err) {
        if ((err as { code?: string }).code === 'auth/user-not-found') return undefined;
        throw err;
      }
    };
    // Only approved accounts may suggest (storage.rules): the demo member.
    const member = await suggester(accounts.member);
    const seeded = await seedFaces(admin.bucket(bucketName), {
      ...(member && { suggesters: { naming: member, correcting: member } }),
    });
    console.log(
      `Seeded who is who in ${DEMO_FACES_FILE_ID}: ${seeded.faces} faces (${seeded.named} named), ` +
        `${seeded.tiles} Deep Zoom files, ${seeded.suggestions} suggestions waiting, into ${storageUrl}, bucket ${bucketName}.`,
    );
  } finally {
    await admin.close();
  }
}

if (isMainModule(import.meta.url)) {
  main().catch((err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exitCode = 1;
  });
}
