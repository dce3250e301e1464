// The webpack configuration every frontend builds with; each app's
// webpack.config.cjs only says who it is (host or remote) and what it exposes.
const path = require('node:path');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const TerserPlugin = require('terser-webpack-plugin');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');

/**
 * @param {object} options
 * @param {string} options.appDir the app's directory (__dirname of its config)
 * @param {object} options.federation ModuleFederationPlugin options (see federation.cjs)
 * @param {string} options.title the HTML page title
 */
function createWebpackConfig({ appDir, federation, title }) {
  return (_env = {}, argv = {}) => {
    const production = (argv.mode ?? process.env.NODE_ENV) === 'production';
    // Production builds carry no source maps, which would serve our sources from the public
    // frontends, unless FRONTEND_SOURCE_MAPS=1 asks for them (e.g. a staging deployment).
    const productionSourceMaps = process.env.FRONTEND_SOURCE_MAPS === '1' ? 'source-map' : false;
    return {
      context: appDir,
      mode: production ? 'production' : 'development',
      entry: { main: './src/index.ts' },
      output: {
        path: path.join(appDir, 'dist'),
        // Chunks load relative to the script that asked for them: the shell's
        // from the shell's origin, a remote's from wherever its manifest lives.
        publicPath: 'auto',
        // Entry files keep stable names (served with no-cache): the federation
        // runtime module embedded in them is generated before chunk hashes exist.
        filename: '[name].js',
        chunkFilename: production ? '[name].[contenthash:16].js' : '[name].js',
        uniqueName: federation.name,
        clean: true,
      },
      devtool: production ? productionSourceMaps : 'eval-cheap-module-source-map',
      resolve: {
        extensions: ['.tsx', '.ts', '.mjs', '.js', '.json'],
      },
      module: {
        rules: [
          {
            test: /\.[cm]?[jt]sx?$/,
            exclude: /node_modules/,
            use: {
              loader: 'swc-loader',
              options: {
                jsc: {
                  parser: { syntax: 'typescript', tsx: true },
                  transform: { react: { runtime: 'automatic', development: !production } },
                  target: 'es2022',
                },
              },
            },
          },
          {
            test: /\.css$/,
            use: ['style-loader', 'css-loader'],
          },
        ],
      },
      plugins: [
        new ModuleFederationPlugin(federation),
        new HtmlWebpackPlugin({
          // One page template for every app: only the title differs.
          template: path.join(__dirname, 'index.html'),
          title,
          // Absolute script URLs: deep links such as /verify/abc must still find /main.js.
          publicPath: '/',
          chunks: ['main'],
        }),
      ],
      // SWC's minifier instead of terser's: every app minifies its own copy of the shared
      // libraries, and terser was most of each production build's time.
      optimization: { minimizer: [new TerserPlugin({ minify: TerserPlugin.swcMinify })] },
      performance: { hints: false },
      stats: 'errors-warnings',
    };
  };
}

module.exports = { createWebpackConfig };
