import {
  BadRequestException,
  ConflictException,
  Injectable,
  NotFoundException,
} from '@nestjs/common';
import type {
  AgreementEventPage,
  AgreementPageAnswer,
  PublicAgreement,
  PublicApiInput,
  ReminderSentAnswer,
} from '@prosign/domain';
import type { QueryFilter } from 'mongoose';
import { AppConfig } from '../../platform/config/app-config';
import {
  AgreementLifecycleService,
  AgreementRepository,
  type Agreement,
  type AgreementDocument,
} from '../agreements';
import { DocumentPdfService } from '../documents';
import { cursorAfter, cursorPosition, publicListFilter } from './agreement-list-query';
import type { ApiKeyActor } from './public-api-route.decorator';
import {
  publicAgreementOf,
  publicAgreementSummaryOf,
  publicEventsOf,
} from './public-agreement.view';

const NOT_FOUND = 'No agreement has this id.';

/** A PDF as the documents module serves it. */
type PdfFile = Awaited<ReturnType<DocumentPdfService['pdfOf']>>;

/** The sealed files of an agreement: the signed PDF with its certificate, and the certificate. */
type SealedFile = 'sealed' | 'certificate';

/**
 * The public api's reads of agreements and its actions on sent ones: the dashboards' list as
 * cursor pages, one agreement with its recipients and events, its sealed files, and remind,
 * void and cancel through the agreement core's lifecycle (the family's action table decides
 * what each status allows, as for staff).
 */
@Injectable()
export class PublicAgreementsService {
  constructor(
    private readonly agreements: AgreementRepository,
    private readonly lifecycle: AgreementLifecycleService,
    private readonly documentPdfs: DocumentPdfService,
    private readonly config: AppConfig,
  ) {}

  async list({ query }: PublicApiInput<'listAgreements'>): Promise<AgreementPageAnswer> {
    const rows = await this.agreements.pageAfter<object>(
      publicListFilter(query) as QueryFilter<Agreement>,
      cursorPosition(query.cursor),
      // One more than asked: whether a next page exists, without counting.
      query.limit + 1,
    );
    const page = rows.slice(0, query.limit);
    return {
      data: page.map((row) => publicAgreementSummaryOf(row, this.config.CONTRACT_EXPIRY_DAYS)),
      nextCursor: rows.length > query.limit ? cursorAfter(page[page.length - 1]) : null,
    };
  }

  async get(id: string): Promise<PublicAgreement> {
    return publicAgreementOf((await this.found(id)).toObject(), this.config.CONTRACT_EXPIRY_DAYS);
  }

  async events({
    params,
    query,
  }: PublicApiInput<'listAgreementEvents'>): Promise<AgreementEventPage> {
    const events = publicEventsOf((await this.found(params.id)).toObject());
    const after = query.cursor === undefined ? 0 : Number(query.cursor);
    if (!Number.isInteger(after) || after < 0) {
      throw new BadRequestException({
        message: 'The request is not valid.',
        errors: [{ path: 'cursor', message: 'is not a cursor of this list' }],
      });
    }
    const page = events.slice(after, after + query.limit);
    const end = after + page.length;
    return { data: page, nextCursor: end < events.length ? String(end) : null };
  }

  /** The sealed PDF or the certificate of completion; 409 until the seal made them. */
  async sealedFile(id: string, file: SealedFile): Promise<PdfFile> {
    const agreement = await this.found(id);
    const link = file === 'sealed' ? agreement.signedDocLink : agreement.auditTrailDocLink;
    if (!link) throw new ConflictException('The agreement is not signed and sealed yet.');
    return this.documentPdfs.pdfOf(link);
  }

  async remind(id: string, actor: ApiKeyActor): Promise<ReminderSentAnswer> {
    const agreement = await this.sent(id);
    const remindedAt = new Date().toISOString();
    await this.lifecycle.sendReminder(agreement.family, { id }, actor);
    return { agreement: await this.get(id), remindedAt };
  }

  async void(id: string, actor: ApiKeyActor): Promise<PublicAgreement> {
    const agreement = await this.sent(id);
    await this.lifecycle.void(agreement.family, { id }, actor);
    return this.get(id);
  }

  async cancel(id: string, actor: ApiKeyActor): Promise<PublicAgreement> {
    const agreement = await this.sent(id);
    await this.lifecycle.cancel(agreement.family, { id }, actor);
    return this.get(id);
  }

  /**
   * The agreement an action on a sent one is asked of; 409 for a draft, which the lifecycle
   * does not know (it would answer 404 for an agreement the caller has just read).
   */
  private async sent(id: string): Promise<AgreementDocument<object>> {
    const agreement = await this.found(id);
    if (agreement.status === null) {
      throw new ConflictException('The agreement is a draft: it has not been sent yet.');
    }
    return agreement;
  }

  /** The agreement, drafts included; 404 for a deleted one or an id that names none. */
  async found(id: string): Promise<AgreementDocument<object>> {
    const agreement = await this.agreements.findById<object>(id);
    if (!agreement || agreement.deletedAt) throw new NotFoundException(NOT_FOUND);
    return agreement;
  }
}
