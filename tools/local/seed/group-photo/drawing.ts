/**
 * The demo 1976 group photo drawn: an SVG in the style of a faded colour print (a red barn under a summer sky, the
 * people of ./people.ts in six rows: the children on the grass in front, the eldest on chairs behind them, four rows
 * standing), the box of every face it draws, and the JPEG sharp makes of it. About 275 came in 1976: the picture
 * stands for a part of them. Drawn in code rather than kept as an image file: the drawing knows where it put each
 * face, so the faces file's boxes come from it exactly, and a change to the people changes the picture with them.
 *
 * Deterministic: the places and looks come from a seeded generator, and sharp draws the same SVG to the same pixels
 * (./cache.ts keys its folder by the SVG for that reason).
 *
 * A shape's transparency is its fill's or its stroke's (fill-opacity, stroke-opacity), not `opacity` on the shape or
 * its group: librsvg draws an element with `opacity` into a layer of its own the size of the whole picture, and the
 * drawing took 31 CPU-seconds instead of 6 for it. Only the clouds keep a group's `opacity`: their puffs overlap.
 */
import sharp from 'sharp';

import type { Face, FaceBox } from '../../../../src/domain/faces.ts';
import { seededRandom } from '../demo-documents/common.ts';
import { DEMO_NOTICE } from '../demo-files.ts';
import { PEOPLE, type Kind } from './people.ts';

export const DEMO_PHOTO_WIDTH = 6400;
export const DEMO_PHOTO_HEIGHT = 3800;

/** A number for the SVG: one decimal is below a pixel's worth and keeps the SVG small. */
const n = (value: number) => String(Math.round(value * 10) / 10);

/** The print's white border, and the band below the picture where the caption is written. */
const BORDER = 70;
const CAPTION_BAND = 180;
const PICTURE_BOTTOM = DEMO_PHOTO_HEIGHT - CAPTION_BAND;
/** Where the barn's wall meets the grass. */
const GROUND_Y = 1500;

/**
 * Each row's height (its heads' centre), size (1: the eldest's row, the nearest grown-ups) and width, front first:
 * each row behind on a step higher and a little further away, so smaller and narrower.
 */
const ROWS = [
  { headY: 3260, scale: 0.74, span: 5900 }, // the children: a child's head is smaller
  { headY: 2900, scale: 1, span: 5900 },
  { headY: 2548, scale: 0.95, span: 5700 },
  { headY: 2220, scale: 0.9, span: 5400 },
  { headY: 1904, scale: 0.86, span: 5200 },
  { headY: 1594, scale: 0.82, span: 5000 },
] as const;
/** A grown-up's head at scale 1: half its width and half its height, in pixels. */
const HEAD_RX = 96;
const HEAD_RY = 124;

const SKIN = ['#f1c9a5', '#e8b892', '#f3d0b5', '#dcae88', '#eac0a0', '#e2b48f'];
const HAIR = ['#d9b86c', '#c9a15a', '#e3c98a', '#9a7049', '#6b4a2e', '#3d2b1f', '#a5522d'];
const GREY_HAIR = ['#d4d2cc', '#e9e6df', '#aeaca6', '#8f8b84', '#c2bdb2'];
/** 1970s clothes: brown, mustard, avocado, orange, burgundy, navy, light blue, cream, charcoal, rose, teal. */
const CLOTHES = [
  '#8a5a2b',
  '#c79a2e',
  '#6d7f3a',
  '#c2602b',
  '#7b2d2d',
  '#2f3f5f',
  '#8fb0c9',
  '#e8dcc0',
  '#4a4a4a',
  '#b05e7a',
  '#5f8a8b',
];
/** Patterns in the SVG's defs (plaid shirts, striped T-shirts). */
const PATTERNS = ['plaid-red', 'plaid-green', 'plaid-blue', 'stripes-navy', 'stripes-orange'];

type HairStyle =
  'short' | 'side' | 'long70s' | 'balding' | 'bowl' | 'bob' | 'long' | 'perm' | 'bun' | 'pigtails';

/** How far a hair style reaches beyond the head: above its top and beside it, in head half-sizes. */
const HAIR_REACH: Record<HairStyle, { top: number; side: number }> = {
  short: { top: 1.14, side: 1.08 },
  side: { top: 1.16, side: 1.08 },
  long70s: { top: 1.16, side: 1.16 },
  balding: { top: 1.02, side: 1.1 },
  bowl: { top: 1.14, side: 1.1 },
  bob: { top: 1.18, side: 1.24 },
  long: { top: 1.16, side: 1.2 },
  perm: { top: 1.3, side: 1.32 },
  bun: { top: 1.36, side: 1.12 },
  pigtails: { top: 1.14, side: 1.3 },
};

interface Look {
  skin: string;
  hair: string;
  style: HairStyle;
  clothes: string;
  /** A pattern's id in place of the plain colour. */
  pattern?: string;
  outfit: 'suit' | 'shirt' | 'sweater' | 'dress' | 'blouse' | 'cardigan' | 'tshirt';
  tie: string;
  glasses: boolean;
  beard: 'none' | 'moustache' | 'full' | 'sideburns';
  smile: 'closed' | 'open';
}

function lookOf(kind: Kind, random: () => number): Look {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const chance = (p: number) => random() < p;
  const old = kind.startsWith('old');
  const male = kind === 'man' || kind === 'boy' || kind === 'old man';
  const child = kind === 'boy' || kind === 'girl';
  const style: HairStyle = (() => {
    switch (kind) {
      case 'man':
        return pick(['short', 'side', 'long70s', 'long70s', 'side']);
      case 'old man':
        return pick(['balding', 'side', 'short', 'balding']);
      case 'boy':
        return pick(['bowl', 'long70s', 'short']);
      case 'woman':
        return pick(['bob', 'long', 'perm', 'perm', 'long', 'bob']);
      case 'old woman':
        return pick(['bun', 'perm', 'perm', 'bob']);
      case 'girl':
        return pick(['pigtails', 'long', 'bob']);
    }
  })();
  const outfit: Look['outfit'] = male
    ? child
      ? pick(['tshirt', 'tshirt', 'shirt'])
      : pick(['suit', 'suit', 'shirt', 'sweater'])
    : child
      ? pick(['dress', 'tshirt'])
      : pick(['dress', 'blouse', 'cardigan']);
  const patterned = (outfit === 'shirt' && chance(0.6)) || (outfit === 'tshirt' && chance(0.5));
  return {
    skin: pick(SKIN),
    hair: old ? pick(GREY_HAIR) : pick(HAIR),
    style,
    clothes: pick(CLOTHES),
    ...(patterned && { pattern: outfit === 'tshirt' ? pick(PATTERNS.slice(3)) : pick(PATTERNS.slice(0, 3)) }),
    outfit,
    tie: pick(['#7b2d2d', '#2f3f5f', '#c79a2e', '#6d7f3a', '#8a5a2b']),
    glasses: chance(old ? 0.55 : child ? 0.08 : 0.3),
    beard:
      kind === 'man'
        ? pick(['none', 'none', 'moustache', 'sideburns', 'full'])
        : kind === 'old man'
          ? pick(['none', 'none', 'moustache'])
          : 'none',
    smile: chance(0.5) ? 'open' : 'closed',
  };
}

/** The hair behind the head (long hair, a bob's back, pigtails, a bun), in the head's own coordinates. */
function hairBehind(look: Look, rx: number, ry: number): string {
  const fill = `fill="${look.hair}"`;
  switch (look.style) {
    case 'bob':
      return `<path ${fill} d="M${n(-1.24 * rx)} ${n(0.55 * ry)} C${n(-1.3 * rx)} ${n(-0.6 * ry)} ${n(-0.9 * rx)} ${n(-1.18 * ry)} 0 ${n(-1.18 * ry)} C${n(0.9 * rx)} ${n(-1.18 * ry)} ${n(1.3 * rx)} ${n(-0.6 * ry)} ${n(1.24 * rx)} ${n(0.55 * ry)} Z"/>`;
    case 'long':
      return `<path ${fill} d="M${n(-1.2 * rx)} ${n(1.7 * ry)} C${n(-1.25 * rx)} ${n(0.2 * ry)} ${n(-1.3 * rx)} ${n(-1.16 * ry)} 0 ${n(-1.16 * ry)} C${n(1.3 * rx)} ${n(-1.16 * ry)} ${n(1.25 * rx)} ${n(0.2 * ry)} ${n(1.2 * rx)} ${n(1.7 * ry)} Z"/>`;
    case 'pigtails':
      return (
        `<ellipse ${fill} cx="${n(-1.12 * rx)}" cy="${n(0.35 * ry)}" rx="${n(0.2 * rx)}" ry="${n(0.45 * ry)}"/>` +
        `<ellipse ${fill} cx="${n(1.12 * rx)}" cy="${n(0.35 * ry)}" rx="${n(0.2 * rx)}" ry="${n(0.45 * ry)}"/>`
      );
    case 'bun':
      return `<circle ${fill} cx="0" cy="${n(-1.08 * ry)}" r="${n(0.3 * rx)}"/>`;
    case 'perm': {
      // Curls all round the top and the sides.
      const curls: string[] = [];
      for (let i = 0; i <= 12; i++) {
        const angle = Math.PI * (0.92 + (1.16 * i) / 12);
        curls.push(
          `<circle cx="${n(Math.cos(angle) * 1.05 * rx)}" cy="${n(Math.sin(angle) * 1.0 * ry - 0.05 * ry)}" r="${n(0.28 * rx)}"/>`,
        );
      }
      return `<g ${fill}>${curls.join('')}</g>`;
    }
    default:
      return '';
  }
}

/** The hair over the head: the part on the forehead and the crown. */
function hairOver(look: Look, rx: number, ry: number): string {
  const fill = `fill="${look.hair}"`;
  const cap = (bottom: number, fringe: string) =>
    `<path ${fill} d="M${n(-1.04 * rx)} ${n(bottom * ry)} C${n(-1.1 * rx)} ${n(-0.95 * ry)} ${n(-0.55 * rx)} ${n(-1.16 * ry)} 0 ${n(-1.14 * ry)} C${n(0.6 * rx)} ${n(-1.16 * ry)} ${n(1.1 * rx)} ${n(-0.95 * ry)} ${n(1.04 * rx)} ${n(bottom * ry)} ${fringe} Z"/>`;
  switch (look.style) {
    case 'short':
      return cap(
        -0.15,
        `L${n(0.9 * rx)} ${n(-0.2 * ry)} C${n(0.8 * rx)} ${n(-0.58 * ry)} ${n(0.3 * rx)} ${n(-0.66 * ry)} 0 ${n(-0.64 * ry)} C${n(-0.3 * rx)} ${n(-0.66 * ry)} ${n(-0.8 * rx)} ${n(-0.58 * ry)} ${n(-0.9 * rx)} ${n(-0.2 * ry)}`,
      );
    case 'side':
      return cap(
        -0.1,
        `L${n(0.92 * rx)} ${n(-0.2 * ry)} C${n(0.85 * rx)} ${n(-0.5 * ry)} ${n(0.2 * rx)} ${n(-0.45 * ry)} ${n(-0.35 * rx)} ${n(-0.72 * ry)} C${n(-0.6 * rx)} ${n(-0.5 * ry)} ${n(-0.85 * rx)} ${n(-0.4 * ry)} ${n(-0.92 * rx)} ${n(-0.15 * ry)}`,
      );
    case 'long70s':
      return cap(
        0.45,
        `L${n(0.86 * rx)} ${n(0.1 * ry)} C${n(0.9 * rx)} ${n(-0.3 * ry)} ${n(0.5 * rx)} ${n(-0.4 * ry)} 0 ${n(-0.42 * ry)} C${n(-0.5 * rx)} ${n(-0.4 * ry)} ${n(-0.9 * rx)} ${n(-0.3 * ry)} ${n(-0.86 * rx)} ${n(0.1 * ry)}`,
      );
    case 'bowl':
      return cap(-0.05, `L${n(0.95 * rx)} ${n(-0.3 * ry)} L${n(-0.95 * rx)} ${n(-0.3 * ry)}`);
    case 'balding':
      // Hair over the ears only, and a few strands on the crown.
      return (
        `<path ${fill} d="M${n(-1.02 * rx)} ${n(0.2 * ry)} C${n(-1.12 * rx)} ${n(-0.3 * ry)} ${n(-0.95 * rx)} ${n(-0.55 * ry)} ${n(-0.7 * rx)} ${n(-0.65 * ry)} C${n(-0.8 * rx)} ${n(-0.3 * ry)} ${n(-0.86 * rx)} 0 ${n(-0.84 * rx)} ${n(0.2 * ry)} Z"/>` +
        `<path ${fill} d="M${n(1.02 * rx)} ${n(0.2 * ry)} C${n(1.12 * rx)} ${n(-0.3 * ry)} ${n(0.95 * rx)} ${n(-0.55 * ry)} ${n(0.7 * rx)} ${n(-0.65 * ry)} C${n(0.8 * rx)} ${n(-0.3 * ry)} ${n(0.86 * rx)} 0 ${n(0.84 * rx)} ${n(0.2 * ry)} Z"/>` +
        `<path fill="none" stroke="${look.hair}" stroke-width="${n(0.04 * rx)}" d="M${n(-0.5 * rx)} ${n(-0.85 * ry)} Q0 ${n(-1.05 * ry)} ${n(0.5 * rx)} ${n(-0.85 * ry)} M${n(-0.45 * rx)} ${n(-0.75 * ry)} Q0 ${n(-0.95 * ry)} ${n(0.45 * rx)} ${n(-0.75 * ry)}"/>`
      );
    case 'bob':
    case 'long':
    case 'pigtails':
      // A middle parting.
      return cap(
        0.1,
        `L${n(0.88 * rx)} ${n(0.1 * ry)} C${n(0.8 * rx)} ${n(-0.4 * ry)} ${n(0.3 * rx)} ${n(-0.6 * ry)} 0 ${n(-0.78 * ry)} C${n(-0.3 * rx)} ${n(-0.6 * ry)} ${n(-0.8 * rx)} ${n(-0.4 * ry)} ${n(-0.88 * rx)} ${n(0.1 * ry)}`,
      );
    case 'perm':
    case 'bun':
      return cap(
        -0.1,
        `L${n(0.9 * rx)} ${n(-0.15 * ry)} C${n(0.8 * rx)} ${n(-0.55 * ry)} ${n(0.4 * rx)} ${n(-0.68 * ry)} 0 ${n(-0.66 * ry)} C${n(-0.4 * rx)} ${n(-0.68 * ry)} ${n(-0.8 * rx)} ${n(-0.55 * ry)} ${n(-0.9 * rx)} ${n(-0.15 * ry)}`,
      );
  }
}

/** The face: ears, head, eyes and brows, nose, mouth, and glasses or a beard. */
function head(look: Look, rx: number, ry: number, kind: Kind): string {
  const shade = '#9c6b4e';
  const dark = '#3a2a22';
  const parts: string[] = [
    `<ellipse fill="${look.skin}" stroke="${shade}" stroke-width="${n(0.02 * rx)}" cx="${n(-0.98 * rx)}" cy="${n(0.05 * ry)}" rx="${n(0.17 * rx)}" ry="${n(0.22 * ry)}"/>`,
    `<ellipse fill="${look.skin}" stroke="${shade}" stroke-width="${n(0.02 * rx)}" cx="${n(0.98 * rx)}" cy="${n(0.05 * ry)}" rx="${n(0.17 * rx)}" ry="${n(0.22 * ry)}"/>`,
    `<ellipse fill="${look.skin}" stroke="${shade}" stroke-width="${n(0.025 * rx)}" rx="${n(rx)}" ry="${n(ry)}"/>`,
  ];
  if (kind === 'girl' || kind === 'woman' || kind === 'boy')
    parts.push(
      `<g fill="#d9736a" fill-opacity="0.22"><circle cx="${n(-0.55 * rx)}" cy="${n(0.3 * ry)}" r="${n(0.2 * rx)}"/><circle cx="${n(0.55 * rx)}" cy="${n(0.3 * ry)}" r="${n(0.2 * rx)}"/></g>`,
    );
  if (kind.startsWith('old'))
    parts.push(
      `<path fill="none" stroke="${shade}" stroke-width="${n(0.025 * rx)}" stroke-opacity="0.6" d="M${n(-0.4 * rx)} ${n(-0.45 * ry)} Q0 ${n(-0.52 * ry)} ${n(0.4 * rx)} ${n(-0.45 * ry)} M${n(-0.35 * rx)} ${n(-0.36 * ry)} Q0 ${n(-0.42 * ry)} ${n(0.35 * rx)} ${n(-0.36 * ry)}"/>`,
    );
  for (const side of [-1, 1]) {
    const x = side * 0.36 * rx;
    parts.push(
      `<ellipse fill="#f7f2ea" cx="${n(x)}" cy="${n(-0.06 * ry)}" rx="${n(0.16 * rx)}" ry="${n(0.08 * ry)}"/>`,
      `<circle fill="${dark}" cx="${n(x)}" cy="${n(-0.06 * ry)}" r="${n(0.075 * rx)}"/>`,
      `<path fill="none" stroke="${look.style === 'balding' ? shade : look.hair}" stroke-width="${n(0.06 * rx)}" stroke-linecap="round" d="M${n(x - 0.18 * rx)} ${n(-0.2 * ry)} Q${n(x)} ${n(-0.3 * ry)} ${n(x + 0.18 * rx)} ${n(-0.22 * ry)}"/>`,
    );
  }
  parts.push(
    `<path fill="none" stroke="${shade}" stroke-width="${n(0.035 * rx)}" stroke-linecap="round" d="M${n(0.02 * rx)} ${n(0.02 * ry)} L${n(-0.1 * rx)} ${n(0.3 * ry)} Q0 ${n(0.36 * ry)} ${n(0.1 * rx)} ${n(0.31 * ry)}"/>`,
  );
  parts.push(
    look.smile === 'open'
      ? `<path fill="#fbf6ee" stroke="#8c3a32" stroke-width="${n(0.035 * rx)}" d="M${n(-0.32 * rx)} ${n(0.5 * ry)} Q0 ${n(0.78 * ry)} ${n(0.32 * rx)} ${n(0.5 * ry)} Q0 ${n(0.58 * ry)} ${n(-0.32 * rx)} ${n(0.5 * ry)} Z"/>`
      : `<path fill="none" stroke="#8c3a32" stroke-width="${n(0.045 * rx)}" stroke-linecap="round" d="M${n(-0.28 * rx)} ${n(0.52 * ry)} Q0 ${n(0.66 * ry)} ${n(0.28 * rx)} ${n(0.52 * ry)}"/>`,
  );
  if (look.beard === 'moustache' || look.beard === 'full')
    parts.push(
      `<path fill="${look.hair}" d="M${n(-0.34 * rx)} ${n(0.48 * ry)} Q0 ${n(0.3 * ry)} ${n(0.34 * rx)} ${n(0.48 * ry)} Q0 ${n(0.42 * ry)} ${n(-0.34 * rx)} ${n(0.48 * ry)} Z"/>`,
    );
  if (look.beard === 'full')
    parts.push(
      `<path fill="${look.hair}" d="M${n(-0.95 * rx)} ${n(0.1 * ry)} C${n(-0.9 * rx)} ${n(0.9 * ry)} ${n(-0.4 * rx)} ${n(1.12 * ry)} 0 ${n(1.12 * ry)} C${n(0.4 * rx)} ${n(1.12 * ry)} ${n(0.9 * rx)} ${n(0.9 * ry)} ${n(0.95 * rx)} ${n(0.1 * ry)} L${n(0.8 * rx)} ${n(0.3 * ry)} C${n(0.6 * rx)} ${n(0.75 * ry)} ${n(0.4 * rx)} ${n(0.8 * ry)} 0 ${n(0.8 * ry)} C${n(-0.4 * rx)} ${n(0.8 * ry)} ${n(-0.6 * rx)} ${n(0.75 * ry)} ${n(-0.8 * rx)} ${n(0.3 * ry)} Z"/>`,
    );
  if (look.beard === 'sideburns')
    parts.push(
      `<path fill="${look.hair}" d="M${n(-0.98 * rx)} ${n(-0.2 * ry)} L${n(-0.8 * rx)} ${n(-0.2 * ry)} L${n(-0.78 * rx)} ${n(0.4 * ry)} L${n(-0.92 * rx)} ${n(0.36 * ry)} Z M${n(0.98 * rx)} ${n(-0.2 * ry)} L${n(0.8 * rx)} ${n(-0.2 * ry)} L${n(0.78 * rx)} ${n(0.4 * ry)} L${n(0.92 * rx)} ${n(0.36 * ry)} Z"/>`,
    );
  if (look.glasses)
    parts.push(
      `<g fill="#e8eef0" fill-opacity="0.18" stroke="${dark}" stroke-width="${n(0.045 * rx)}">` +
        `<rect x="${n(-0.64 * rx)}" y="${n(-0.24 * ry)}" width="${n(0.54 * rx)}" height="${n(0.36 * ry)}" rx="${n(0.12 * rx)}"/>` +
        `<rect x="${n(0.1 * rx)}" y="${n(-0.24 * ry)}" width="${n(0.54 * rx)}" height="${n(0.36 * ry)}" rx="${n(0.12 * rx)}"/>` +
        `<path fill="none" d="M${n(-0.1 * rx)} ${n(-0.1 * ry)} Q0 ${n(-0.16 * ry)} ${n(0.1 * rx)} ${n(-0.1 * ry)} M${n(-0.64 * rx)} ${n(-0.1 * ry)} L${n(-0.95 * rx)} ${n(-0.05 * ry)} M${n(0.64 * rx)} ${n(-0.1 * ry)} L${n(0.95 * rx)} ${n(-0.05 * ry)}"/></g>`,
    );
  return parts.join('');
}

/** Neck, shoulders and clothes, in the head's coordinates (not turned with it), down to `bottom` (the picture's). */
function body(look: Look, rx: number, ry: number, kind: Kind, bottom: number): string {
  const male = kind === 'man' || kind === 'boy' || kind === 'old man';
  const half = (male ? 2.05 : 1.85) * rx * (kind === 'boy' || kind === 'girl' ? 0.92 : 1);
  const top = 1.12 * ry;
  const fill = look.pattern ? `url(#${look.pattern})` : look.clothes;
  const parts = [
    `<path fill="${look.skin}" stroke="#9c6b4e" stroke-width="${n(0.02 * rx)}" d="M${n(-0.34 * rx)} ${n(0.7 * ry)} L${n(-0.36 * rx)} ${n(top + 0.3 * ry)} L${n(0.36 * rx)} ${n(top + 0.3 * ry)} L${n(0.34 * rx)} ${n(0.7 * ry)} Z"/>`,
    `<path fill="${fill}" stroke="#2a2018" stroke-opacity="0.35" stroke-width="${n(0.03 * rx)}" d="M${n(-half)} ${n(top + 0.7 * ry)} Q${n(-half)} ${n(top)} ${n(-0.5 * half)} ${n(top - 0.05 * ry)} L${n(0.5 * half)} ${n(top - 0.05 * ry)} Q${n(half)} ${n(top)} ${n(half)} ${n(top + 0.7 * ry)} L${n(half * 1.06)} ${n(bottom)} L${n(-half * 1.06)} ${n(bottom)} Z"/>`,
  ];
  const v = (depth: number, color: string) =>
    `<path fill="${color}" d="M${n(-0.42 * rx)} ${n(top - 0.04 * ry)} L0 ${n(top + depth * ry)} L${n(0.42 * rx)} ${n(top - 0.04 * ry)} Z"/>`;
  switch (look.outfit) {
    case 'suit':
      parts.push(
        v(1.3, '#f4efe4'),
        `<path fill="${look.tie}" d="M${n(-0.08 * rx)} ${n(top)} L${n(0.08 * rx)} ${n(top)} L${n(0.13 * rx)} ${n(top + 1.1 * ry)} L0 ${n(top + 1.3 * ry)} L${n(-0.13 * rx)} ${n(top + 1.1 * ry)} Z"/>`,
        `<path fill="none" stroke="#1e1712" stroke-opacity="0.5" stroke-width="${n(0.04 * rx)}" d="M${n(-0.42 * rx)} ${n(top - 0.04 * ry)} L${n(-0.62 * rx)} ${n(top + 0.6 * ry)} L${n(-0.05 * rx)} ${n(top + 1.45 * ry)} M${n(0.42 * rx)} ${n(top - 0.04 * ry)} L${n(0.62 * rx)} ${n(top + 0.6 * ry)} L${n(0.05 * rx)} ${n(top + 1.45 * ry)}"/>`,
      );
      break;
    case 'shirt':
      parts.push(
        `<path fill="#f4efe4" d="M${n(-0.45 * rx)} ${n(top - 0.06 * ry)} L${n(-0.05 * rx)} ${n(top + 0.35 * ry)} L${n(-0.5 * rx)} ${n(top + 0.3 * ry)} Z M${n(0.45 * rx)} ${n(top - 0.06 * ry)} L${n(0.05 * rx)} ${n(top + 0.35 * ry)} L${n(0.5 * rx)} ${n(top + 0.3 * ry)} Z"/>`,
      );
      break;
    case 'sweater':
    case 'tshirt':
      parts.push(
        `<path fill="none" stroke="#2a2018" stroke-opacity="0.35" stroke-width="${n(0.07 * rx)}" d="M${n(-0.44 * rx)} ${n(top - 0.02 * ry)} Q0 ${n(top + 0.3 * ry)} ${n(0.44 * rx)} ${n(top - 0.02 * ry)}"/>`,
      );
      break;
    case 'dress':
      parts.push(
        `<path fill="#f7f1e6" d="M${n(-0.7 * rx)} ${n(top - 0.02 * ry)} Q${n(-0.35 * rx)} ${n(top + 0.45 * ry)} 0 ${n(top + 0.28 * ry)} Q${n(0.35 * rx)} ${n(top + 0.45 * ry)} ${n(0.7 * rx)} ${n(top - 0.02 * ry)} Q0 ${n(top + 0.08 * ry)} ${n(-0.7 * rx)} ${n(top - 0.02 * ry)} Z"/>`,
      );
      break;
    case 'blouse':
      parts.push(
        v(0.45, look.skin),
        `<g fill="#f2ece0">${[-2, -1, 0, 1, 2]
          .map(
            (i) =>
              `<circle cx="${n(i * 0.12 * rx)}" cy="${n(top + (0.42 - Math.abs(i) * 0.1) * ry)}" r="${n(0.05 * rx)}"/>`,
          )
          .join('')}</g>`,
      );
      break;
    case 'cardigan':
      parts.push(
        v(0.35, look.skin),
        `<path fill="#efe6d4" fill-opacity="0.55" d="M${n(-0.25 * rx)} ${n(top + 0.3 * ry)} L${n(0.25 * rx)} ${n(top + 0.3 * ry)} L${n(0.3 * rx)} ${n(bottom)} L${n(-0.3 * rx)} ${n(bottom)} Z"/>`,
      );
      break;
  }
  return parts.join('');
}

/** The patterns the clothes use: plaid shirts and striped T-shirts. */
function patternDefs(): string {
  const plaid = (id: string, base: string, line: string) =>
    `<pattern id="${id}" patternUnits="userSpaceOnUse" width="48" height="48">` +
    `<rect width="48" height="48" fill="${base}"/>` +
    `<rect y="8" width="48" height="12" fill="${line}" fill-opacity="0.55"/><rect x="8" width="12" height="48" fill="${line}" fill-opacity="0.55"/>` +
    `<rect y="34" width="48" height="3" fill="#f1e9d8" fill-opacity="0.5"/><rect x="34" width="3" height="48" fill="#f1e9d8" fill-opacity="0.5"/></pattern>`;
  const stripes = (id: string, base: string, line: string) =>
    `<pattern id="${id}" patternUnits="userSpaceOnUse" width="40" height="40">` +
    `<rect width="40" height="40" fill="${base}"/><rect y="0" width="40" height="16" fill="${line}"/></pattern>`;
  return (
    plaid('plaid-red', '#a33a2c', '#3b1e18') +
    plaid('plaid-green', '#5b6e35', '#27321a') +
    plaid('plaid-blue', '#3f5a7a', '#1f2c3d') +
    stripes('stripes-navy', '#eee6d4', '#2f3f5f') +
    stripes('stripes-orange', '#e9d9b8', '#c2602b')
  );
}

/** Sky, clouds, trees, the red barn with a welcome banner, a silo, and the grass the family stands on. */
function backdrop(random: () => number): string {
  const clouds = Array.from({ length: 7 }, (_, i) => {
    const x = 300 + i * 900 + random() * 300;
    const y = 160 + random() * 260;
    const puffs = Array.from(
      { length: 5 },
      (_, j) =>
        `<ellipse cx="${n(x + j * 90 - 180)}" cy="${n(y + (j % 2) * -40)}" rx="${n(150 + random() * 80)}" ry="${n(60 + random() * 30)}"/>`,
    );
    return `<g fill="#fbf7ee" opacity="0.75">${puffs.join('')}</g>`;
  });
  const trees = (from: number, to: number) =>
    Array.from({ length: 16 }, () => {
      const x = from + random() * (to - from);
      const y = GROUND_Y - 250 - random() * 450;
      const r = 170 + random() * 140;
      return `<circle cx="${n(x)}" cy="${n(y)}" r="${n(r)}" fill="${random() < 0.5 ? '#4b5e2e' : '#5d7038'}"/>`;
    }).join('');
  const boards = Array.from({ length: 64 }, (_, i) => {
    const x = 1340 + i * 60;
    return `M${x} 800 L${x} ${GROUND_Y}`;
  }).join(' ');
  const crossed = (x: number, y: number, width: number, height: number) =>
    `<rect x="${x}" y="${y}" width="${width}" height="${height}" fill="#7c2c21" stroke="#efe7d6" stroke-width="22"/>` +
    `<path stroke="#efe7d6" stroke-width="18" d="M${x} ${y} L${x + width} ${y + height} M${x + width} ${y} L${x} ${y + height}"/>`;
  return [
    `<linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#9fbfd0"/><stop offset="1" stop-color="#e4e0c8"/></linearGradient>`,
    `<linearGradient id="grass" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#94a05a"/><stop offset="1" stop-color="#66733a"/></linearGradient>`,
    `<rect width="${DEMO_PHOTO_WIDTH}" height="${GROUND_Y + 40}" fill="url(#sky)"/>`,
    ...clouds,
    trees(0, 1300),
    trees(5650, DEMO_PHOTO_WIDTH),
    // The silo, behind the barn's right end.
    `<rect x="5150" y="420" width="400" height="${GROUND_Y - 420}" fill="#b9b1a0"/>`,
    `<path d="M5150 420 Q5350 230 5550 420 Z" fill="#8d8579"/>`,
    `<path stroke="#8d8579" stroke-width="8" d="M5150 620 L5550 620 M5150 840 L5550 840 M5150 1060 L5550 1060 M5150 1280 L5550 1280"/>`,
    // The barn: walls, boards, gambrel roof, hayloft and big doors.
    `<rect x="1300" y="800" width="3840" height="${GROUND_Y - 800}" fill="#9e3b2c"/>`,
    `<path stroke="#6e2519" stroke-width="6" stroke-opacity="0.6" d="${boards}"/>`,
    `<path d="M1180 830 L1560 470 L3220 250 L4880 470 L5260 830 Z" fill="#5a4a42"/>`,
    `<path d="M1180 830 L1560 470 L3220 250 L4880 470 L5260 830" fill="none" stroke="#efe7d6" stroke-width="20"/>`,
    crossed(3020, 520, 400, 260),
    crossed(2620, 1040, 600, GROUND_Y - 1040),
    crossed(3220, 1040, 600, GROUND_Y - 1040),
    `<rect x="1650" y="960" width="260" height="200" fill="#2e2a26" stroke="#efe7d6" stroke-width="18"/>`,
    `<rect x="4530" y="960" width="260" height="200" fill="#2e2a26" stroke="#efe7d6" stroke-width="18"/>`,
    // The welcome banner the family hung on the barn.
    `<path d="M1980 860 Q3220 900 4460 860 L4460 990 Q3220 1030 1980 990 Z" fill="#eee3c6" stroke="#8a6d43" stroke-width="8"/>`,
    `<text x="3220" y="958" font-size="76" font-weight="bold" fill="#7b2d2d" text-anchor="middle" letter-spacing="6">VELKOMMEN HJEM · WELCOME HOME · 1976</text>`,
    `<rect y="${GROUND_Y}" width="${DEMO_PHOTO_WIDTH}" height="${DEMO_PHOTO_HEIGHT - GROUND_Y}" fill="url(#grass)"/>`,
    `<path stroke="#5a6630" stroke-width="5" stroke-opacity="0.5" d="${Array.from({ length: 180 }, () => {
      const x = random() * DEMO_PHOTO_WIDTH;
      const y = GROUND_Y + 40 + random() * (PICTURE_BOTTOM - GROUND_Y);
      return `M${n(x)} ${n(y)} l${n(random() * 16 - 8)} -34`;
    }).join(' ')}"/>`,
  ].join('');
}

/** The picture as SVG, and the faces it draws (number, box as fractions of the picture, row). */
export function demoGroupPhotoSvg(): { svg: string; faces: Face[] } {
  const random = seededRandom(1976);
  const people: string[] = [];
  const faces: Face[] = [];
  let number = 0;
  const placed = PEOPLE.map((row, r) => {
    const { headY, scale, span } = ROWS[r]!;
    const step = span / row.length;
    return row.map(([kind]) => {
      const i = ++number;
      const column = i - 1 - PEOPLE.slice(0, r).reduce((sum, earlier) => sum + earlier.length, 0);
      const look = lookOf(kind, random);
      const rx = HEAD_RX * (0.94 + random() * 0.12) * (kind === 'old woman' || kind === 'woman' ? 0.95 : 1);
      const ry = HEAD_RY * (0.95 + random() * 0.1);
      const x = DEMO_PHOTO_WIDTH / 2 - span / 2 + step * (column + 0.5) + (random() - 0.5) * 0.14 * step;
      // Standing grown-ups differ in height; the children and the eldest sit.
      const y = headY + (random() - 0.5) * (r >= 2 ? 36 : 16) * scale;
      const tilt = (random() - 0.5) * 7;
      return { number: i, row: r + 1, kind, look, rx, ry, x, y, scale, tilt };
    });
  });

  // Back rows first, so that each row stands in front of the one behind it.
  for (const row of [...placed].reverse()) {
    for (const p of row) {
      people.push(
        `<g transform="translate(${n(p.x)} ${n(p.y)}) scale(${p.scale})">${body(p.look, p.rx, p.ry, p.kind, (PICTURE_BOTTOM - p.y) / p.scale + 10)}` +
          `<g transform="rotate(${n(p.tilt)})">${hairBehind(p.look, p.rx, p.ry)}${head(p.look, p.rx, p.ry, p.kind)}${hairOver(p.look, p.rx, p.ry)}</g></g>`,
      );
    }
  }
  for (const p of placed.flat()) {
    const reach = HAIR_REACH[p.look.style];
    const margin = 0.14 * p.rx * p.scale;
    const left = p.x - Math.max(reach.side, 1.15) * p.rx * p.scale - margin;
    const right = p.x + Math.max(reach.side, 1.15) * p.rx * p.scale + margin;
    const top = p.y - reach.top * p.ry * p.scale - margin;
    const bottom = p.y + (p.look.beard === 'full' ? 1.12 : 1) * p.ry * p.scale + margin;
    const fraction = (value: number, of: number) => Math.round((value / of) * 10000) / 10000;
    const box: FaceBox = {
      x: fraction(left, DEMO_PHOTO_WIDTH),
      y: fraction(top, DEMO_PHOTO_HEIGHT),
      width: fraction(right - left, DEMO_PHOTO_WIDTH),
      height: fraction(bottom - top, DEMO_PHOTO_HEIGHT),
    };
    faces.push({ number: p.number, box, row: p.row });
  }

  const [w, h] = [DEMO_PHOTO_WIDTH, DEMO_PHOTO_HEIGHT];
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" font-family="DejaVu Sans, sans-serif">` +
    `<defs>${patternDefs()}<clipPath id="picture"><rect x="${BORDER}" y="${BORDER}" width="${w - 2 * BORDER}" height="${PICTURE_BOTTOM - BORDER}"/></clipPath>` +
    `<radialGradient id="vignette" cx="0.5" cy="0.5" r="0.75"><stop offset="0.55" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#2a1a08" stop-opacity="0.45"/></radialGradient></defs>` +
    `<rect width="${w}" height="${h}" fill="#f3ecdc"/>` +
    `<g clip-path="url(#picture)">${backdrop(random)}${people.join('')}` +
    `<rect width="${w}" height="${h}" fill="url(#vignette)"/></g>` +
    // Written on the print's border, as a family would write under a photograph.
    `<text x="${BORDER + 20}" y="${PICTURE_BOTTOM + 110}" font-family="DejaVu Serif, serif" font-style="italic" font-size="72" fill="#4a3520">Family reunion, Rolette, North Dakota — July 1976</text>` +
    `<text x="${w - BORDER - 20}" y="${PICTURE_BOTTOM + 110}" font-size="54" fill="#7a4e00" text-anchor="end">${DEMO_NOTICE} (a drawing)</text>` +
    `</svg>`;
  return { svg, faces };
}

/** A warm, faded print: most of the way to sepia, blacks lifted, the warm channels kept. */
const SEPIA = 0.6;
export const FADED = {
  recomb: [
    [0.393, 0.769, 0.189],
    [0.349, 0.686, 0.168],
    [0.272, 0.534, 0.131],
  ].map((row, i) => row.map((value, j) => SEPIA * value + (i === j ? 1 - SEPIA : 0))) as [
    [number, number, number],
    [number, number, number],
    [number, number, number],
  ],
  multiply: [0.86, 0.84, 0.78],
  add: [28, 22, 14],
};

/** The drawn picture: the JPEG, its size and the faces in it (no names: those are the key's). */
export interface DemoGroupPhoto {
  jpeg: Buffer;
  width: number;
  height: number;
  faces: Face[];
}

/** Draws the picture (a few seconds: see demoGroupPhotoWithTiles for the cached one). */
export async function drawDemoGroupPhoto(): Promise<DemoGroupPhoto> {
  const { svg, faces } = demoGroupPhotoSvg();
  const jpeg = await sharp(Buffer.from(svg), { limitInputPixels: false })
    .recomb(FADED.recomb)
    .linear(FADED.multiply, FADED.add)
    // A 1976 print is a little soft.
    .blur(1.1)
    .jpeg({ quality: 84, mozjpeg: true })
    .toBuffer();
  return { jpeg, width: DEMO_PHOTO_WIDTH, height: DEMO_PHOTO_HEIGHT, faces };
}
