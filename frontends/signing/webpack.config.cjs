const { createRemoteOptions } = require('../federation.cjs');
const { createWebpackConfig } = require('../webpack.common.cjs');

// Both a remote of the shell (./pages) and a standalone public app (index.html).
module.exports = createWebpackConfig({
  appDir: __dirname,
  title: 'ProSign — Secure signing',
  federation: createRemoteOptions({
    appDir: __dirname,
    name: 'signing',
    exposes: { './pages': './src/pages/index.ts' },
  }),
});
