import { ConflictException, Injectable, Logger } from '@nestjs/common';
import {
  actionRule,
  pdfFileName,
  transitionRule,
  withDocLinkMode,
  extractDocId,
  type ContractSendStep,
} from '@prosign/domain';
import { AppConfig } from '../../platform/config/app-config';
import { DocumentLayoutService, DocumentPdfService, DocumentReadAccess } from '../documents';
import { MailService } from '../mail';
import { AgreementCrmEvents } from './agreement-crm-events';
import { agreementExpiresAt, ownExpiryOf } from './agreement-expiry';
import { familyConfig } from './agreement-family';
import { publishedRecipients } from './agreement-recipients';
import { agreementMailKey } from './agreement-mail-keys';
import type { AgreementDocument } from './agreement.schema';
import { AgreementRepository } from './agreement.repository';
import { AgreementEventRepository } from './agreement-events.repository';
import { AgreementLinkRepository } from './agreement-links.repository';

import type { SendActor } from './agreement-send.service';

/**
 * The steps of a send (spec 2 §4), one at a time as the StepRunner runs them: the signing link
 * mailed, the document to the copy addresses, the record published, the replaced record marked,
 * the CRM deal queued to move.
 */
@Injectable()
export class AgreementSendSteps {
  private readonly logger = new Logger(AgreementSendSteps.name);

  constructor(
    private readonly repository: AgreementRepository,
    private readonly links: AgreementLinkRepository,
    private readonly eventLog: AgreementEventRepository,
    private readonly mail: MailService,
    private readonly documentPdfs: DocumentPdfService,
    private readonly documentLayout: DocumentLayoutService,
    private readonly crmEvents: AgreementCrmEvents,
    private readonly readAccess: DocumentReadAccess,
    private readonly config: AppConfig,
  ) {}

  /** Does one step of the send. */
  async runStep<TForm extends object>(
    step: ContractSendStep,
    agreement: AgreementDocument<TForm>,
    actor: SendActor,
  ): Promise<void> {
    const config = familyConfig<TForm>(agreement.family);
    const form = agreement.form;
    const parties = config.parties(form);
    const params = agreement.send?.params ?? {};
    const title = config.title(form);
    switch (step) {
      case 'reviewLinkMail':
        await this.mail.send({
          key: agreementMailKey(agreement, 'review-link'),
          agreementId: String(agreement._id),
          template: config.linkMail({
            form,
            link: agreement.signingLink,
            senderEmail: parties.senderEmail,
            isReminder: false,
            subject: params.subject,
          }),
          to: [parties.signerEmail],
          replyTo: parties.senderEmail,
        });
        // The other signers asked to sign now (at once): each their own link, by their name.
        for (const signer of agreement.recipients ?? []) {
          if (signer.role !== 'signer' || signer.order !== 1 || !signer.signingLink) continue;
          await this.mail.send({
            key: agreementMailKey(agreement, 'review-link', signer.id),
            agreementId: String(agreement._id),
            template: config.linkMail({
              form: config.withSigner(form, signer),
              link: signer.signingLink,
              senderEmail: parties.senderEmail,
              isReminder: false,
              subject: params.subject,
            }),
            to: [signer.email],
            replyTo: parties.senderEmail,
          });
        }
        return;
      case 'ccCopy': {
        if (parties.copyTo.length === 0) return;
        const { pdf } = await this.documentPdfs.pdfOf(agreement.docLink);
        await this.mail.send({
          key: agreementMailKey(agreement, 'cc-copy'),
          agreementId: String(agreement._id),
          template: {
            kind: 'cc-copy',
            data: {
              clientName: parties.signerName,
              agreementTitle: title,
              link: await this.ccLinkOf(agreement),
            },
          },
          to: parties.copyTo,
          replyTo: parties.senderEmail,
          attachments: [
            {
              filename: pdfFileName(params.filename || title),
              contentType: 'application/pdf',
              content: Buffer.from(pdf),
            },
          ],
        });
        return;
      }
      case 'recordSaved': {
        // The document as sent is final now (its signers' blocks set): where it puts each
        // signer's marks is kept with the record it publishes, so no link check reads it.
        const signingPlaces = await this.signingPlacesOf(agreement);
        const now = new Date();
        const expiresAt = ownExpiryOf(agreement.family, form, now);
        const published = await this.eventLog.transition(
          agreement,
          transitionRule(agreement.family, 'publish'),
          {
            now,
            set: {
              ...(signingPlaces ? { signingPlaces } : {}),
              ...(expiresAt ? { expiresAt } : {}),
              createdAt: now,
              createdIp: actor.ip ?? null,
              recipients: publishedRecipients(
                parties,
                parties.signerPhone,
                now,
                agreement.recipients ?? [],
              ),
            },
            event: {
              type: 'sent',
              actor: actor.email,
              ip: actor.ip ?? null,
              userAgent: actor.userAgent ?? null,
            },
          },
        );
        // A run that crashed after publishing finds it published: the step is done.
        if (!published && (await this.repository.findById(agreement._id))?.status == null) {
          throw new ConflictException('the agreement could not be published');
        }
        // After the status: a mark without it would let a signer socket in early.
        await this.links.markSigningLinkPublished(agreement.token, now);
        return;
      }
      case 'previousMarked': {
        const replacedId = params.replacesId;
        if (!replacedId) return;
        const previous = await this.repository.findById(replacedId);
        if (!previous) throw new ConflictException('the previous contract is gone');
        const marked = await this.eventLog.transition(
          previous,
          actionRule(previous.family, 'editAndResend'),
          {
            set: {
              isEditResend: true,
              editResendAt: new Date(),
              replacedBy: String(agreement._id),
            },
            event: {
              type: 'edited_resent',
              actor: actor.email,
              ip: actor.ip ?? null,
              userAgent: actor.userAgent ?? null,
            },
          },
        );
        if (!marked) {
          const current = await this.repository.findById(replacedId);
          if (current?.status !== 'edited_resent') {
            throw new ConflictException(
              `the previous contract is ${current?.status ?? 'gone'} and cannot be marked edited and resent`,
            );
          }
        }
        return;
      }
      case 'crmStageSent': {
        // Queued: the send neither waits for the CRM nor fails with it (the worker retries).
        // The deal's link is the live signing link, read by the write when it runs.
        await this.crmEvents.request(agreement, 'sent');
        return;
      }
    }
  }

  /**
   * The cc recipient's link to the document: as it is, or with a grant of its own when the
   * signers must enter an e-mail code (the document then opens for nobody else).
   */
  private async ccLinkOf(agreement: AgreementDocument<object>): Promise<string> {
    const link = withDocLinkMode(agreement.docLink, 'view');
    const docId = extractDocId(agreement.docLink);
    if (!agreement.requireEmailCode || !docId) return link;
    // Sent before the record is published: valid as long as its links will be from now.
    const now = new Date();
    const until = agreementExpiresAt(
      { createdAt: now, expiresAt: ownExpiryOf(agreement.family, agreement.form, now) },
      this.config.CONTRACT_EXPIRY_DAYS,
    )!;
    return this.readAccess.grantedLink(link, { docId, agreementId: String(agreement._id), until });
  }

  /**
   * The signing places of the agreement's document, or null when they cannot be read now (a
   * rendering problem never fails the send: the first link check computes them instead).
   */
  private async signingPlacesOf(agreement: AgreementDocument<object>) {
    try {
      return await this.documentLayout.signingPlaces(agreement.docLink);
    } catch (error) {
      this.logger.warn(
        `no signing places for agreement ${String(agreement._id)} at its send: ${(error as Error).message}`,
      );
      return null;
    }
  }
}
