import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

import { writePhotoMetadata } from './embed.ts';
import { ExifToolMissingError, ExifToolProcess, runOnce } from './exiftool.ts';
import { readMetadata } from './read.ts';

let jpeg: Buffer;
let exiftool: ExifToolProcess;
beforeAll(async () => {
  jpeg = await sharp({ create: { width: 32, height: 24, channels: 3, background: '#a08060' } })
    .jpeg()
    .toBuffer();
  exiftool = new ExifToolProcess();
});
afterAll(() => exiftool.close());

describe('exiftool', () => {
  it('runs once per call, or many calls through one process, one at a time and each with its own answer', async () => {
    expect((await runOnce.run(['-ver'])).stdout.trim()).toMatch(/^\d+\.\d+/);
    const answers = await Promise.all(['-ver', '-ver', '-ver'].map((arg) => exiftool.run([arg])));
    expect(answers.map((answer) => answer.stdout.trim())).toEqual(Array(3).fill(answers[0]!.stdout.trim()));
    // Photos written at the same time each keep their own caption.
    const captions = ['one', 'two', 'three', 'four'];
    const written = await Promise.all(
      captions.map((caption) => writePhotoMetadata(jpeg, { caption }, exiftool)),
    );
    const read = await Promise.all(written.map((photo) => readMetadata(photo, exiftool)));
    expect(read.map((metadata) => metadata.caption)).toEqual(captions);
  });

  it('gives back what exiftool says on stderr, and refuses an argument with a line break', async () => {
    const { stderr } = await exiftool.run(['/no/such/file.jpg']);
    expect(stderr).toMatch(/File not found/);
    await expect(exiftool.run(['-ver\n-o'])).rejects.toThrow(/line break/);
    expect((await exiftool.run(['-ver'])).stdout).toMatch(/^\d/); // still usable
  });

  it('takes no more commands once closed', async () => {
    const other = new ExifToolProcess();
    await other.run(['-ver']);
    await other.close();
    await expect(other.run(['-ver'])).rejects.toThrow(/closed/);
    await other.close(); // twice is fine
  });

  describe('missing from the PATH', () => {
    let emptyFolder: string;
    beforeAll(async () => {
      emptyFolder = await mkdtemp(join(tmpdir(), 'no-exiftool-'));
    });
    afterEach(() => vi.unstubAllEnvs());
    afterAll(() => rm(emptyFolder, { recursive: true, force: true }));

    const installHint = /libimage-exiftool-perl.*brew install exiftool.*exiftool\.org/;

    it('says how to install it, run once per call', async () => {
      vi.stubEnv('PATH', emptyFolder);
      const failure = writePhotoMetadata(jpeg, { caption: 'x' });
      await expect(failure).rejects.toThrow(ExifToolMissingError);
      await expect(failure).rejects.toThrow(installHint);
    });

    it('says how to install it, kept open', async () => {
      vi.stubEnv('PATH', emptyFolder);
      const other = new ExifToolProcess();
      await expect(writePhotoMetadata(jpeg, { caption: 'x' }, other)).rejects.toThrow(installHint);
      await other.close();
    });
  });
});
