const { createRemoteOptions } = require('../federation.cjs');
const { createWebpackConfig } = require('../webpack.common.cjs');

module.exports = createWebpackConfig({
  appDir: __dirname,
  title: 'ProSign — SOW & Change Orders',
  federation: createRemoteOptions({
    appDir: __dirname,
    exposes: { './pages': './src/pages/index.ts' },
  }),
});
