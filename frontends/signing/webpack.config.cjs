const { createRemoteOptions } = require('../federation.cjs');
const { createWebpackConfig } = require('../webpack.common.cjs');

// Both a remote of the shell (./pages) and a standalone public app (index.html).
const base = createWebpackConfig({
  appDir: __dirname,
  title: 'ProSign — Secure signing',
  federation: createRemoteOptions({
    appDir: __dirname,
    name: 'signing',
    exposes: { './pages': './src/pages/index.ts' },
  }),
});

module.exports = (env, argv) => {
  const config = base(env, argv);
  // The Whisper signature font (@fontsource/whisper) is emitted as files of our
  // own bundle; the PDF.js worker is a `new URL(…, import.meta.url)` asset,
  // which webpack emits as a separate file without bundling it.
  config.module.rules.push({ test: /\.(woff2?)$/, type: 'asset/resource' });
  return config;
};
