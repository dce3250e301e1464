import { Module } from '@nestjs/common';
import { AgreementsModule } from '../agreements/agreements.module';
import { ContractSchedulesProcessor } from './contract-schedules.processor';
import { ContractSchedulesService } from './contract-schedules.service';
import { ContractsModule } from './contracts.module';

/** Worker side of contracts: expiry and automatic reminders on their own scheduler queue. */
@Module({
  // The queue itself is registered with the others by QueuesModule.
  imports: [ContractsModule, AgreementsModule],
  providers: [ContractSchedulesService, ContractSchedulesProcessor],
  exports: [ContractSchedulesService],
})
export class ContractsWorkerModule {}
