import { Module } from '@nestjs/common';
import { AgreementActionsModule } from '../agreements/agreement-actions.module';
import { DocumentsCoreModule } from '../documents/documents.module';
import { MailModule } from '../mail/mail.module';
import { ContractSendService } from './contract-send.service';
import {
  ContractCopyController,
  ContractEmailController,
  ContractsController,
  ContractTokenController,
} from './contracts.controller';

/** Standard contracts: the contract records and their send (spec 2 §3, §4). */
@Module({
  imports: [AgreementActionsModule, DocumentsCoreModule, MailModule],
  controllers: [
    ContractsController,
    ContractEmailController,
    ContractCopyController,
    ContractTokenController,
  ],
  providers: [ContractSendService],
  exports: [AgreementActionsModule, ContractSendService],
})
export class ContractsModule {}
