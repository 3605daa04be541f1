// @vitest-environment jsdom
import { captureEarlyClicks, replayEarlyClicks, stopKeepingEarlyClicks } from './early-clicks';

function page() {
  document.body.innerHTML =
    '<header><button id="menu"><span>Menu</span></button><a id="home" href="#home">Home</a>' +
    '<button id="off" disabled>Off</button></header>';
  const clicks: string[] = [];
  for (const id of ['menu', 'home', 'off'])
    document.getElementById(id)!.addEventListener('click', () => clicks.push(id));
  return clicks;
}

describe('captureEarlyClicks', () => {
  it('clicks each button clicked before the app started again, as often and in the same order', () => {
    const clicks = page();
    const early = captureEarlyClicks(document);
    document.querySelector('#menu span')!.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    document.getElementById('menu')!.click();
    document.getElementById('home')!.click(); // a link: the browser follows it, nothing to replay
    document.getElementById('off')!.click(); // a disabled button gets no click at all
    clicks.length = 0;
    early.replay();
    expect(clicks).toEqual(['menu', 'menu']);
  });

  it('keeps nothing after the replay, and skips a button that is gone', () => {
    const clicks = page();
    const early = captureEarlyClicks(document);
    document.getElementById('menu')!.click();
    document.getElementById('menu')!.remove();
    clicks.length = 0;
    early.replay();
    expect(clicks).toEqual([]);
    // After the replay the app handles clicks itself: none is kept, none made twice.
    const later = page();
    document.getElementById('menu')!.click();
    early.replay();
    expect(later).toEqual(['menu']);
  });

  it('keeps no click made after stop (React replays those itself), and still replays the ones before', () => {
    const clicks = page();
    const early = captureEarlyClicks(document);
    document.getElementById('menu')!.click();
    early.stop();
    document.getElementById('menu')!.click();
    clicks.length = 0;
    early.replay();
    expect(clicks).toEqual(['menu']);
  });

  it('stops at stopKeepingEarlyClicks and replays the kept clicks once through replayEarlyClicks, as the app does', () => {
    const clicks = page();
    captureEarlyClicks(document);
    document.getElementById('menu')!.click();
    stopKeepingEarlyClicks(); // hydrateRoot
    document.getElementById('menu')!.click();
    clicks.length = 0;
    replayEarlyClicks(); // the page's content has hydrated
    replayEarlyClicks();
    expect(clicks).toEqual(['menu']);
  });
});
