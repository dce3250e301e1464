// Stops services only if the global setup started them and the stack script
// handed back something stoppable; services provided from outside are left alone.
module.exports = async function globalTeardown() {
  const services = globalThis.__PROSIGN_TEST_SERVICES__;
  if (services && typeof services.stop === 'function') {
    await services.stop();
  }
};
