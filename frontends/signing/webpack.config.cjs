const fs = require('node:fs');
const path = require('node:path');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const { createRemoteOptions } = require('../federation.cjs');
const { createWebpackConfig } = require('../webpack.common.cjs');

// Two builds into one dist:
// - the remote of the shell (./pages, mf-manifest.json, main.js), built first;
// - the standalone public app (index.html) that signers open from their link.
//   It is built without module federation: nothing is shared with a host on
//   the signer's origin, so the federation runtime is left out and React
//   Router, our libraries and the rest are tree-shaken. That keeps the first
//   render of the signing page within its budget on slow phones
//   (bench/signing/run.mjs).
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

/** The chunk of the SOW and CO pages (webpackChunkName in src/app/SigningApp.tsx). */
const LINK_PAGE_CHUNK = 'link-signature';
/** Where runtime-config-prefetch.html wants that chunk's file names. */
const LINK_PAGE_FILES_PLACEHOLDER = /(['"])LINK_PAGE_FILES\1/;

/**
 * Writes the files of the SOW and CO page's chunk (with the chunks it needs)
 * into the page's inline script, which preloads them on a SOW or CO link: the
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

module.exports = (env, argv) => {
  const remote = withAssetRules(base(env, argv));
  remote.name = 'remote';
  remote.plugins = remote.plugins.filter((plugin) => !(plugin instanceof HtmlWebpackPlugin));

  const standalone = withAssetRules(base(env, argv));
  const production = standalone.mode === 'production';
  standalone.name = 'standalone';
  // Written after the remote, whose build cleans the folder.
  standalone.dependencies = ['remote'];
  standalone.entry = { standalone: './src/bootstrap.tsx' };
  standalone.plugins = standalone.plugins.filter(
    (plugin) => !(plugin instanceof ModuleFederationPlugin),
  );
  standalone.plugins.push(new LinkPageFilesPlugin());
  for (const plugin of standalone.plugins) {
    if (plugin instanceof HtmlWebpackPlugin) {
      plugin.options.chunks = ['standalone'];
      // Starts the runtime-configuration request (and on a SOW or CO link, the
      // link check and the page's chunk) before the app's JavaScript runs.
      plugin.options.headHtml = fs.readFileSync(
        path.join(__dirname, 'runtime-config-prefetch.html'),
        'utf8',
      );
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
  return [remote, standalone];
};
