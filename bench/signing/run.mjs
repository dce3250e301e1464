#!/usr/bin/env node
/* global document, window -- page.evaluate callbacks run in the browser */
// Budgets of the standalone signing app that signers open from their link,
// measured on the built dist served by the real
// frontend server (scripts/serve-frontend.mjs, with the build's brotli/gzip
// copies of scripts/precompress.mjs, as `npm start` serves them), on a 390×844
// phone on Slow 4G (150 ms RTT, 1.6 Mbps down, 750 kbps up, CDP
// Network.emulateNetworkConditions) with 4× CPU throttling, for each family's
// link (customer, SOW, change order):
//   (a) the captcha step's largest contentful paint (median of 5) at most 1.3×
//       the floor's: a static page holding only the prompt and the checkbox,
//       served by the same server in the same run and measured the same way
//       (bench/signing/servers.mjs); the runs take turns (floor, customer,
//       SOW, CO, five times over), so a load that comes and goes on the
//       machine weighs on all of them alike; absolute figures printed too;
//   (b) no layout shift on the captcha step (CLS 0) while the app takes over
//       the step the page's HTML painted;
//   (c) gzipped JavaScript loaded before the captcha passes ≤ 100 KB, PDF.js
//       and its worker loaded later; the bytes transferred are printed;
//   (d) no serious or critical axe-core violations on the captcha and signing
//       steps, and no horizontal scrolling on the 390×844 phone.
//
//   npm run build            (or the signing project's build)
//   node bench/signing/run.mjs [--runs 5] [--json] [--verbose] [--profile] [--dist DIR]
//
// --dist measures another build of the signing app (e.g. a base commit's, built in
// another worktree). Exits 1 over budget.
import AxeBuilder from '@axe-core/playwright';
import { chromium } from '@playwright/test';
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { measureRun, median, PROFILE } from './measure.mjs';
import { FLOOR_PATH, startServers } from './servers.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const args = process.argv.slice(2);
const option = (name) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const DIST = path.resolve(option('--dist') ?? path.join(ROOT, 'frontends/signing/dist'));
const RUNS = Number(option('--runs')) || 5;
const AS_JSON = args.includes('--json');
const MEASURE = { verbose: args.includes('--verbose'), profile: args.includes('--profile') };
const BUDGET = { firstRenderJsGzipBytes: 100 * 1024, lcpToFloor: 1.3, cls: 0 };

/** Each family's link, as signers get it in their mail. */
const LINKS = {
  customer: '/bench-token?docLink=' + encodeURIComponent('https://docs.example/d/doc-1/edit'),
  sow: '/sow-signature/SOW-BENCH-1',
  co: '/co-signature/CO-BENCH-1',
};

const isPdfJs = (url) => /pdf\.worker|pdfjs/i.test(url);
const kb = (bytes) => +(bytes / 1024).toFixed(1);
const gzipOf = (scripts) => scripts.reduce((sum, script) => sum + script.gzip, 0);

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

/** The floor and every family's link, RUNS times each, taking turns. */
async function measureCaptchaSteps(browser, origin) {
  const pages = { floor: FLOOR_PATH, ...LINKS };
  const samples = Object.fromEntries(Object.keys(pages).map((name) => [name, []]));
  for (let run = 0; run < RUNS; run += 1) {
    for (const [name, pathname] of Object.entries(pages)) {
      const measured = await measureRun(browser, origin + pathname, MEASURE);
      await measured.context.close();
      samples[name].push(measured);
    }
  }
  const summary = (runs) => ({
    lcpMedianMs: Math.round(median(runs.map((run) => run.lcp.ms))),
    lcpAllMs: runs.map((run) => Math.round(run.lcp.ms)),
    lcpElement: runs.at(-1).lcp.element,
    promptMedianMs: Math.round(median(runs.map((run) => run.marks.prompt))),
    checkboxMedianMs: Math.round(median(runs.map((run) => run.marks.checkbox))),
    appMedianMs: Math.round(median(runs.map((run) => run.marks.app))),
    clsMax: Math.max(...runs.map((run) => run.cls)),
    clsAll: runs.map((run) => +run.cls.toFixed(4)),
  });
  const floor = summary(samples.floor);
  const links = {};
  for (const [family, pathname] of Object.entries(LINKS)) {
    const runs = samples[family];
    const last = runs.at(-1);
    const link = summary(runs);
    links[family] = {
      path: pathname,
      ...link,
      lcpToFloor: +(link.lcpMedianMs / floor.lcpMedianMs).toFixed(2),
      jsGzipBytes: gzipOf(last.scripts),
      jsGzipKB: kb(gzipOf(last.scripts)),
      files: last.scripts.length,
      transferredKB: kb(last.beforeCaptcha.total),
    };
  }
  return { floor, links };
}

/**
 * A customer link once more, then unthrottled: axe and the phone's width on the captcha step,
 * the captcha passed, the signing step with the agreement rendered by PDF.js, axe and the width
 * again; which scripts loaded before the captcha passed and which after.
 */
async function walkCustomerLink(browser, origin) {
  const walk = await measureRun(browser, origin + LINKS.customer, MEASURE);
  const { page, cdp } = walk;
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });
  const captchaAxe = await axeSerious(page);
  const captchaFits = await noHorizontalScroll(page);
  const first = walk.scripts.filter((script) => script.phase === 'first-render');
  const before = walk.scripts.length;
  await page.getByRole('checkbox', { name: "I'm not a robot" }).click();
  await page.getByRole('button', { name: 'Sign & Add Initials' }).waitFor();
  await page.locator('.sg-pdf-page canvas, canvas').first().waitFor({ timeout: 30_000 });
  await page.waitForLoadState('networkidle');
  const later = walk.scripts.slice(before);
  const signingAxe = await axeSerious(page);
  const signingFits = await noHorizontalScroll(page);
  const transferredInAll = walk.transfers.snapshot();
  await walk.context.close();
  const transferred = walk.beforeCaptcha;
  return {
    beforeCaptchaJs: {
      files: first.map((script) => path.basename(new URL(script.url).pathname)),
      filesGzipKB: first.map((script) => kb(script.gzip)),
      gzipBytes: gzipOf(first),
      gzipKB: kb(gzipOf(first)),
      rawKB: kb(first.reduce((sum, script) => sum + script.bytes, 0)),
      pdfJsInFirstRender: first.filter((script) => isPdfJs(script.url)).map((s) => s.url),
    },
    transferredBeforeCaptcha: {
      requests: transferred.requests,
      totalKB: kb(transferred.total),
      byKindKB: Object.fromEntries(
        Object.entries(transferred.byKind).map(([kind, bytes]) => [kind, kb(bytes)]),
      ),
    },
    transferredThroughSigningStepKB: kb(transferredInAll.total),
    loadedAfterCaptcha: later.map((script) => ({
      file: path.basename(new URL(script.url).pathname),
      gzipKB: kb(script.gzip),
    })),
    pdfJsLoadedLater: later.some((script) => isPdfJs(script.url) || script.bytes > 300_000),
    axe: { captchaStep: captchaAxe, signingStep: signingAxe },
    phone390x844NoHorizontalScroll: { captchaStep: captchaFits, signingStep: signingFits },
  };
}

function failuresOf({ links, walk }) {
  const failures = [];
  for (const [family, link] of Object.entries(links)) {
    if (link.jsGzipBytes > BUDGET.firstRenderJsGzipBytes)
      failures.push(`${family} link: JavaScript before the captcha over 100 KB gzipped`);
    if (!(link.lcpToFloor <= BUDGET.lcpToFloor))
      failures.push(`${family} link: captcha step LCP ${link.lcpToFloor}x the floor's (over 1.3x)`);
    if (!(link.clsMax <= BUDGET.cls))
      failures.push(`${family} link: layout shift on the captcha step (CLS ${link.clsMax})`);
  }
  if (walk.beforeCaptchaJs.gzipBytes > BUDGET.firstRenderJsGzipBytes)
    failures.push('JavaScript before the captcha passes over 100 KB gzipped');
  if (walk.beforeCaptchaJs.pdfJsInFirstRender.length)
    failures.push('PDF.js is loaded before the captcha');
  const { axe, phone390x844NoHorizontalScroll: fits } = walk;
  if (axe.captchaStep.length || axe.signingStep.length)
    failures.push('serious/critical axe violations');
  if (!fits.captchaStep || !fits.signingStep)
    failures.push('horizontal scrolling on a 390 px wide phone');
  return failures;
}

function printReport({ floor, links, walk, machine }, failures) {
  const line = (text) => console.log(`  ${text}`);
  console.log(
    `Signing app budgets (bench/signing/run.mjs, ${path.relative(process.cwd(), DIST) || DIST} served by scripts/serve-frontend.mjs)`,
  );
  line(`captcha step, ${PROFILE}, median of ${RUNS}:`);
  line(
    `  floor (${FLOOR_PATH}: the prompt and the checkbox only): LCP ${floor.lcpMedianMs} ms (runs: ${floor.lcpAllMs.join(', ')} ms)`,
  );
  for (const [family, link] of Object.entries(links)) {
    line(
      `  ${family} link (${link.path}): LCP ${link.lcpMedianMs} ms = ${link.lcpToFloor}x the floor (budget ${BUDGET.lcpToFloor}x; runs: ${link.lcpAllMs.join(', ')} ms; element ${link.lcpElement}); CLS ${link.clsMax} (runs: ${link.clsAll.join(', ')}); prompt ${link.promptMedianMs} ms, checkbox ${link.checkboxMedianMs} ms, app's own ${link.appMedianMs} ms; JS before the captcha ${link.jsGzipKB} KB gz in ${link.files} files (budget 100 KB), ${link.transferredKB} KB transferred`,
    );
  }
  const js = walk.beforeCaptchaJs;
  line(
    `customer link, JS before the captcha passes: ${js.gzipKB} KB gzipped in ${js.files.length} files (${js.rawKB} KB raw): ${js.files.map((file, n) => `${file} ${js.filesGzipKB[n]} KB gz`).join(', ')}`,
  );
  const bytes = walk.transferredBeforeCaptcha;
  line(
    `  bytes transferred before the captcha passes: ${bytes.totalKB} KB in ${bytes.requests} requests (${Object.entries(
      bytes.byKindKB,
    )
      .map(([kind, value]) => `${kind} ${value} KB`)
      .join(', ')}); through the signing step: ${walk.transferredThroughSigningStepKB} KB`,
  );
  line(
    `  PDF.js before the captcha: ${js.pdfJsInFirstRender.length ? 'YES' : 'no'}; loaded after it: ${walk.pdfJsLoadedLater ? 'yes' : 'no'}; later: ${walk.loadedAfterCaptcha.map((item) => `${item.file} ${item.gzipKB} KB gz`).join(', ')}`,
  );
  line(
    `machine load while measuring: ${machine.loadAverage.join(' ')} (1/5/15 min) on ${machine.cpus} CPUs`,
  );
  line(
    `axe serious/critical: captcha step ${walk.axe.captchaStep.join('; ') || 'none'}; signing step ${walk.axe.signingStep.join('; ') || 'none'}`,
  );
  const fits = walk.phone390x844NoHorizontalScroll;
  line(
    `390x844 without horizontal scroll: captcha ${fits.captchaStep}, signing ${fits.signingStep}`,
  );
  console.log(failures.length ? `FAIL: ${failures.join('; ')}` : 'All budgets hold.');
}

async function main() {
  if (!existsSync(path.join(DIST, 'index.html'))) {
    console.error(`${DIST} has no index.html: run \`npm run build\` first.`);
    process.exit(2);
  }
  const servers = await startServers(DIST);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  });
  try {
    const { floor, links } = await measureCaptchaSteps(browser, servers.origin);
    // Other processes slow every run down; the load says how much to trust the figures.
    const machine = {
      loadAverage: os.loadavg().map((value) => +value.toFixed(1)),
      cpus: os.cpus().length,
    };
    const walk = await walkCustomerLink(browser, servers.origin);
    const figures = { dist: DIST, runs: RUNS, profile: PROFILE, floor, links, walk, machine };
    const failures = failuresOf(figures);
    if (AS_JSON) console.log(JSON.stringify({ figures, failures }, null, 2));
    else printReport(figures, failures);
    process.exitCode = failures.length ? 1 : 0;
  } finally {
    await browser.close();
    await servers.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
