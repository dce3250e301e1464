// The one module-federation configuration factory used by the shell (host) and
// every remote. Everything that must exist once per page — React, the router,
// TanStack Query and our own libraries (contexts, design tokens) — is shared as
// a singleton with the version range the workspace installs; nothing is eager,
// so each app starts behind its async `bootstrap.tsx` boundary.
const path = require('node:path');

/** Packages that must be one instance across host and remotes. */
const SINGLETONS = [
  'react',
  'react/jsx-runtime',
  'react-dom',
  'react-dom/client',
  'react-router',
  '@tanstack/react-query',
  '@prosign/domain',
  '@prosign/api-client',
  '@prosign/ui',
  // The dashboard parts: their own shared module, loaded only by the remotes that show a list.
  '@prosign/ui/agreements',
  // Pickers, menus, tooltips (React Aria Components): loaded only by screens with forms.
  '@prosign/ui/controls',
  // Fields, error summary and the form hooks: loaded only by screens with forms, with
  // react-hook-form and zod, shared too so the app's schemas and hooks meet the same copy.
  '@prosign/ui/forms',
  'react-hook-form',
  'zod',
  // Never `@prosign/ui/testing` or `@prosign/api-client/testing`: test support, for Jest only.
];

/**
 * A remote's container name (a valid JS identifier), from the one table of remotes in
 * `@prosign/domain` (REMOTE_APPS) by the app's folder. Read when a remote's build is
 * configured, after the domain library is built (a build depends on its libraries' builds).
 */
function remoteScopeOf(appDir) {
  const { REMOTE_APPS } = require('@prosign/domain');
  const app = path.basename(appDir);
  const remote = Object.values(REMOTE_APPS).find((entry) => entry.app === app);
  if (!remote) throw new Error(`frontends/${app} is not a remote (REMOTE_APPS in @prosign/domain)`);
  return remote.scope;
}

/** The package a request belongs to: `react/jsx-runtime` → `react`. */
function packageOf(request) {
  const parts = request.split('/');
  return request.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

/** The installed version of a package, resolved from the app that builds. */
function installedVersion(pkg, fromDir) {
  const manifest = require.resolve(`${pkg}/package.json`, { paths: [fromDir] });
  return require(manifest).version;
}

/**
 * The `shared` section: the range an app declares in its package.json when it
 * does, else a caret range on the installed version.
 */
function createSharedConfig(appDir) {
  const appPackage = require(path.join(appDir, 'package.json'));
  const declared = { ...appPackage.peerDependencies, ...appPackage.dependencies };
  const shared = {};
  for (const request of SINGLETONS) {
    const pkg = packageOf(request);
    const declaredRange = declared[pkg];
    shared[request] = {
      singleton: true,
      requiredVersion:
        declaredRange && /^[\^~<>=\d]/.test(declaredRange)
          ? declaredRange
          : `^${installedVersion(pkg, appDir)}`,
      eager: false,
    };
  }
  return shared;
}

const COMMON = {
  // Type hints for remotes are shared through the workspace libraries, not
  // downloaded at run time.
  dts: false,
};

/** Options of the shell: no remote is declared at build time (see runtime-config.json). */
function createHostOptions({ appDir, name = 'shell' }) {
  return {
    ...COMMON,
    name,
    remotes: {},
    manifest: false,
    shared: createSharedConfig(appDir),
  };
}

/** Options of a remote: `./pages` exposed through remoteEntry.js and mf-manifest.json. */
function createRemoteOptions({ appDir, exposes }) {
  return {
    ...COMMON,
    name: remoteScopeOf(appDir),
    filename: 'remoteEntry.js',
    exposes,
    manifest: { fileName: 'mf-manifest.json' },
    shared: createSharedConfig(appDir),
  };
}

module.exports = {
  SINGLETONS,
  remoteScopeOf,
  createSharedConfig,
  createHostOptions,
  createRemoteOptions,
};
