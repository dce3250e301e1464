const { createHostOptions } = require('../federation.cjs');
const { createWebpackConfig } = require('../webpack.common.cjs');

module.exports = createWebpackConfig({
  appDir: __dirname,
  title: 'ProSign',
  federation: createHostOptions({ appDir: __dirname, name: 'shell' }),
});
