import { Global, Module } from '@nestjs/common';
import { AGREEMENT_MAIL_NOTES } from '../mail';
import { AgreementMailNotesRepository } from './agreement-mail-notes.repository';
import { AgreementsModule } from './agreements.module';

/**
 * Provides the mail module's AgreementMailNotes port with the agreements'
 * mail-notes store (AgreementMailNotesRepository). Global and imported once by each process (api, worker, seed), because the mail module
 * sits below the agreements module (AgreementSendService uses MailService)
 * and must not import it: it asks for the port, this module fills it.
 */
@Global()
@Module({
  imports: [AgreementsModule],
  providers: [{ provide: AGREEMENT_MAIL_NOTES, useExisting: AgreementMailNotesRepository }],
  exports: [AGREEMENT_MAIL_NOTES],
})
export class AgreementMailNotesModule {}
