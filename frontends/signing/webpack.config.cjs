const fs = require('node:fs');
const path = require('node:path');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const { createRemoteOptions } = require('../federation.cjs');
const { createWebpackConfig } = require('../webpack.common.cjs');

// Two builds into one dist, and one for the build itself:
// - the remote of the shell (./pages, mf-manifest.json, main.js), built first;
// - the robot check step of a signing link rendered to HTML (src/prerender), a
//   Node bundle outside dist that the standalone build runs;
// - the standalone public app (index.html) that signers open from their link.
//   It is built without module federation: nothing is shared with a host on
//   the signer's origin, so the federation runtime is left out and React
//   Router, our libraries and the rest are tree-shaken. Its HTML carries the
//   robot check step and the first render's CSS, so the page paints the step
//   before its script runs (bench/signing/run.mjs).
const base = createWebpackConfig({
  appDir: __dirname,
  title: 'ProSign — Secure signing',
  federation: createRemoteOptions({
    appDir: __dirname,
    exposes: { './pages': './src/pages/index.ts' },
  }),
});

function withAssetRules(config) {
  // The Whisper signature font (@fontsource/whisper) is emitted as files of our
  // own bundle; the PDF.js worker is a `new URL(…, import.meta.url)` asset,
  // which webpack emits as a separate file without bundling it.
  config.module.rules.push({ test: /\.(woff2?)$/, type: 'asset/resource' });
  return config;
}

/** The chunk of the link-signed families' page (webpackChunkName in src/app/SigningApp.tsx). */
const LINK_PAGE_CHUNK = 'link-signature';
/** Where runtime-config-prefetch.html wants that chunk's file names. */
const LINK_PAGE_FILES_PLACEHOLDER = /(['"])LINK_PAGE_FILES\1/;

/**
 * Writes the files of the link-signed families' page's chunk (with the chunks it
 * needs) into the page's inline script, which preloads them on such a link: the
 * page is then downloaded beside the main script rather than a round trip after
 * it has run (bench/signing). The names are hashed, so they come from the
 * compilation.
 */
class LinkPageFilesPlugin {
  apply(compiler) {
    compiler.hooks.compilation.tap('LinkPageFilesPlugin', (compilation) => {
      HtmlWebpackPlugin.getHooks(compilation).beforeEmit.tap('LinkPageFilesPlugin', (data) => {
        const group = compilation.namedChunkGroups.get(LINK_PAGE_CHUNK);
        if (!group) throw new Error(`No chunk named ${LINK_PAGE_CHUNK} to preload`);
        if (!LINK_PAGE_FILES_PLACEHOLDER.test(data.html)) {
          throw new Error('The page has no LINK_PAGE_FILES for the link page to preload');
        }
        const publicPath = compilation.getPath(compilation.outputOptions.publicPath ?? '/');
        const files = group.chunks
          .flatMap((chunk) => [...chunk.files])
          .filter((file) => /\.(js|css)$/.test(file))
          .map((file) => publicPath + file);
        data.html = data.html.replace(LINK_PAGE_FILES_PLACEHOLDER, JSON.stringify(files));
        return data;
      });
    });
  }
}

/** The Node bundle of src/prerender, run by the standalone build (not served). */
const PRERENDER_DIR = path.join(__dirname, 'node_modules/.cache/prerender');
const PRERENDER_FILE = path.join(PRERENDER_DIR, 'captcha-step.cjs');
/** The page's script that starts its first requests, put after the step (webpack.config.cjs). */
const PREFETCH_SCRIPT = path.join(__dirname, 'runtime-config-prefetch.html');
/** Where that script wants the key under which a passed check is kept. */
const CAPTCHA_PASS_KEY_PLACEHOLDER = /(['"])CAPTCHA_PASS_STORAGE_KEY\1/;
/** Where the page's head script wants each link-signed family's segment and api prefix. */
const LINK_SIGNING_PAGES_PLACEHOLDER = /(['"])LINK_SIGNING_PAGES\1/;
/** Marks the prerendered step until the app replaces it (bootstrap.tsx). */
const EMPTY_ROOT = '<div id="root"></div>';

/**
 * Puts the robot check step (src/prerender, run from its Node bundle) into the
 * page's root and the first render's stylesheet inline in its head, in place
 * of a render-blocking <link>: the page paints the step as its HTML arrives,
 * before any script. Chunks loaded later bring their own CSS files. The script
 * that starts the page's first requests (runtime-config-prefetch.html) follows
 * the step: run before it, it held the step's paint back by ~100 ms on a
 * throttled phone (bench/signing).
 */
class PrerenderedCaptchaStepPlugin {
  apply(compiler) {
    const name = 'PrerenderedCaptchaStepPlugin';
    compiler.hooks.compilation.tap(name, (compilation) => {
      const hooks = HtmlWebpackPlugin.getHooks(compilation);
      hooks.alterAssetTagGroups.tap(name, (data) => {
        const publicPath = compilation.getPath(compilation.outputOptions.publicPath ?? '/');
        data.headTags = data.headTags.map((tag) => {
          if (tag.tagName !== 'link' || tag.attributes.rel !== 'stylesheet') return tag;
          const file = String(tag.attributes.href).slice(publicPath.length);
          const asset = compilation.getAsset(file);
          if (!asset) throw new Error(`No stylesheet ${file} to inline`);
          return {
            ...tag,
            tagName: 'style',
            voidTag: false,
            attributes: {},
            innerHTML: asset.source.source().toString(),
          };
        });
        return data;
      });
      hooks.afterTemplateExecution.tap(name, (data) => {
        // The bundle is rebuilt on each build (watch mode included): read afresh.
        delete require.cache[PRERENDER_FILE];
        const prerendered = require(PRERENDER_FILE);
        if (!data.html.includes(EMPTY_ROOT)) throw new Error(`The page has no ${EMPTY_ROOT}`);
        if (!LINK_SIGNING_PAGES_PLACEHOLDER.test(data.html)) {
          throw new Error('The page has no LINK_SIGNING_PAGES for its link-signed families');
        }
        // The families the definitions name (src/prerender), so a registered one's links are told too.
        data.html = data.html.replace(LINK_SIGNING_PAGES_PLACEHOLDER, () =>
          JSON.stringify(prerendered.linkSigningPages()),
        );
        const prefetch = fs.readFileSync(PREFETCH_SCRIPT, 'utf8');
        if (!CAPTCHA_PASS_KEY_PLACEHOLDER.test(prefetch)) {
          throw new Error(`${PREFETCH_SCRIPT} has no CAPTCHA_PASS_STORAGE_KEY`);
        }
        const step = `<div id="root" data-prerendered>${prerendered.renderCaptchaStep()}</div>`;
        const script = prefetch.replace(
          CAPTCHA_PASS_KEY_PLACEHOLDER,
          JSON.stringify(prerendered.CAPTCHA_PASS_STORAGE_KEY),
        );
        data.html = data.html.replace(EMPTY_ROOT, () => step + script);
        return data;
      });
    });
  }
}

/** Packages from node_modules stay require()s in the Node bundle; our libraries and CSS are bundled. */
function nodeModulesExternal({ request }, callback) {
  const bare = /^[a-z@][^:]*$/i.test(request ?? '') && !request.startsWith('@prosign/');
  if (bare && !/\.css$/.test(request)) return callback(null, `commonjs ${request}`);
  return callback();
}

/** The Node build of src/prerender/captcha-step.tsx, which the standalone build runs. */
function prerenderConfig(config) {
  config.name = 'prerender';
  config.target = 'node';
  config.entry = { 'captcha-step': './src/prerender/captcha-step.tsx' };
  config.plugins = [];
  config.externalsPresets = { node: true };
  config.externals = [nodeModulesExternal];
  // Stylesheets are the browser's business: here they are strings nothing reads.
  config.module.rules = config.module.rules.map((rule) =>
    String(rule.test) === String(/\.css$/) ? { test: /\.css$/, type: 'asset/source' } : rule,
  );
  config.devtool = false;
  config.optimization = { minimize: false };
  config.output = {
    path: PRERENDER_DIR,
    filename: '[name].cjs',
    library: { type: 'commonjs2' },
    clean: true,
  };
  return config;
}

module.exports = (env, argv) => {
  const remote = withAssetRules(base(env, argv));
  remote.name = 'remote';
  remote.plugins = remote.plugins.filter((plugin) => !(plugin instanceof HtmlWebpackPlugin));

  const standalone = withAssetRules(base(env, argv));
  const production = standalone.mode === 'production';
  standalone.name = 'standalone';
  // Written after the remote, whose build cleans the folder, and the prerendered step it runs.
  standalone.dependencies = ['remote', 'prerender'];
  standalone.entry = { standalone: './src/bootstrap.tsx' };
  standalone.plugins = standalone.plugins.filter(
    (plugin) => !(plugin instanceof ModuleFederationPlugin),
  );
  standalone.plugins.push(new LinkPageFilesPlugin(), new PrerenderedCaptchaStepPlugin());
  for (const plugin of standalone.plugins) {
    if (plugin instanceof HtmlWebpackPlugin) {
      plugin.options.chunks = ['standalone'];
      // Which signing link the page is, and the CSS that hides the prerendered
      // step elsewhere (PrerenderedCaptchaStepPlugin puts the step and the
      // script starting the first requests into the body).
      plugin.options.headHtml = fs.readFileSync(
        path.join(__dirname, 'captcha-step-head.html'),
        'utf8',
      );
      // The inline stylesheet minified too (html-webpack-plugin's defaults, with clean-css).
      if (production) {
        plugin.options.minify = {
          collapseWhitespace: true,
          keepClosingSlash: true,
          removeComments: true,
          removeRedundantAttributes: true,
          removeScriptTypeAttributes: true,
          removeStyleLinkTypeAttributes: true,
          useShortDoctype: true,
          minifyCSS: true,
        };
      }
    }
  }
  // Stylesheets as .css files (webpack's native CSS) rather than strings that
  // style-loader puts in the JavaScript: the page's CSS downloads beside its
  // script, and is not parsed and run as JavaScript before the first paint.
  standalone.experiments = { ...standalone.experiments, css: true };
  standalone.module.rules = standalone.module.rules.filter(
    (rule) => String(rule.test) !== String(/\.css$/),
  );
  // @prosign/domain is built as CommonJS for the api too, which webpack cannot
  // tree-shake: the standalone page compiles its ES sources instead, so only the
  // few rules the signer's pages use are bundled (its package says sideEffects: false).
  standalone.resolve = {
    ...standalone.resolve,
    alias: {
      ...standalone.resolve?.alias,
      '@prosign/domain$': path.resolve(__dirname, '../../libs/domain/src/index.ts'),
    },
  };
  standalone.output = {
    ...standalone.output,
    publicPath: '/',
    filename: production ? 'standalone.[contenthash:16].js' : 'standalone.js',
    chunkFilename: production ? 'standalone-[name].[contenthash:16].js' : 'standalone-[name].js',
    uniqueName: 'signing_standalone',
    clean: false,
  };
  // The same resolution as the standalone app's (the domain's ES sources).
  const prerender = prerenderConfig(withAssetRules(base(env, argv)));
  prerender.resolve = standalone.resolve;
  return [remote, prerender, standalone];
};
