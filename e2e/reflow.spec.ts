/**
 * Readable at any zoom and width (WCAG 1.4.4 Resize Text, 1.4.10 Reflow): on a phone 320 CSS px wide, and at 200 %
 * zoom in a 1280 x 800 window (640 x 400 CSS px at two device pixels each), no page scrolls sideways, no text is
 * cut off at the window's edge or by a box that hides its overflow, and no two texts overlap. In both languages:
 * every page a visitor opens, the login page with its sign-in form, the members area, the photos page, the
 * larger photo view and the search with results, each with what a visitor opens on it (the menu, the sections' navigation).
 */
import type { CDPSession, Page } from '@playwright/test';
import { createAccount, type TestAccount } from './support/organiser';
import { VISITOR_PAGES } from './support/pages';
import { seedSharedPhotos } from './support/photo-files';
import { settled } from './support/page-state.ts';
import { openSignedIn } from './support/session.ts';
import { expect, test } from './support/test.ts';

const SIZES = [
  { name: '320 px wide', viewport: { width: 320, height: 640 }, deviceScaleFactor: 1 },
  { name: '200 % zoom in a 1280 px window', viewport: { width: 640, height: 400 }, deviceScaleFactor: 2 },
] as const;

interface Problem {
  what: string;
  text: string;
}

/**
 * What does not reflow on the page as it is shown: sideways scrolling, a text beyond the window's edge or cut off by
 * a box that hides its overflow, two texts on top of each other. Only what is rendered and meant to be seen counts
 * (not a text kept hidden for a screen reader, nor one kept in the room of another: src/components/reunion-tense).
 */
function reflowProblems(page: Page): Promise<Problem[]> {
  return page.evaluate(() => {
    const problems: { what: string; text: string }[] = [];
    const root = document.documentElement;
    if (root.scrollWidth > root.clientWidth + 1)
      problems.push({
        what: `the page scrolls sideways (${root.scrollWidth} > ${root.clientWidth} px)`,
        text: '',
      });
    const width = root.clientWidth;
    const seen = (element: Element) => {
      for (let node: Element | null = element; node; node = node.parentElement) {
        const style = getComputedStyle(node);
        if (style.display === 'none' || style.visibility === 'hidden' || Number(style.opacity) === 0)
          return false;
        if (node.classList.contains('visually-hidden') || node.getAttribute('aria-hidden') === 'true')
          return false;
      }
      return true;
    };
    // Every text node's box on the screen, with the element that holds it. A text under something drawn over it (the
    // page behind an open dialog) is not on the screen: what is at its middle is not it.
    const onTop = (element: Element, rect: DOMRect) => {
      const x = (rect.left + rect.right) / 2;
      const y = (rect.top + rect.bottom) / 2;
      if (x < 0 || y < 0 || x > width || y > root.clientHeight) return true; // scrolled away, not covered
      const top = document.elementFromPoint(x, y);
      return !!top && (top === element || element.contains(top) || top.contains(element));
    };
    const boxes: { element: Element; rect: DOMRect; text: string }[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim();
      const element = node.parentElement;
      if (!text || !element || !seen(element)) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const rect of range.getClientRects()) {
        if (rect.width < 1 || rect.height < 1 || !onTop(element, rect)) continue;
        boxes.push({ element, rect, text: text.slice(0, 60) });
        if (rect.left < -1 || rect.right > width + 1)
          problems.push({
            what: `beyond the window's edge (${Math.round(rect.left)}-${Math.round(rect.right)} of ${width} px)`,
            text,
          });
        // Cut off by an ancestor that hides what overflows it (in the direction it hides it: a box that scrolls
        // up and down cuts nothing off there).
        for (let box = element.parentElement; box && box !== document.body; box = box.parentElement) {
          const style = getComputedStyle(box);
          const hidesX = /hidden|clip/.test(style.overflowX);
          const hidesY = /hidden|clip/.test(style.overflowY);
          if (!hidesX && !hidesY) continue;
          const clip = box.getBoundingClientRect();
          if (
            (hidesX && (rect.left < clip.left - 1 || rect.right > clip.right + 1)) ||
            (hidesY && (rect.top < clip.top - 1 || rect.bottom > clip.bottom + 1))
          )
            problems.push({
              what: `cut off by ${box.tagName.toLowerCase()}.${[...box.classList].join('.')}`,
              text,
            });
        }
      }
    }
    // Two texts of different elements on top of each other (a text's own lines never are).
    for (let i = 0; i < boxes.length; i++)
      for (let j = i + 1; j < boxes.length; j++) {
        const a = boxes[i]!;
        const b = boxes[j]!;
        if (a.element === b.element) continue;
        const overlapX = Math.min(a.rect.right, b.rect.right) - Math.max(a.rect.left, b.rect.left);
        const overlapY = Math.min(a.rect.bottom, b.rect.bottom) - Math.max(a.rect.top, b.rect.top);
        if (overlapX > 2 && overlapY > 2) problems.push({ what: `overlaps “${b.text}”`, text: a.text });
      }
    return problems;
  });
}

/**
 * Checks the page as shown now, then with its menus opened (the header's on a small screen, the sections'), unless
 * a dialog covers them.
 */
async function expectReflows(page: Page, state: string, { menus = true } = {}): Promise<void> {
  await settled(page);
  expect(await reflowProblems(page), state).toEqual([]);
  if (!menus) return;
  for (const [toggle, opened] of [
    ['.navbar-toggler', 'the menu opened'],
    ['.section-nav-toggle', 'the sections’ navigation opened'],
  ] as const) {
    const button = page.locator(toggle).first();
    if (!(await button.isVisible())) continue;
    await button.click();
    await settled(page);
    expect(await reflowProblems(page), `${state}, ${opened}`).toEqual([]);
    await button.click();
    await settled(page);
  }
}

const sessions = new WeakMap<Page, CDPSession>();

/**
 * Shows the page at a size without reloading it: its window (in CSS px) and the device pixels per CSS px (the zoom),
 * as a browser context of that size and scale would (Chromium's device metrics, which Playwright's viewport sets too).
 */
async function showAt(page: Page, size: (typeof SIZES)[number]): Promise<void> {
  // The session stays open: the browser drops a session's overrides when it closes.
  let session = sessions.get(page);
  if (!session) sessions.set(page, (session = await page.context().newCDPSession(page)));
  await session.send('Emulation.setDeviceMetricsOverride', {
    ...size.viewport,
    screenWidth: size.viewport.width,
    screenHeight: size.viewport.height,
    deviceScaleFactor: size.deviceScaleFactor,
    mobile: false,
  });
  expect(
    await page.evaluate(() => [window.innerWidth, window.innerHeight, window.devicePixelRatio]),
    size.name,
  ).toEqual([size.viewport.width, size.viewport.height, size.deviceScaleFactor]);
}

/** Checks the page as shown now at each size (see expectReflows), the page shown at the last size afterwards. */
async function expectReflowsAtEachSize(
  page: Page,
  state: string,
  options?: { menus?: boolean },
): Promise<void> {
  for (const size of SIZES) {
    await showAt(page, size);
    await expectReflows(page, `${state} at ${size.name}`, options);
  }
}

const [FIRST_SIZE] = SIZES;

test('reflow at each size: every page a visitor opens, in both languages, with the sign-in form', async ({
  page,
}) => {
  test.setTimeout(180_000);
  // VISITOR_PAGES has both login pages.
  for (const path of VISITOR_PAGES) {
    await showAt(page, FIRST_SIZE);
    await page.goto(path);
    if (path.endsWith('/login')) await expect(page.locator('.firebaseui-container')).toBeVisible();
    await expectReflowsAtEachSize(page, path);
  }
});

test('reflow at each size: the members area, the photos page, the larger photo view and the search, in both languages', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const member: TestAccount = await createAccount({ label: 'reflow' });
  try {
    await seedSharedPhotos(member.uid, [
      {
        caption: 'Bestemor og alle oldebarna hennes ved kirken i Rolette, søndag morgen',
        uploaderName: 'Kari',
      },
    ]);
    await showAt(page, FIRST_SIZE);
    await openSignedIn(page, member, '/members');
    // Signed in once: the browser keeps the session for the other language's pages.
    for (const prefix of ['', '/nb']) {
      await showAt(page, FIRST_SIZE);
      if (prefix) await page.goto(`${prefix}/members`);
      await expect(page).toHaveURL(new RegExp(`${prefix}/members$`));
      await expectReflowsAtEachSize(page, `${prefix}/members`);
      await page.goto(`${prefix}/members#images`);
      await expectReflowsAtEachSize(page, `${prefix}/members#images`);
      await showAt(page, FIRST_SIZE);
      await page.goto(`${prefix}/members/photos`);
      await expect(page.locator('.photos-gallery .photo-tile').first()).toBeVisible();
      await expectReflowsAtEachSize(page, `${prefix}/members/photos`);
      await page.locator('.photos-gallery .photo-tile').first().click();
      await expect(page.getByRole('dialog').getByRole('img')).toBeVisible();
      await expectReflowsAtEachSize(page, `${prefix}/members/photos, the larger view`, { menus: false });
      // The search, with results of every kind: documents, a photo's caption and the news.
      await showAt(page, FIRST_SIZE);
      await page.goto(`${prefix}/members/search`);
      await page.getByRole('searchbox').fill('Rolette');
      await expect(page.locator('.search-photo').first()).toBeVisible();
      await expect(page.locator('.search-file').first()).toBeVisible();
      await expectReflowsAtEachSize(page, `${prefix}/members/search, results for “Rolette”`);
    }
  } finally {
    await member.remove();
  }
});
