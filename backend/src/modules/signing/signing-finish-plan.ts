import { Inject, Injectable, Optional } from '@nestjs/common';
import { pdfFileName, SINGLE_SIGNER_RECIPIENT_ID } from '@prosign/domain';
import { createHash } from 'node:crypto';
import type { PlacedFieldValues } from '../../integrations/documents';
import { FILE_SERVICE_PORT, type FileServicePort } from '../../integrations/file-service';
import { AppConfig } from '../../platform/config/app-config';
import { inSpan } from '../../platform/tracing/in-span';
import {
  AgreementCrmEvents,
  AgreementLinkRepository,
  agreementMailKey,
  familyConfig,
  type Agreement,
  type AgreementDocument,
  type StepPlan,
} from '../agreements';
import {
  DerivedDocumentsService,
  DocumentPdfService,
  DocumentsService,
  type RunDocuments,
  type SignatureSource,
} from '../documents';
import { MailService } from '../mail';
import { SignatureImageRepository } from './signature-image.repository';
import { SIGNER_FIELD_VALUES, type SignerFieldValues } from './signer-field-values';
import { auditEventsOf, auditRecipientsOf } from './signing-finish-audit';
import { SIGNING_FINISH_STEPS, type SigningFinishStep } from './signing-finish-steps';

/**
 * The finish's steps, as the StepRunner runs them for one claimed agreement: place the
 * signature, build the audit trail, merge and seal, move the CRM deal, file the signed PDF,
 * mail the signed copy.
 */
@Injectable()
export class SigningFinishPlan {
  constructor(
    private readonly links: AgreementLinkRepository,
    private readonly signatureImages: SignatureImageRepository,
    private readonly documents: DocumentsService,
    private readonly documentPdfs: DocumentPdfService,
    private readonly derivedDocuments: DerivedDocumentsService,
    private readonly mail: MailService,
    private readonly crmEvents: AgreementCrmEvents,
    @Inject(FILE_SERVICE_PORT) private readonly fileService: FileServicePort,
    private readonly config: AppConfig,
    @Optional()
    @Inject(SIGNER_FIELD_VALUES)
    private readonly signerFields: SignerFieldValues | null = null,
  ) {}

  /**
   * The finish's steps for one run. The sealed PDF the merge built is handed to the mail step
   * of the same run (by its link, so another agreement's run never gets it): read again, it
   * was three round trips and 40–70 KB from the database per signature. So are the document
   * records the steps read or wrote (the signed agreement's, the audit trail's): three reads
   * of records holding the whole contract text per signature.
   */
  planOf(): StepPlan<SigningFinishStep, object> {
    const sealed = new Map<string, Buffer>();
    const documents: RunDocuments = new Map();
    return {
      operation: 'finish',
      steps: SIGNING_FINISH_STEPS,
      // The audit trail's and the seal's links go with the completion (or a failure's write):
      // every step is the same again from the claimed agreement (same events, same documents).
      fieldsWithNextWrite: true,
      run: (step, agreement) => this.runStep(step, agreement, { sealed, documents }),
    };
  }

  /** Does one step; returns the agreement fields it produced. */
  private async runStep(
    step: SigningFinishStep,
    contract: AgreementDocument<object>,
    { sealed, documents }: { sealed: Map<string, Buffer>; documents: RunDocuments },
  ): Promise<Partial<Agreement>> {
    const config = familyConfig(contract.family);
    const form = contract.form;
    const parties = config.parties(form);
    const title = config.title(form);
    switch (step) {
      case 'signaturePlaced': {
        const fieldValues = await this.fieldValuesOf(contract, SINGLE_SIGNER_RECIPIENT_ID, {
          name: parties.signerName,
          email: parties.signerEmail,
        });
        await this.documents.placeSignature(
          {
            document: contract.docLink,
            contractKind: contract.family,
            signerName: parties.signerName,
            initials: contract.initials,
            signature: await this.signatureSourceOf(contract),
            signedAt: contract.signedAt ?? new Date(),
            ...(fieldValues ? { fieldValues } : {}),
          },
          documents,
        );
        return {};
      }
      case 'auditTrail': {
        const { docLink } = await this.derivedDocuments.createAuditTrail(
          {
            agreement: contract.docLink,
            documentTitle: title,
            signer: { name: parties.signerName, email: parties.signerEmail },
            // Every recipient, one signer too (the certificate of completion):
            // role, e-mail, how they were authenticated ("… E-mail code verified at …") and
            // whether they signed, by the one rule the card and /verify read.
            ...auditRecipientsOf(contract, {
              name: parties.signerName,
              email: parties.signerEmail,
            }),
            events: auditEventsOf(contract),
            ...(await this.attachmentsListed(contract)),
            contractToken: contract.token,
            envelopeId: String(contract._id),
            verifyUrl: verifyLink(this.config.PUBLIC_SIGNING_URL, contract.verifyId ?? null),
          },
          documents,
        );
        return { auditTrailDocLink: docLink };
      }
      case 'merged': {
        const auditTrailDocLink = contract.auditTrailDocLink;
        if (!auditTrailDocLink) throw new Error('the audit trail is missing');
        // An admin's explicit, audited choice while the time-stamp service is away.
        const level = contract.sealLevelOverride?.level;
        // Built once and stored (the stored copy everybody gets), from the parts just checked.
        const { combinedDocLink, pdf } = await inSpan(
          'seal',
          {
            'prosign.agreement.id': String(contract._id),
            'prosign.seal.level': level ?? this.config.SEAL_LEVEL,
          },
          () =>
            this.derivedDocuments.sealedAgreement(
              contract.docLink,
              auditTrailDocLink,
              contract.token,
              level,
              documents,
            ),
        );
        sealed.set(combinedDocLink, pdf);
        return {
          signedDocLink: combinedDocLink,
          signedSha256: createHash('sha256').update(pdf).digest('hex'),
        };
      }
      case 'crmStageSigned': {
        // Queued: the signer never waits for the CRM nor sees it fail (the worker retries).
        // Files signers attached go onto the record beside the sealed PDF.
        const attached = (await this.signerFields?.attachmentsOf(contract)) ?? [];
        await this.crmEvents.request(contract, 'signed', {
          link: contract.signedDocLink ?? null,
          attachments: attached.map(({ fileId, fileName, type }) => ({
            fileId,
            name: fileName,
            contentType: type,
          })),
        });
        return {};
      }
      case 'signedPdfFiled': {
        // Families whose signed PDFs belong to a project register them with the file service.
        const projectId = config.fileServiceProjectId(form);
        if (!projectId) return {};
        if (!contract.signedDocLink) throw new Error('the sealed PDF is missing');
        await this.fileService.registerContractFile({
          projectId,
          originalName: pdfFileName(title, ' (signed)'),
          driveLink: contract.signedDocLink,
          fileType: 'application/pdf',
        });
        return {};
      }
      case 'signedCopyMail': {
        if (!contract.signedDocLink) throw new Error('the sealed PDF is missing');
        const pdf =
          sealed.get(contract.signedDocLink) ??
          (await this.documentPdfs.pdfOf(contract.signedDocLink)).pdf;
        // The verify link the mail carries resolves from now on.
        if (contract.verifyId) await this.links.addKey(contract, 'verify', contract.verifyId);
        await this.mail.send({
          key: agreementMailKey(contract, 'signed-copy'),
          agreementId: String(contract._id),
          template: {
            kind: 'signed-copy',
            data: {
              recipientName: parties.signerName,
              agreementTitle: title,
              documentLink: verifyLink(this.config.PUBLIC_SIGNING_URL, contract.verifyId),
            },
          },
          // Every signer gets the signed copy (one mail, each address once); copies in cc.
          to: [
            parties.signerEmail,
            ...(contract.recipients ?? [])
              .filter((r) => r.role !== 'cc' && r.id !== SINGLE_SIGNER_RECIPIENT_ID)
              .map((r) => r.email),
          ],
          cc: parties.copyTo,
          replyTo: parties.senderEmail,
          attachments: [
            {
              filename: pdfFileName(title, ' (signed)'),
              contentType: 'application/pdf',
              content: Buffer.from(pdf),
            },
          ],
        });
        return {};
      }
    }
  }

  /** The fields a recipient filled, placed with their signature; null for a family without them. */
  async fieldValuesOf(
    contract: AgreementDocument<object>,
    recipientId: string,
    who: { name: string; email: string },
  ): Promise<PlacedFieldValues | null> {
    return (await this.signerFields?.valuesOf(contract, recipientId, who)) ?? null;
  }

  /** The certificate's list of attached files, for an agreement that has any. */
  private async attachmentsListed(contract: AgreementDocument<object>) {
    const attached = (await this.signerFields?.attachmentsOf(contract)) ?? [];
    if (attached.length === 0) return {};
    return {
      attachments: attached.map(({ recipient, fieldLabel, fileName, bytes, sha256 }) => ({
        recipient,
        fieldLabel,
        fileName,
        bytes,
        sha256,
      })),
    };
  }

  async signatureSourceOf(contract: {
    signature?: string | null;
    signatureSource?: 'text' | 'image' | null;
    signatureImageId?: string | null;
    token?: string;
  }): Promise<SignatureSource> {
    if (contract.signatureSource === 'text' && contract.signature) {
      return { text: contract.signature };
    }
    // Records from before per-upload ids were kept under the token.
    const image = await this.signatureImages.findById(
      contract.signatureImageId ?? contract.token ?? '',
    );
    if (!image) throw new Error('the uploaded signature image is missing');
    const buffer = Buffer.from(image.png.buffer ?? image.png);
    return { image: { originalname: 'signature.png', size: buffer.length, buffer } };
  }
}

/** `{PUBLIC_SIGNING_URL}/verify/{verifyId}`: the public page that checks a signed PDF. */
export function verifyLink(signingUrl: string, verifyId: string | null): string | undefined {
  return verifyId ? `${signingUrl.replace(/\/+$/, '')}/verify/${verifyId}` : undefined;
}
