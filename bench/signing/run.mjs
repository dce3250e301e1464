#!/usr/bin/env node
/* global document, window -- page.evaluate callbacks run in the browser */
// Budgets of the standalone signing app (issue 8), measured on the built dist:
//   (a) gzipped JavaScript loaded for the first render of the signing page
//       (up to the captcha step) ≤ 150 KB, PDF.js and its worker loaded later;
//   (b) first render of the captcha step ≤ 1 s, headless Chromium, 4× CPU throttling;
//   (c) no serious or critical axe-core violations on the captcha and signing steps,
//       and no horizontal scrolling on a 390×844 phone viewport.
//
//   npm run build            (or the signing project's build)
//   node bench/signing/run.mjs [--runs 5] [--json] [--verbose] [--profile]
//
// Serves frontends/signing/dist itself, with a stub of the few signer API calls
// the page makes (captcha, verifyToken, a generated PDF), so the figures depend
// on the bundle and the browser only. Exits 1 when a budget is exceeded.
import AxeBuilder from '@axe-core/playwright';
import { chromium } from '@playwright/test';
import { createReadStream, existsSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { PDFDocument, StandardFonts } from 'pdf-lib';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const DIST = path.join(ROOT, 'frontends/signing/dist');
const BUDGET = { firstRenderJsGzipBytes: 150 * 1024, captchaFirstRenderMs: 1000 };
const PHONE = { width: 390, height: 844 };
const args = process.argv.slice(2);
const RUNS = Number(args[args.indexOf('--runs') + 1]) || 5;
const AS_JSON = args.includes('--json');

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
};

async function agreementPdf() {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (let n = 1; n <= 3; n += 1) {
    const page = pdf.addPage([612, 792]);
    page.drawText(`Structural Engineering Agreement — page ${n}`, {
      x: 60,
      y: 720,
      size: 16,
      font,
    });
    for (let line = 0; line < 40; line += 1) {
      page.drawText('The Engineer provides the services described in this agreement.', {
        x: 60,
        y: 680 - line * 15,
        size: 10,
        font,
      });
    }
  }
  return Buffer.from(await pdf.save());
}

function listen(server) {
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve(server.address().port)),
  );
}

/** The signing app's static files plus a stub of its API on one origin. */
async function startServer() {
  const pdf = await agreementPdf();
  let origin = '';
  const json = (res, status, body) => {
    res.writeHead(status, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url, 'http://x');
    if (url.pathname === '/runtime-config.json') {
      const remote = `${origin}/mf-manifest.json`;
      return json(res, 200, {
        apiUrl: origin,
        remotes: { contracts: remote, sowCo: remote, invoices: remote, signing: remote },
        captcha: { adapter: 'local' },
      });
    }
    if (url.pathname === '/api/captcha/config') {
      return json(res, 200, { adapter: 'local', challenge: 'bench-challenge' });
    }
    if (url.pathname === '/api/captcha/verify') {
      return json(res, 200, {
        pass: 'bench-pass',
        expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
      });
    }
    if (url.pathname === '/api/verifyToken') {
      return json(res, 200, {
        valid: true,
        linkState: 'open',
        status: 'viewed',
        agreementTitle: 'Structural Engineering Agreement',
        docLink: `${origin}/bench/agreement.pdf`,
        signedDocLink: null,
        verifyId: null,
        metrics: { isSignatureSaved: false, isSigned: false, signature: null, initials: null },
        client: { full_name: 'Jane Doe', hsDealId: null },
      });
    }
    if (url.pathname === '/bench/agreement.pdf') {
      res.writeHead(200, { 'Content-Type': 'application/pdf', 'Content-Length': pdf.length });
      return res.end(pdf);
    }
    if (url.pathname.startsWith('/socket.io') || url.pathname.startsWith('/api/')) {
      return json(res, 404, {
        statusCode: 404,
        message: 'Not in the bench stub',
        error: 'Not Found',
      });
    }
    let file = path.join(DIST, path.normalize(url.pathname));
    const info = await stat(file).catch(() => null);
    if (!info?.isFile()) file = path.join(DIST, 'index.html');
    res.writeHead(200, {
      'Content-Type': TYPES[path.extname(file)] ?? 'application/octet-stream',
      'Cache-Control': 'no-store',
    });
    createReadStream(file).pipe(res);
  });
  const port = await listen(server);
  origin = `http://127.0.0.1:${port}`;
  return { server, origin };
}

const SIGNING_PATH =
  '/bench-token?docLink=' + encodeURIComponent('https://docs.example/d/doc-1/edit');

/** Records when the captcha step is first painted (its prompt) and when its checkbox is usable. */
const MARK_CAPTCHA = `
  (() => {
    const marks = (window.__captcha = {});
    const check = () => {
      if (!marks.prompt && document.querySelector('.ps-captcha__prompt')) marks.prompt = performance.now();
      if (!marks.checkbox && document.querySelector('.ps-captcha input[type=checkbox]')) marks.checkbox = performance.now();
      if (marks.prompt && marks.checkbox) observer.disconnect();
    };
    const observer = new MutationObserver(check);
    observer.observe(document, { childList: true, subtree: true });
  })();
`;

async function measureRun(browser, origin) {
  const context = await browser.newContext({
    viewport: PHONE,
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
  });
  const page = await context.newPage();
  await page.addInitScript(MARK_CAPTCHA);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
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
  const profiling = args.includes('--profile');
  if (profiling) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
  }
  await page.goto(origin + SIGNING_PATH, { waitUntil: 'commit' });
  await page.waitForFunction(() => window.__captcha?.prompt && window.__captcha?.checkbox, null, {
    timeout: 30_000,
  });
  const marks = await page.evaluate(() => window.__captcha);
  if (profiling) {
    const { profile } = await cdp.send('Profiler.stop');
    const byNode = new Map(profile.nodes.map((node) => [node.id, node]));
    const selfMs = new Map();
    const deltas = profile.timeDeltas;
    profile.samples.forEach((id, index) => {
      const frame = byNode.get(id).callFrame;
      const key = `${frame.functionName || '(anon)'} ${path.basename(frame.url || '') || '(native)'}`;
      selfMs.set(key, (selfMs.get(key) ?? 0) + (deltas[index] ?? 0) / 1000);
    });
    const top = [...selfMs.entries()].sort((a, b) => b[1] - a[1]).slice(0, 15);
    console.log(
      '  cpu self time (ms):',
      top.map(([key, ms]) => `${key}=${ms.toFixed(0)}`).join(', '),
    );
  }
  if (args.includes('--verbose')) {
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
    );
  }
  await page.waitForLoadState('networkidle');
  for (const script of scripts) script.phase = 'first-render';
  return { context, page, cdp, marks, scripts };
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

const isPdfJs = (url) => /pdf\.worker|pdfjs/i.test(url);

async function axeSerious(page) {
  const result = await new AxeBuilder({ page }).analyze();
  return result.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.nodes.map((node) => node.html.slice(0, 120)).join(' | ')}`,
    );
}

async function noHorizontalScroll(page) {
  return page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
}

async function main() {
  if (!existsSync(path.join(DIST, 'index.html'))) {
    console.error('frontends/signing/dist is missing: run `npm run build` first.');
    process.exit(2);
  }
  const { server, origin } = await startServer();
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  });
  try {
    const runs = [];
    let last;
    for (let run = 0; run < RUNS; run += 1) {
      const measured = await measureRun(browser, origin);
      runs.push(measured);
      if (run < RUNS - 1) await measured.context.close();
      else last = measured;
    }
    const first = last.scripts.filter((script) => script.phase === 'first-render');
    const firstGzip = first.reduce((sum, script) => sum + script.gzip, 0);
    const pdfJsInFirst = first.filter(
      (script) => isPdfJs(script.url) || /GlobalWorkerOptions/.test(script.url),
    );
    const promptMs = median(runs.map((run) => run.marks.prompt));
    const checkboxMs = median(runs.map((run) => run.marks.checkbox));

    // The captcha step: accessibility and layout.
    const { page, cdp } = last;
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    const captchaAxe = await axeSerious(page);
    const captchaFits = await noHorizontalScroll(page);

    // Pass the captcha: the signing step, with the agreement rendered by PDF.js.
    const before = last.scripts.length;
    await page.getByRole('checkbox', { name: "I'm not a robot" }).click();
    await page.getByRole('button', { name: 'Sign & Add Initials' }).waitFor();
    await page.locator('.sg-pdf-page canvas, canvas').first().waitFor({ timeout: 30_000 });
    await page.waitForLoadState('networkidle');
    const later = last.scripts.slice(before);
    const laterPdfJs = later.filter((script) => isPdfJs(script.url) || script.bytes > 300_000);
    const signingAxe = await axeSerious(page);
    const signingFits = await noHorizontalScroll(page);
    await last.context.close();

    const figures = {
      firstRenderJs: {
        files: first.length,
        gzipBytes: firstGzip,
        gzipKB: +(firstGzip / 1024).toFixed(1),
        rawKB: +(first.reduce((sum, script) => sum + script.bytes, 0) / 1024).toFixed(1),
        budgetKB: BUDGET.firstRenderJsGzipBytes / 1024,
        pdfJsInFirstRender: pdfJsInFirst.map((script) => script.url),
      },
      loadedAfterCaptcha: later.map((script) => ({
        file: path.basename(new URL(script.url).pathname),
        gzipKB: +(script.gzip / 1024).toFixed(1),
      })),
      pdfJsLoadedLater: laterPdfJs.length > 0,
      captchaFirstRenderMs: {
        runs: RUNS,
        cpuThrottling: 4,
        promptMedian: Math.round(promptMs),
        checkboxMedian: Math.round(checkboxMs),
        best: Math.round(Math.min(...runs.map((run) => run.marks.prompt))),
        all: runs.map((run) => Math.round(run.marks.prompt)),
        // Other processes slow every run down; the load says how much to trust the figures.
        loadAverage: os.loadavg().map((value) => +value.toFixed(1)),
        cpus: os.cpus().length,
        budgetMs: BUDGET.captchaFirstRenderMs,
      },
      axe: { captchaStep: captchaAxe, signingStep: signingAxe },
      phone390x844NoHorizontalScroll: { captchaStep: captchaFits, signingStep: signingFits },
    };
    const failures = [];
    if (firstGzip > BUDGET.firstRenderJsGzipBytes)
      failures.push('first-render JavaScript over 150 KB gzipped');
    if (pdfJsInFirst.length) failures.push('PDF.js is part of the first render');
    // First render = the captcha step painted (its prompt); the checkbox follows once the api answers.
    if (promptMs > BUDGET.captchaFirstRenderMs) failures.push('captcha step slower than 1 s');
    if (captchaAxe.length || signingAxe.length) failures.push('serious/critical axe violations');
    if (!captchaFits || !signingFits) failures.push('horizontal scrolling on a 390 px wide phone');

    if (AS_JSON) console.log(JSON.stringify({ figures, failures }, null, 2));
    else {
      console.log('Signing app budgets (bench/signing/run.mjs)');
      console.log(
        `  first-render JS: ${figures.firstRenderJs.gzipKB} KB gzipped in ${first.length} files (${figures.firstRenderJs.rawKB} KB raw), budget 150 KB`,
      );
      for (const script of first)
        console.log(
          `    first: ${path.basename(new URL(script.url).pathname)} ${(script.gzip / 1024).toFixed(1)} KB gz`,
        );
      console.log(
        `  PDF.js in first render: ${pdfJsInFirst.length ? 'YES' : 'no'}; loaded after the captcha: ${figures.pdfJsLoadedLater ? 'yes' : 'no'}`,
      );
      for (const item of figures.loadedAfterCaptcha)
        console.log(`    later: ${item.file} ${item.gzipKB} KB gz`);
      console.log(
        `  captcha step first render (4x CPU throttling, median of ${RUNS}): prompt ${figures.captchaFirstRenderMs.promptMedian} ms, checkbox ${figures.captchaFirstRenderMs.checkboxMedian} ms (runs: ${figures.captchaFirstRenderMs.all.join(', ')} ms; best ${figures.captchaFirstRenderMs.best} ms), budget 1000 ms`,
      );
      console.log(
        `  machine load while measuring: ${figures.captchaFirstRenderMs.loadAverage.join(' ')} (1/5/15 min) on ${figures.captchaFirstRenderMs.cpus} CPUs`,
      );
      console.log(
        `  axe serious/critical: captcha step ${captchaAxe.length ? captchaAxe.join('; ') : 'none'}; signing step ${signingAxe.length ? signingAxe.join('; ') : 'none'}`,
      );
      console.log(
        `  390x844 without horizontal scroll: captcha ${captchaFits}, signing ${signingFits}`,
      );
      console.log(failures.length ? `FAIL: ${failures.join('; ')}` : 'All budgets hold.');
    }
    process.exitCode = failures.length ? 1 : 0;
  } finally {
    await browser.close();
    server.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
