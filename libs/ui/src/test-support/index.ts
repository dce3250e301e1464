/**
 * `@prosign/ui/testing`: the test support of the shared frontend parts, for the
 * tests of this library and of every frontend. Test-only: never import it from
 * app code; it is not a module-federation shared module (frontends/federation.cjs)
 * and no production entry reaches it, so it stays out of the apps' bundles.
 */
export * from './fake-api';
export * from './agreement-fixtures';
export * from './staff-session';
export * from './axe';
