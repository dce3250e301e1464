const { createRemoteOptions } = require('../federation.cjs');
const { createWebpackConfig } = require('../webpack.common.cjs');

module.exports = createWebpackConfig({
  appDir: __dirname,
  title: 'ProSign — Contracts',
  federation: createRemoteOptions({
    appDir: __dirname,
    exposes: { './pages': './src/pages/index.ts' },
  }),
});
