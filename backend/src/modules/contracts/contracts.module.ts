import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { DocumentsCoreModule } from '../documents/documents.module';
import { MailModule } from '../mail/mail.module';
import { ContractSendService } from './contract-send.service';
import { Contract, ContractSchema } from './contract.schema';
import {
  ContractCopyController,
  ContractEmailController,
  ContractsController,
  ContractTokenController,
} from './contracts.controller';

/** Standard contracts: the contract records and their send (spec 2 §3, §4). */
@Module({
  imports: [
    MongooseModule.forFeature([{ name: Contract.name, schema: ContractSchema }]),
    DocumentsCoreModule,
    MailModule,
  ],
  controllers: [
    ContractsController,
    ContractEmailController,
    ContractCopyController,
    ContractTokenController,
  ],
  providers: [ContractSendService],
  exports: [ContractSendService],
})
export class ContractsModule {}
