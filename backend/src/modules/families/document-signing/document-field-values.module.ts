import { Global, Module } from '@nestjs/common';
import { DocumentStoreModule } from '../../../integrations/documents/document-store.module';
import { SIGNER_FIELD_VALUES } from '../../signing';
import { DocumentFieldEntryRepository } from './document-field-entry.repository';
import { DocumentSignerFields } from './document-signer-fields.service';

/**
 * What "document" signers filled (`document_field_entries`) and what the signer core asks of
 * it (SIGNER_FIELD_VALUES: the check before a finish, the values placed with a signature), in
 * the api and the worker alike. Global: the signer core sits below this module and reaches its
 * token only so.
 */
@Global()
@Module({
  imports: [DocumentStoreModule],
  providers: [
    DocumentFieldEntryRepository,
    DocumentSignerFields,
    { provide: SIGNER_FIELD_VALUES, useExisting: DocumentSignerFields },
  ],
  exports: [DocumentSignerFields, SIGNER_FIELD_VALUES],
})
export class DocumentFieldValuesModule {}
