import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { Agreement, AgreementLink, AgreementLinkSchema, AgreementSchema } from './agreement.schema';
import { AgreementRepository } from './agreement.repository';
import { EmailCodeDefaultsRepository } from './email-code-defaults.repository';
import { StepRunner } from './step-runner';

/**
 * The agreement core every contract family shares (docs/architecture.md#contract-families-on-one-agreement-core): the
 * record, its repository (the only code that touches the model) and the step
 * runner. Other modules use the repository, never the model.
 */
@Module({
  imports: [
    MongooseModule.forFeature([
      { name: Agreement.name, schema: AgreementSchema },
      { name: AgreementLink.name, schema: AgreementLinkSchema },
    ]),
  ],
  providers: [AgreementRepository, StepRunner, EmailCodeDefaultsRepository],
  exports: [AgreementRepository, StepRunner, EmailCodeDefaultsRepository],
})
export class AgreementsModule {}
