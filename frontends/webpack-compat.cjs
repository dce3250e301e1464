// Compatibility bridge between @module-federation/enhanced 2.9 and webpack
// ≥ 5.107. webpack 5.107 moved internal modules into sub-folders
// (lib/util/fs → lib/fs/fs, …) and kept re-exports only for some of them; the
// federation plugin still deep-imports the old paths and fails with
// "Cannot find module 'webpack/lib/util/extractUrlAndGlobal'"
// (webpack/webpack#20985, module-federation/core#4747).
//
// This maps exactly those old paths to their new homes, and only when the old
// path no longer resolves, so it becomes a no-op as soon as either package
// fixes it. Remove it once @module-federation/enhanced supports the installed
// webpack.
const Module = require('node:module');

/** Old path below webpack/lib → new path below webpack/lib. */
const MOVED = {
  HotUpdateChunk: 'graph/HotUpdateChunk',
  ModuleFactory: 'module/ModuleFactory',
  'dependencies/EntryDependency': 'entry/EntryDependency',
  'dependencies/ModuleDependency': 'dependencies/core/ModuleDependency',
  'dependencies/StaticExportsDependency': 'dependencies/core/StaticExportsDependency',
  'util/extractUrlAndGlobal': 'externals/extractUrlAndGlobal',
  'util/fs': 'fs/fs',
  'util/semver': 'sharing/semver',
};

const OLD_PATH = new RegExp(
  `^(.*(?:^|[\\\\/])webpack[\\\\/]lib[\\\\/])(${Object.keys(MOVED)
    .map((key) => key.replace(/\//g, '[\\\\/]'))
    .join('|')})(\\.js)?$`,
);

const installed = Symbol.for('prosign.webpack-compat');

if (!Module[installed]) {
  Module[installed] = true;
  const resolveFilename = Module._resolveFilename;
  Module._resolveFilename = function resolveMovedWebpackModule(request, ...rest) {
    try {
      return resolveFilename.call(this, request, ...rest);
    } catch (error) {
      const match = error && error.code === 'MODULE_NOT_FOUND' ? OLD_PATH.exec(request) : null;
      if (!match) throw error;
      const moved = MOVED[match[2].replace(/\\/g, '/')];
      return resolveFilename.call(this, `${match[1]}${moved}`, ...rest);
    }
  };
}
