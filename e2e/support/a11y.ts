/** Accessibility checks: axe over what the page shows, and text contrast computed from the pixels behind it. */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Locator, Page } from '@playwright/test';
import type { AxeResults, RunOptions } from 'axe-core';
import { PNG } from 'pngjs';
import { settled } from './page-state.ts';
import { expect } from './test.ts';

/** Relative luminance (WCAG 2) of an sRGB colour, 0-255 channels. */
function luminance([r, g, b]: number[]): number {
  const [R, G, B] = [r!, g!, b!].map((channel) => {
    const c = channel / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * R! + 0.7152 * G! + 0.0722 * B!;
}

/** WCAG 2 contrast ratio of two sRGB colours. */
export function contrastRatio(a: number[], b: number[]): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
}

interface Contrast {
  ratio: number;
  large: boolean;
  color: string;
}

/**
 * The contrast of an element's text with what is really behind it, computed by the test (where axe cannot see
 * the background: a picture, a gradient, a label laid over a field): the element's content box is photographed
 * with every text of the page (and text shadows) made transparent, and its text colour (blended by its alpha) is compared with every pixel of that picture. The
 * lowest ratio: the text's worst spot. Also returns the text's size, for the large-text threshold.
 */
async function photographedContrast(element: Locator): Promise<Contrast> {
  // Through the CSSOM, which the site's Content-Security-Policy allows (a <style> element it would block).
  const style = await element.evaluate((node) => {
    const computed = getComputedStyle(node);
    const found = {
      color: computed.color,
      size: parseFloat(computed.fontSize),
      weight: Number(computed.fontWeight),
    };
    // Every text of the page, not only the element's: a label laid over it is not its background either.
    for (const each of document.querySelectorAll<HTMLElement>('body, body *')) {
      each.dataset.contrastProbe = each.style.cssText;
      each.style.setProperty('color', 'transparent', 'important');
      each.style.setProperty('text-shadow', 'none', 'important');
      each.style.setProperty('text-decoration-color', 'transparent', 'important');
      each.style.setProperty('caret-color', 'transparent', 'important');
    }
    return found;
  });
  let shot: Buffer;
  try {
    // Where the text is: its lines' boxes (a field's: its content box, as wide as its value), not the
    // element's borders (a field's underline) nor what lies beside the text (a button's icon).
    await element.scrollIntoViewIfNeeded();
    const clip = await element.evaluate((node) => {
      const css = getComputedStyle(node);
      const px = (value: string) => parseFloat(value) || 0;
      if (node instanceof HTMLInputElement || node instanceof HTMLTextAreaElement) {
        const box = node.getBoundingClientRect();
        const left = px(css.borderLeftWidth) + px(css.paddingLeft);
        const top = px(css.borderTopWidth) + px(css.paddingTop);
        const context = document.createElement('canvas').getContext('2d')!;
        context.font = css.font;
        const text = node.type === 'password' ? '•'.repeat(node.value.length) : node.value;
        return {
          x: box.left + left,
          y: box.top + top,
          width: Math.max(
            1,
            Math.min(context.measureText(text).width, box.width - left - px(css.paddingRight)),
          ),
          height: box.height - top - px(css.borderBottomWidth) - px(css.paddingBottom),
        };
      }
      const range = document.createRange();
      range.selectNodeContents(node);
      const lines = [...range.getClientRects()].filter((rect) => rect.width > 0 && rect.height > 0);
      const x = Math.min(...lines.map((rect) => rect.left));
      const y = Math.min(...lines.map((rect) => rect.top));
      return {
        x,
        y,
        width: Math.max(...lines.map((rect) => rect.right)) - x,
        height: Math.max(...lines.map((rect) => rect.bottom)) - y,
      };
    });
    shot = await element.page().screenshot({ clip, animations: 'disabled', caret: 'hide' });
  } finally {
    await element.evaluate(() => {
      for (const each of document.querySelectorAll<HTMLElement>('[data-contrast-probe]')) {
        each.style.cssText = each.dataset.contrastProbe ?? '';
        delete each.dataset.contrastProbe;
      }
      // Putting the colours back starts each element's colour transition from transparent (a button's 0.15 s):
      // ended here, so that the page is as it was and the next element's colour is read whole, not half faded in.
      for (const animation of document.getAnimations())
        if (animation instanceof CSSTransition) animation.finish();
    });
  }
  const [r, g, b, a = 1] = (style.color.match(/[\d.]+/g) ?? []).map(Number) as number[];
  const png = PNG.sync.read(shot);
  let ratio = Infinity;
  for (let i = 0; i < png.data.length; i += 4) {
    const behind = [png.data[i]!, png.data[i + 1]!, png.data[i + 2]!];
    const text = [r!, g!, b!].map((channel, k) => channel * a + behind[k]! * (1 - a));
    ratio = Math.min(ratio, contrastRatio(text, behind));
  }
  // WCAG's large text: 18pt (24px), or 14pt (18.66px) bold.
  const large = style.size >= 24 || (style.size >= 18.66 && style.weight >= 700);
  return { ratio, large, color: style.color };
}

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

const AXE_OPTIONS: RunOptions = {
  runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] },
  // Violations and incomplete results with every node; passes and inapplicable rules (unread here) with one.
  resultTypes: ['violations', 'incomplete'],
  // The site's only frame is the map's, Google's page (offline here, the browser's error page): the <iframe>
  // itself is checked in the page (its title), what is inside it is not the site's.
  iframes: false,
};

/**
 * axe-core run in the page, put into each document once (a page checked in several states and sizes keeps it).
 * Not @axe-core/playwright: its analyze() sends axe's 0.5 MB again on every call and opens a blank page for each
 * result, several times the cost of the run itself.
 */
async function runAxe(page: Page): Promise<AxeResults> {
  const loaded = await page.evaluate(() => 'axe' in window);
  if (!loaded) await page.evaluate(AXE_SOURCE);
  return page.evaluate(async (options) => {
    // A layout change that brings an element under the mouse (a dialog opening where an earlier click left it)
    // gets :hover from Chromium only after a frame, and its colour transition starts then, after settled() saw a
    // page at rest: axe read a button's colours half-way (2.27:1). Two frames waited, and the transitions that
    // began ended, as the visitor sees them 0.15 s later.
    for (let frame = 0; frame < 2; frame += 1) await new Promise((resolve) => requestAnimationFrame(resolve));
    for (const animation of document.getAnimations())
      if (animation instanceof CSSTransition) animation.finish();
    return (window as unknown as { axe: typeof import('axe-core') }).axe.run(document, options);
  }, AXE_OPTIONS);
}

/** photographedContrast's results in this worker, by everything that decides the pixels it reads (lookOf). */
const CONTRAST_BY_LOOK = new Map<string, Contrast>();

/**
 * What decides the pixels of an element's text and of what is behind it: the text (a field's value and
 * placeholder too), its place and style, the window, and the boxes it lies in: their opacity, filter and blending,
 * and the backgrounds they paint (a picture's box by where it is; a plain colour's position does not matter).
 */
function lookOf(element: Locator): Promise<string> {
  return element.evaluate((node) => {
    const box = node.getBoundingClientRect();
    const css = getComputedStyle(node);
    const boxes: string[] = [];
    for (let each: Element | null = node; each; each = each.parentElement) {
      const style = getComputedStyle(each);
      boxes.push(`${style.opacity} ${style.filter} ${style.mixBlendMode}`);
      if (style.backgroundImage === 'none' && style.backgroundColor === 'rgba(0, 0, 0, 0)') continue;
      const rect = style.backgroundImage === 'none' ? undefined : each.getBoundingClientRect();
      boxes.push(
        `${style.backgroundColor} ${style.backgroundImage} ${style.backgroundSize} ${style.backgroundPosition} ` +
          `${rect ? `${rect.x},${rect.y},${rect.width},${rect.height}` : ''}`,
      );
    }
    const field = node instanceof HTMLInputElement || node instanceof HTMLTextAreaElement ? node : undefined;
    return JSON.stringify([
      node.textContent,
      field ? [field.type, field.value, field.placeholder] : null,
      [box.x, box.y, box.width, box.height],
      [css.color, css.font, css.textShadow],
      [innerWidth, innerHeight, devicePixelRatio, scrollX, scrollY],
      boxes,
    ]);
  });
}

/**
 * The contrast of an element's text with what is really behind it (see photographedContrast), photographed once
 * per look in this worker: the banner's texts, over its picture, look the same on every page at one size.
 */
export async function textContrast(element: Locator): Promise<Contrast> {
  const look = await lookOf(element);
  let measured = CONTRAST_BY_LOOK.get(look);
  if (!measured) CONTRAST_BY_LOOK.set(look, (measured = await photographedContrast(element)));
  return measured;
}

/** Expects an element's text legible: at least 4.5:1 against what is behind it (3:1 for large text). */
export async function expectLegible(element: Locator, what: string): Promise<void> {
  const { ratio, large, color } = await textContrast(element);
  expect(ratio, `${what}: contrast of ${color} with what is behind it`).toBeGreaterThanOrEqual(
    large ? 3 : 4.5,
  );
}

/**
 * Runs axe (WCAG 2.2 AA and best practice) over what the page shows and expects no violation. Where axe cannot
 * judge a text's colour contrast (its "incomplete" results: a background picture, a gradient, a label laid over
 * a field), it is not taken as a pass: the test computes that text's contrast itself, from the pixels behind it
 * (textContrast), and fails below 4.5:1 (3:1 for large text) or when it cannot find the element.
 */
export async function expectNoViolations(page: Page, state: string, { network = true } = {}) {
  // Let transitions and collapses finish: axe judges what is shown.
  await settled(page, { network });
  const results = await runAxe(page);
  const summary = results.violations.map(
    (violation) =>
      `${state}: ${violation.id} (${violation.impact}): ${violation.nodes.map((node) => `${node.target.join(' ')} [${node.failureSummary?.replace(/\s+/g, ' ')}]`).join(', ')}`,
  );
  const unjudged: string[] = [];
  for (const node of results.incomplete
    .filter((result) => result.id === 'color-contrast')
    .flatMap((result) => result.nodes)) {
    const why = (node.any[0]?.message ?? '').replace(/\s+/g, ' ');
    const [selector, ...inFrame] = node.target;
    const element = page.locator(String(selector));
    if (inFrame.length || (await element.count()) !== 1) {
      unjudged.push(
        `${state}: color-contrast not judged by axe, not found to judge: ${node.target.join(' ')} [${why}]`,
      );
      continue;
    }
    // Behind an open modal dialog (its backdrop over it) the page is not to be read until the dialog closes.
    const behindModal = await element.evaluate((node) => {
      const dialog = document.querySelector('[role="dialog"][aria-modal="true"], dialog[open]');
      return dialog !== null && !dialog.contains(node);
    });
    if (behindModal) continue;
    const { ratio, large, color } = await textContrast(element);
    if (ratio < (large ? 3 : 4.5))
      unjudged.push(
        `${state}: color-contrast ${ratio.toFixed(2)}:1 (computed; axe: ${why}) of ${color} at ${String(selector)}`,
      );
  }
  expect([...summary, ...unjudged]).toEqual([]);
}

/** The two sizes every state is checked at: a phone's and a desktop's. */
export const SIZES = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 900 },
] as const;
export const [PHONE, DESKTOP] = SIZES;

/**
 * Runs `check` at each of SIZES on the page as it stands, resized rather than loaded again: at the size it has
 * first (so a walk from state to state resizes once per state), then at the other.
 */
export async function atEachSize(page: Page, check: (size: string) => Promise<void>): Promise<void> {
  const first = page.viewportSize()?.width === DESKTOP.width ? DESKTOP : PHONE;
  for (const size of first === DESKTOP ? [DESKTOP, PHONE] : [PHONE, DESKTOP]) {
    const now = page.viewportSize();
    if (now?.width !== size.width || now.height !== size.height)
      await page.setViewportSize({ width: size.width, height: size.height });
    await check(size.name);
  }
}

/** expectNoViolations at each of SIZES (atEachSize), the state named with the size. */
export async function expectNoViolationsAtEachSize(page: Page, state: string): Promise<void> {
  await atEachSize(page, (size) => expectNoViolations(page, `${state} (${size})`));
}

/** The texts on the dark banner legible: the language switch (named `switchName`), the site's title and subtitle. */
export async function expectBannerLegible(page: Page, switchName: string, where: string): Promise<void> {
  await expectLegible(page.getByRole('link', { name: switchName }), `${where}: the language switch`);
  await expectLegible(page.locator('.site-title'), `${where}: the site's title on the banner`);
  await expectLegible(page.locator('.site-subtitle'), `${where}: the subtitle on the banner`);
}

/** The page at `size`, with reduced motion (nothing in flight when axe looks). */
export async function atStart(page: Page, size: { width: number; height: number }): Promise<void> {
  await page.setViewportSize({ width: size.width, height: size.height });
  await page.emulateMedia({ reducedMotion: 'reduce' });
}

/**
 * Loads each page once and checks it at each size: axe, and where `bannerMeasured` holds, the banner's texts
 * legible (the language switch named `switchName`).
 */
export async function walkPages(
  page: Page,
  switchName: string,
  paths: readonly string[],
  bannerMeasured: (path: string) => boolean,
): Promise<void> {
  for (const path of paths) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await atEachSize(page, async (size) => {
      await expectNoViolations(page, `${path} (${size})`);
      if (bannerMeasured(path)) await expectBannerLegible(page, switchName, `${path} (${size})`);
    });
  }
}
