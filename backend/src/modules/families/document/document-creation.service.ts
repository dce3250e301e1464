import { BadRequestException, Injectable, NotFoundException } from '@nestjs/common';
import {
  documentSendProblems,
  extractDocId,
  nameFromStaffEmail,
  type DocumentCreateResponse,
} from '@prosign/domain';
import { createHash } from 'node:crypto';
import {
  DocumentRepository,
  localDocLink,
  newDocumentId,
  type DocumentRecord,
} from '../../../integrations/documents';
import { AppConfig } from '../../../platform/config/app-config';
import {
  AgreementCreationService,
  fieldErrorsException,
  type AgreementDocument,
  type CreationSendResult,
  type DocumentForm,
  type SendActor,
} from '../../agreements';
import { DocumentDraftsService } from '../../document-drafts';
import { sendBodyOf } from '../../family-routes';
import { PdfIntakeService } from '../../pdf-intake';
import { documentFormOf } from './document-form';
import type { DocumentCreateDto } from './dto/document-creation.dto';

/** Who creates: the signed-in staff member (a draft and its upload are its creator's or an admin's). */
interface StaffActor {
  email: string;
  isAdmin: boolean;
}

/** The title a document starts with: its file's name without `.pdf`. */
function titleOfFile(fileName: string): string {
  return fileName.replace(/\.pdf$/i, '').trim() || 'Document';
}

/**
 * Creating a "document" agreement from a builder draft and sending it on the agreement core:
 * the draft (its creator's or an admin's) becomes a contract record of the local engine showing
 * the upload with the draft's fields (`uploaded`, no `content`); the send checks its form and
 * that the fields fit the recipients it names (each reason, nothing stored), then sends it as
 * every family's send does.
 */
@Injectable()
export class DocumentCreationService {
  constructor(
    private readonly drafts: DocumentDraftsService,
    private readonly intake: PdfIntakeService,
    private readonly documents: DocumentRepository,
    private readonly creation: AgreementCreationService,
    private readonly config: AppConfig,
  ) {}

  /** `POST /api/document/create-contract` */
  async create(request: DocumentCreateDto, staff: StaffActor): Promise<DocumentCreateResponse> {
    const draft = await this.drafts.read(request.draftId, staff);
    const upload = await this.intake.storedPdf(draft.uploadId, staff);
    if (!upload)
      throw new NotFoundException('The draft’s PDF is no longer stored: upload it again.');
    const docId = newDocumentId();
    // A draft made from a template names its version; the record keeps it.
    const template = request.template ?? draft.template;
    await this.documents.insert({
      _id: docId,
      kind: 'contract',
      title: titleOfFile(draft.fileName),
      contractKind: 'document',
      ...(template ? { templateId: template.id, templateVersion: template.version } : {}),
      uploaded: {
        fileId: draft.uploadId,
        sha256: createHash('sha256').update(upload.pdf).digest('hex'),
        fileName: draft.fileName,
        placement: draft.placement,
        timeZone: this.config.FIRM_TIME_ZONE,
      },
      revision: 1,
      documentDate: new Date(),
    });
    // The local engine's link whatever DOCUMENTS_ADAPTER is: no other engine shows an upload.
    return { docLink: localDocLink(this.config, docId, 'edit') };
  }

  /** `POST /api/document/send-contract`: the first signer gets the `/document-signature/…` link. */
  async send(body: unknown, actor: SendActor): Promise<CreationSendResult> {
    const { envelope, input } = await sendBodyOf(body);
    return this.creation.send('document', envelope, () => this.checkedForm(envelope, input), actor);
  }

  /** The send's checks and its record, nothing mailed yet: a draft for the public api to send. */
  async prepareSend(body: unknown, actor: SendActor): Promise<AgreementDocument<DocumentForm>> {
    const { envelope, input } = await sendBodyOf(body);
    return this.creation.prepare(
      'document',
      envelope,
      () => this.checkedForm(envelope, input),
      actor,
    );
  }

  /** The send form checked with what the creation stored, and the fields against the recipients. */
  private async checkedForm(
    envelope: Awaited<ReturnType<typeof sendBodyOf>>['envelope'],
    input: Record<string, unknown>,
  ): Promise<DocumentForm> {
    const record = await this.documentOf(envelope.docLink);
    const checked = documentFormOf(input, {
      fileName: record.uploaded.fileName,
      template:
        record.templateId && record.templateVersion !== undefined
          ? { id: record.templateId, version: record.templateVersion }
          : null,
    });
    if ('errors' in checked) throw fieldErrorsException(checked.errors);
    const { form } = checked;
    const countersigner = envelope.countersigner ?? null;
    const problems = documentSendProblems(record.uploaded.placement, {
      signers: [
        { name: form.signer_name, email: form.signer_email },
        ...(envelope.additional_signers ?? []).map((signer) => ({
          name: signer.name,
          email: signer.email,
        })),
      ],
      countersigner: countersigner
        ? {
            name: countersigner.name?.trim() || nameFromStaffEmail(countersigner.email),
            email: countersigner.email,
          }
        : null,
    });
    if (problems.length) throw new BadRequestException(problems);
    return form satisfies DocumentForm;
  }

  /** `POST /api/document/send-contract-cc`: the document to the cc addresses of a started send, once. */
  sendCopy(docLink: string, actor: SendActor): Promise<{ success: true }> {
    return this.creation.sendCopy('document', docLink, actor);
  }

  /** The uploaded document a send names; 404 for anything else (another family's included). */
  private async documentOf(
    docLink: string,
  ): Promise<DocumentRecord & Required<Pick<DocumentRecord, 'uploaded'>>> {
    const docId = extractDocId(docLink);
    const record = docId ? await this.documents.find(docId) : null;
    if (record?.kind !== 'contract' || record.contractKind !== 'document' || !record.uploaded) {
      throw new NotFoundException(`Document ${docId ?? ''} not found`);
    }
    return record as DocumentRecord & Required<Pick<DocumentRecord, 'uploaded'>>;
  }
}
