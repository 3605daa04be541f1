/**
 * What a JPEG's metadata says, read by exiftool (`-json -a -G1 -struct`): what embed.ts writes, for its tests and
 * for the archive's. The main fields are read as MWG's rules read them when IIM and XMP agree (XMP first); every
 * tag exiftool found is in `tags` too, by exiftool's family-1 group ("IFD0:ImageDescription",
 * "ExifIFD:DateTimeOriginal", "IPTC:Caption-Abstract", "XMP-dc:Description"), to check the three blocks agree.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

import type { JpegInput } from './embed.ts';
import { runOnce, type ExifToolRunner } from './exiftool.ts';

/** A face region as MWG writes it: X and Y are the region's centre, all four fractions of the picture. */
export interface ReadRegion {
  type?: string;
  name?: string;
  description?: string;
  area: { x: number; y: number; w: number; h: number; unit?: string };
}

export interface ReadMetadata {
  /** dc:description (x-default). */
  caption?: string;
  /** dc:title (x-default). */
  title?: string;
  /** photoshop:DateCreated as an ISO 8601 instant in UTC (when it has an offset). */
  takenAt?: string;
  /** photoshop:Credit. */
  sharedBy?: string;
  /** Iptc4xmpExt:PersonInImage. */
  peopleShown: string[];
  /** mwg-rs:AppliedToDimensions, in pixels. */
  regionsAppliedTo?: { width: number; height: number };
  regions: ReadRegion[];
  /** Every tag but the file system's, by group:name. Every value is text, or a list or structure of texts. */
  tags: Record<string, unknown>;
}

/**
 * exiftool's JSON writes a value that looks like a number or a boolean without quotes, and JSON.parse would
 * make "1.50" 1.5 and "1e3" 1000: every bare token becomes a string first. (A token outside a string is a number,
 * true, false or null; inside one, the pattern skips escaped characters, so it never ends a string early.)
 */
export function parseWithTexts(json: string): unknown {
  return JSON.parse(
    json.replace(/"(?:[^"\\]|\\.)*"|[^\s"{}[\],:]+/g, (token) =>
      token.startsWith('"') ? token : JSON.stringify(token),
    ),
  );
}

/** An exiftool date ("2026:07:11 14:03:22.5-05:00") as an ISO instant in UTC; undefined without an offset. */
export function isoInstant(value: unknown): string | undefined {
  const match = /^(\d{4}):(\d{2}):(\d{2}) (\d{2}:\d{2}:\d{2})(\.\d+)?(Z|[+-]\d{2}:\d{2})$/.exec(
    String(value),
  );
  if (!match) return undefined;
  const [, year, month, day, time, fraction = '', zone] = match;
  const date = new Date(`${year}-${month}-${day}T${time}${fraction.slice(0, 4)}${zone}`);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

const text = (value: unknown) => (value === undefined ? undefined : String(value));
const list = (value: unknown) =>
  (value === undefined ? [] : Array.isArray(value) ? value : [value]).map(String);

type Struct = Record<string, unknown>;

function regionsOf(info: Struct | undefined): Pick<ReadMetadata, 'regions' | 'regionsAppliedTo'> {
  const applied = info?.AppliedToDimensions as Struct | undefined;
  const regions = ((info?.RegionList as Struct[] | undefined) ?? []).map((region) => {
    const area = (region.Area ?? {}) as Struct;
    return {
      ...(region.Type !== undefined && { type: String(region.Type) }),
      ...(region.Name !== undefined && { name: String(region.Name) }),
      ...(region.Description !== undefined && { description: String(region.Description) }),
      area: {
        x: Number(area.X),
        y: Number(area.Y),
        w: Number(area.W),
        h: Number(area.H),
        ...(area.Unit !== undefined && { unit: String(area.Unit) }),
      },
    };
  });
  return {
    regions,
    ...(applied && { regionsAppliedTo: { width: Number(applied.W), height: Number(applied.H) } }),
  };
}

/** The metadata of a JPEG (its bytes, or its path). */
export async function readMetadata(
  jpeg: JpegInput,
  exiftool: ExifToolRunner = runOnce,
): Promise<ReadMetadata> {
  const folder = typeof jpeg === 'string' ? undefined : await mkdtemp(join(tmpdir(), 'archive-metadata-'));
  try {
    // An absolute path: a relative one starting with "-" would be read as an option.
    const path = folder ? join(folder, 'in.jpg') : resolve(jpeg as string);
    if (folder) await writeFile(path, jpeg);
    const { stdout, stderr } = await exiftool.run([
      '-json',
      '-a',
      '-G1',
      '-struct',
      '-x',
      'System:all',
      path,
    ]);
    if (!stdout.trim())
      throw new Error(`exiftool could not read the metadata: ${stderr.trim() || 'no reason given'}`);
    const [tags] = parseWithTexts(stdout) as [Struct];
    delete tags.SourceFile;
    return {
      ...(tags['XMP-dc:Description'] !== undefined && { caption: text(tags['XMP-dc:Description']) }),
      ...(tags['XMP-dc:Title'] !== undefined && { title: text(tags['XMP-dc:Title']) }),
      ...(isoInstant(tags['XMP-photoshop:DateCreated']) && {
        takenAt: isoInstant(tags['XMP-photoshop:DateCreated']),
      }),
      ...(tags['XMP-photoshop:Credit'] !== undefined && { sharedBy: text(tags['XMP-photoshop:Credit']) }),
      peopleShown: list(tags['XMP-iptcExt:PersonInImage']),
      ...regionsOf(tags['XMP-mwg-rs:RegionInfo'] as Struct | undefined),
      tags,
    };
  } finally {
    if (folder) await rm(folder, { recursive: true, force: true });
  }
}
