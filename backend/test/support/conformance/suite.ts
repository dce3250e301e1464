import type { FamilyDriver } from './drivers';
import { closingSteps } from './steps-closing';
import { dashboardSteps } from './steps-dashboard';
import { signingSteps } from './steps-signing';
import { startWalk, type FamilyWalk } from './walk';

/** Starting one family's api, worker and mail catcher, and seeding its database. */
const START_TIMEOUT = 120_000;

/**
 * What every contract family must do, walked for each driver against the real api and
 * worker (one of each per family, on a database of its own; every step makes its own
 * agreements): create; send to two signers in order; read on a phone; sign; countersign;
 * list, filter and search; card; details; CRM write-back; the sealed PDF checked by pdfsig;
 * decline; hand over; e-mail code; void; expire; remind
 * (docs/architecture.md#contract-families-on-one-agreement-core).
 * `testFile`: the calling spec's `__filename` (its database is named after it).
 */
export function describeFamilyConformance(
  testFile: string,
  drivers: readonly FamilyDriver[],
): void {
  describe.each(drivers.map((driver) => [driver.family, driver] as const))(
    'the %s family',
    (_family, driver) => {
      const walk = {} as FamilyWalk;

      beforeAll(async () => {
        Object.assign(walk, await startWalk(testFile, driver));
      }, START_TIMEOUT);

      afterAll(async () => {
        await walk.world?.close();
      });

      signingSteps(walk);
      // Before the closing steps: a deal is still at its signed stage for the CRM step.
      dashboardSteps(walk);
      closingSteps(walk);
    },
  );
}
