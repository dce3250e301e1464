import { Module } from '@nestjs/common';
import { AgreementActionsModule } from './agreement-actions.module';
import { AgreementSchedulesProcessor } from './agreement-schedules.processor';
import { AgreementSchedulesService } from './agreement-schedules.service';

/** Worker side of the agreement core: every family's expiry and automatic reminders, on their own scheduler queue. */
@Module({
  // The queue itself is registered with the others by QueuesModule.
  imports: [AgreementActionsModule],
  providers: [AgreementSchedulesService, AgreementSchedulesProcessor],
  exports: [AgreementSchedulesService],
})
export class AgreementsWorkerModule {}
