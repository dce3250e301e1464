/* global window -- page.evaluate callbacks run in the browser */
// One measured load of a page of the signing bench on a throttled phone: the
// captcha step's paints, its largest contentful paint, its layout shifts, the
// scripts and bytes it loaded.
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/** Lighthouse's Slow 4G: 150 ms round trip, 1.6 Mbps down, 750 kbps up (bytes per second below). */
export const SLOW_4G = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
};
export const CPU_THROTTLING = 4;
export const PHONE = { width: 390, height: 844 };
export const PROFILE =
  'Slow 4G (150 ms RTT, 1.6 Mbps down, 750 kbps up), 4x CPU throttling, 390x844';

/**
 * Records when the captcha step is first painted (its prompt), when its checkbox is there,
 * when the app has taken the step over (the HTML's prerendered step, `#root[data-prerendered]`,
 * replaced by the app's; at once on a page without one), the largest-contentful-paint
 * candidates the browser reports (the last one before any input is the page's LCP) and its
 * layout shifts (CLS, shifts after input left out as the metric does).
 */
const MARK_CAPTCHA = `
  (() => {
    const marks = (window.__captcha = {});
    const check = () => {
      const now = performance.now();
      const checkbox = document.querySelector('.ps-captcha input[type=checkbox]');
      if (!marks.prompt && document.querySelector('.ps-captcha__prompt')) marks.prompt = now;
      if (!marks.checkbox && checkbox) marks.checkbox = now;
      if (marks.prompt && checkbox && !document.querySelector('#root[data-prerendered]')) marks.app = now;
      if (marks.app) observer.disconnect();
    };
    const observer = new MutationObserver(check);
    observer.observe(document, { childList: true, subtree: true, attributes: true, attributeFilter: ['data-prerendered'] });
    window.__lcp = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        const element = entry.element;
        window.__lcp.push({
          ms: entry.startTime,
          size: entry.size,
          element: element ? element.tagName.toLowerCase() + (element.className ? '.' + String(element.className).split(' ')[0] : '') : entry.url || '?',
        });
      }
    }).observe({ type: 'largest-contentful-paint', buffered: true });
    window.__cls = { value: 0, shifts: [] };
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        if (entry.hadRecentInput) continue;
        window.__cls.value += entry.value;
        window.__cls.shifts.push({
          ms: Math.round(entry.startTime),
          value: entry.value,
          nodes: (entry.sources || []).map((source) => source.node ? source.node.nodeName + '.' + (source.node.className || '') : '?'),
        });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  })();
`;

/** Bytes on the wire per request (CDP encodedDataLength: headers and compressed body). */
function trackTransfers(cdp) {
  const requests = new Map();
  cdp.on('Network.responseReceived', ({ requestId, type, response }) => {
    requests.set(requestId, { url: response.url, type, bytes: 0, done: false });
  });
  cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => {
    const request = requests.get(requestId);
    if (request) Object.assign(request, { bytes: encodedDataLength, done: true });
  });
  return {
    /** Totals by kind of what has finished loading so far. */
    snapshot() {
      const byKind = {};
      let total = 0;
      for (const { type, bytes, done } of requests.values()) {
        if (!done) continue;
        const kind = type === 'XHR' || type === 'Fetch' ? 'api' : type.toLowerCase();
        byKind[kind] = (byKind[kind] ?? 0) + bytes;
        total += bytes;
      }
      return { total, byKind, requests: [...requests.values()].filter((r) => r.done).length };
    },
  };
}

async function cpuProfileTop(cdp) {
  const { profile } = await cdp.send('Profiler.stop');
  const byNode = new Map(profile.nodes.map((node) => [node.id, node]));
  const selfMs = new Map();
  const deltas = profile.timeDeltas;
  profile.samples.forEach((id, index) => {
    const frame = byNode.get(id).callFrame;
    const key = `${frame.functionName || '(anon)'} ${path.basename(frame.url || '') || '(native)'}`;
    selfMs.set(key, (selfMs.get(key) ?? 0) + (deltas[index] ?? 0) / 1000);
  });
  return [...selfMs.entries()].sort((a, b) => b[1] - a[1]).slice(0, 15);
}

async function printTimeline(page, marks, lcpEntries, cls) {
  const timeline = await page.evaluate(() => [
    ['html', 0, Math.round(performance.getEntriesByType('navigation')[0].responseEnd)],
    [
      'domContentLoaded',
      0,
      Math.round(performance.getEntriesByType('navigation')[0].domContentLoadedEventEnd),
    ],
    ...performance
      .getEntriesByType('resource')
      .map((entry) => [
        entry.name.split('/').pop(),
        Math.round(entry.startTime),
        Math.round(entry.responseEnd),
      ]),
  ]);
  console.log(
    '  timeline (name, start ms, end ms):',
    JSON.stringify(timeline),
    'marks',
    JSON.stringify(marks),
    'lcp',
    JSON.stringify(lcpEntries),
    'layout shifts',
    JSON.stringify(cls.shifts),
  );
}

/**
 * Opens `url` in a fresh phone context under Slow 4G and 4x CPU, waits for the captcha step and
 * for the app to have taken it over, and returns what was measured with the open page (the
 * caller closes `context`).
 */
export async function measureRun(browser, url, { verbose = false, profile = false } = {}) {
  const context = await browser.newContext({
    viewport: PHONE,
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
  });
  const page = await context.newPage();
  await page.addInitScript(MARK_CAPTCHA);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_THROTTLING });
  const transfers = trackTransfers(cdp);
  const scripts = [];
  page.on('response', async (response) => {
    const type = response.request().resourceType();
    if (type !== 'script' && !/\.m?js(\?|$)/.test(response.url())) return;
    const body = await response.body().catch(() => Buffer.alloc(0));
    scripts.push({
      url: response.url(),
      bytes: body.length,
      gzip: gzipSync(body, { level: 9 }).length,
      phase: 'pending',
    });
  });
  if (profile) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
  }
  await page.goto(url, { waitUntil: 'commit' });
  await page.waitForFunction(() => window.__captcha?.app, null, { timeout: 30_000 });
  // The step is complete and the app's: the LCP candidates and layout shifts reported up to now
  // (with a frame or two to report the last paint) are the captcha step's.
  await page.waitForTimeout(500);
  const marks = await page.evaluate(() => window.__captcha);
  const lcpEntries = await page.evaluate(() => window.__lcp);
  const cls = await page.evaluate(() => window.__cls);
  const lcp = lcpEntries.at(-1) ?? { ms: NaN, element: 'none', size: 0 };
  if (profile) {
    const top = await cpuProfileTop(cdp);
    console.log(
      '  cpu self time (ms):',
      top.map(([key, ms]) => `${key}=${ms.toFixed(0)}`).join(', '),
    );
  }
  if (verbose) await printTimeline(page, marks, lcpEntries, cls);
  await page.waitForLoadState('networkidle');
  for (const script of scripts) script.phase = 'first-render';
  return {
    context,
    page,
    cdp,
    marks,
    lcp,
    cls: cls.value,
    scripts,
    transfers,
    beforeCaptcha: transfers.snapshot(),
  };
}

export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}
