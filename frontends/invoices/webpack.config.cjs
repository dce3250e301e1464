const { createRemoteOptions } = require('../federation.cjs');
const { createWebpackConfig } = require('../webpack.common.cjs');

module.exports = createWebpackConfig({
  appDir: __dirname,
  title: 'ProSign — Invoices',
  federation: createRemoteOptions({
    appDir: __dirname,
    exposes: { './pages': './src/pages/index.ts' },
  }),
});
