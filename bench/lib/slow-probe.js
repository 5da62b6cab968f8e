// @ts-check
// `npm run bench:slow`: what runs inside each page (Playwright's addInitScript, before the page's
// own scripts). It records, on the page's clock (performance.now(), 0 = the navigation's start):
// the paint entries, the last long task, the last click, and for each watched element when it
// was first in the page with a layout box, painted (the frame after) and hydrated. Browser code:
// no imports, no closures over module state (Playwright serialises the function).

/**
 * @typedef {{ name: string, selector: string, hydrates: boolean }} Watch
 * @typedef {{ present?: number, painted?: number, hydrated?: number, url?: string }} WatchMarks
 * @typedef {{ fcp?: number, lcp?: number, lcpElement?: string, lastLongTaskEnd?: number, longTaskMs: number, click?: number,
 *   watches: Record<string, WatchMarks> }} Marks
 */

/**
 * Installed in every document of the context; `window.__slowBench` holds the marks.
 * @param {Watch[]} watches
 */
export function installProbe(watches) {
  /** @type {Marks} */
  const marks = { longTaskMs: 0, watches: {} };
  Object.defineProperty(window, '__slowBench', { value: marks });
  /** @param {string} type @param {(entry: any) => void} onEntry */
  const observe = (type, onEntry) => {
    try {
      new PerformanceObserver((list) => list.getEntries().forEach(onEntry)).observe({ type, buffered: true });
    } catch {
      // an entry type this browser does not have: that figure stays empty
    }
  };
  observe('paint', (entry) => {
    if (entry.name === 'first-contentful-paint') marks.fcp = entry.startTime;
  });
  observe('largest-contentful-paint', (entry) => {
    marks.lcp = entry.startTime;
    // What the largest paint was (an image's file or an element's tag and class), for the report.
    marks.lcpElement = entry.url ? new URL(entry.url).pathname : `${entry.element?.tagName.toLowerCase() ?? '?'}${entry.element?.className ? `.${String(entry.element.className).split(' ')[0]}` : ''}`;
  });
  observe('longtask', (entry) => {
    marks.lastLongTaskEnd = Math.max(marks.lastLongTaskEnd ?? 0, entry.startTime + entry.duration);
    marks.longTaskMs += entry.duration;
  });
  // The event's own time stamp: when the browser received the click, before any handler ran.
  addEventListener('click', (event) => (marks.click = event.timeStamp), true);

  /**
   * React's own bookkeeping (React 19, unchanged since 18): the element's props are attached when
   * hydration claims it, and the root's state says whether the document is still dehydrated. Both
   * are needed: the props are set during a render that may yield before it commits.
   * @param {Element} element
   */
  const hydrated = (element) => {
    const props = Object.keys(element).find((key) => key.startsWith('__reactProps$'));
    if (!props) return false;
    const container = Object.keys(document).find((key) => key.startsWith('__reactContainer$'));
    // A page rendered by the client after a navigation: React made the element, so it is live.
    if (!container) return true;
    const state = /** @type {any} */ (document)[container]?.stateNode?.current?.memoizedState;
    return state?.isDehydrated !== true;
  };
  /** @param {Element} element */
  const laidOut = (element) => element.getClientRects().length > 0 && getComputedStyle(element).visibility !== 'hidden';

  const started = performance.now();
  /** @param {number} frame */
  const check = (frame) => {
    let pending = false;
    for (const { name, selector, hydrates } of watches) {
      const mark = (marks.watches[name] ??= {});
      const element = document.querySelector(selector);
      if (mark.present === undefined && element && laidOut(element)) {
        mark.present = frame;
        mark.url = location.pathname;
        // The frame this rAF precedes paints the element; the next frame's start is after that paint.
        requestAnimationFrame(() => (mark.painted = performance.now()));
      }
      if (hydrates && mark.hydrated === undefined && element && hydrated(element)) mark.hydrated = performance.now();
      if (mark.painted === undefined || (hydrates && mark.hydrated === undefined)) pending = true;
    }
    // A minute is far beyond any target; stop polling then so an idle page costs nothing.
    if (pending && performance.now() - started < 60_000) requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
}
