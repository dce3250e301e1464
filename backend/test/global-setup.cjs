// Integration suites run against real MongoDB and Redis. The test orchestrator
// normally provides MONGODB_URI and REDIS_URL; when it does not, the repo's
// stack script starts local services (embedded FerretDB + redis-server).
// Environment set here is inherited by the Jest workers forked afterwards.
const fs = require('node:fs');
const path = require('node:path');
const { pathToFileURL } = require('node:url');

const SERVICES_SCRIPT = path.resolve(__dirname, '../../scripts/lib/services.mjs');

module.exports = async function globalSetup() {
  const missing = ['MONGODB_URI', 'REDIS_URL'].filter((name) => !process.env[name]);
  if (missing.length === 0) return;

  if (!fs.existsSync(SERVICES_SCRIPT)) {
    throw new Error(
      `Backend tests need real services: set ${missing.join(' and ')} ` +
        `(e.g. MONGODB_URI=mongodb://127.0.0.1:27017 REDIS_URL=redis://127.0.0.1:6379), ` +
        `or provide ${path.relative(process.cwd(), SERVICES_SCRIPT)} to start them.`,
    );
  }

  const { ensureTestServices } = await import(pathToFileURL(SERVICES_SCRIPT).href);
  // Kept for the teardown, which runs in this same process.
  globalThis.__PROSIGN_TEST_SERVICES__ = await ensureTestServices();

  const stillMissing = ['MONGODB_URI', 'REDIS_URL'].filter((name) => !process.env[name]);
  if (stillMissing.length > 0) {
    throw new Error(
      `ensureTestServices() did not set ${stillMissing.join(' and ')}; set them before running jest.`,
    );
  }
};
