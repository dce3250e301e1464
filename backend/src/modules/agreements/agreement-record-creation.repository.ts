import { Injectable, NotFoundException, Optional } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { AgreementFamily } from '@prosign/domain';
import { Types, type Model } from 'mongoose';
import {
  Agreement,
  AgreementLink,
  type AgreementDocument,
  type AgreementEvent,
  type AgreementLinkKind,
} from './agreement.schema';
import type { StoredRecipient } from './agreement-recipients';
import { AgreementRepository } from './agreement.repository';
import { AgreementInsightsRepository } from './agreement-insights.repository';
import { linkId, newLinkToken } from './agreement-links.repository';
import { chainedEvent, type EventInput } from './event-chain';
import { outboxEntryOfLifeStep, WebhookRelayRequests } from '../webhooks';

const DUPLICATE_KEY = 11000;

export interface NewAgreement<TForm extends object> {
  family: AgreementFamily;
  /** What makes two sends the same send (the agreement document's id). */
  sendKey: string;
  form: TForm;
  docLink: string;
  sentBy: string;
  searchText: string;
  signingLinkOf: (token: string) => string;
  sendParams?: Record<string, string | null>;
  /** Signers besides the form's own, each with their own token (several signers). */
  additionalSigners?: StoredRecipient[];
  /** Every signer must enter an e-mail code before the document opens. */
  requireEmailCode?: boolean;
}

/**
 * Makes agreement records: a send's (its keys and record, once per send key) and an imported
 * one's (one that already happened, its events chained here). Writes both collections in the
 * order that lets a retry complete a crashed attempt.
 */
@Injectable()
export class AgreementRecordCreationRepository {
  constructor(
    @InjectModel(Agreement.name) private readonly agreements: Model<Agreement>,
    @InjectModel(AgreementLink.name) private readonly links: Model<AgreementLink>,
    private readonly records: AgreementRepository,
    private readonly insights: AgreementInsightsRepository,
    @Optional() private readonly webhookRelay?: WebhookRelayRequests,
  ) {}

  /**
   * The agreement of a send: created on the first attempt (send key, signing
   * token and record, in that order, so a crash between them is completed by
   * the retry); a repeated or concurrent attempt gets the same record. A send
   * key belongs to the family whose send took it first: another family's send
   * under it is 404, as for a document that family never made, and its
   * record is neither returned nor changed.
   */
  async createOnce<TForm extends object = Record<string, unknown>>(
    input: NewAgreement<TForm>,
  ): Promise<{
    agreement: AgreementDocument<TForm>;
    created: boolean;
  }> {
    const now = new Date();
    const proposedId = new Types.ObjectId();
    let agreementId = proposedId;
    try {
      await this.links.create({
        _id: linkId('send', input.sendKey),
        kind: 'send',
        agreementId: proposedId,
        family: input.family,
        createdAt: now,
      });
    } catch (error) {
      if ((error as { code?: number }).code !== DUPLICATE_KEY) throw error;
      const existing = await this.links.findById(linkId('send', input.sendKey)).lean();
      if (!existing) throw error;
      if (existing.family !== input.family) throw new NotFoundException('Document not found.');
      agreementId = existing.agreementId as Types.ObjectId;
      const found = await this.records.findById<TForm>(agreementId);
      if (found) return { agreement: found, created: false };
    }
    // The record itself (first attempt, or a retry after a crash right after the key).
    const token = newLinkToken();
    await this.links.create({
      _id: token,
      kind: 'sign',
      agreementId,
      family: input.family,
      createdAt: now,
    });
    const additional = input.additionalSigners ?? [];
    await Promise.all(
      // The firm's countersigner signs in the staff app: no link.
      additional
        .filter((signer) => signer.token)
        .map((signer) =>
          this.links.create({
            _id: signer.token as string,
            kind: 'sign',
            agreementId,
            family: input.family,
            recipientId: signer.id,
            createdAt: now,
          }),
        ),
    );
    // Its `agreement.created` webhook event is in the record from its first write.
    const createdEvent = outboxEntryOfLifeStep(String(agreementId), 'agreement.created', now);
    try {
      const created = await this.agreements.create({
        _id: agreementId,
        webhookOutbox: [createdEvent],
        webhookSequence: 1,
        ...(additional.length ? { recipients: additional } : {}),
        ...countersignerUserIdOf(additional),
        family: input.family,
        token,
        docLink: input.docLink,
        signingLink: input.signingLinkOf(token),
        form: input.form,
        sentBy: input.sentBy,
        status: null,
        searchText: input.searchText,
        requireEmailCode: input.requireEmailCode === true,
        send: {
          state: 'in_progress',
          steps: {},
          startedAt: now,
          attempts: 0,
          params: input.sendParams ?? {},
        },
      });
      await this.webhookRelay?.relaySoon(String(agreementId), createdEvent);
      return { agreement: created as unknown as AgreementDocument<TForm>, created: true };
    } catch (error) {
      if ((error as { code?: number }).code !== DUPLICATE_KEY) throw error;
      await this.links.deleteMany({
        _id: { $in: [token, ...additional.map((signer) => signer.token as string)] },
      });
      const winner = await this.records.findById<TForm>(agreementId);
      if (!winner) throw error;
      return { agreement: winner, created: false };
    }
  }

  /**
   * Writes a whole agreement as it already happened (demo data, the one-time
   * move of old contract records): its events, given in order with their
   * times, are chained here; its keys are registered. Nothing is written when
   * an agreement with this `_id` exists (re-running adds nothing).
   */
  async importRecord<TForm extends object>(
    record: Omit<Partial<Agreement<TForm>>, 'events' | 'headHash'> &
      Pick<Agreement<TForm>, '_id' | 'family' | 'token' | 'form'>,
    events: readonly EventInput[],
    keys: { sendKey?: string | null; verifyId?: string | null } = {},
  ): Promise<boolean> {
    if (await this.agreements.exists({ _id: record._id })) return false;
    const chained: AgreementEvent[] = [];
    let head: string | null = null;
    let status: string | null = null;
    for (const input of events) {
      status = input.status === undefined ? status : input.status;
      const event = chainedEvent(input, head, status, input.at ?? new Date());
      chained.push(event);
      head = event.hash;
    }
    const now = new Date();
    const link = (kind: AgreementLinkKind, key: string) =>
      this.links.updateOne(
        { _id: linkId(kind, key) },
        {
          $setOnInsert: {
            kind,
            agreementId: record._id,
            family: record.family,
            createdAt: now,
            ...(kind === 'sign' && status !== null ? { publishedAt: now } : {}),
          },
        },
        { upsert: true },
      );
    await link('sign', record.token);
    if (keys.sendKey) await link('send', keys.sendKey);
    if (keys.verifyId) await link('verify', keys.verifyId);
    let created: AgreementDocument<TForm>;
    try {
      created = (await this.agreements.create({
        ...record,
        events: chained,
        headHash: head,
      })) as unknown as AgreementDocument<TForm>;
    } catch (error) {
      if ((error as { code?: number }).code !== DUPLICATE_KEY) throw error;
      return false;
    }
    // Counted by Insights as a sent one is (the demo's past agreements fill its figures).
    await this.insights.refresh(created.toObject() as never);
    return true;
  }
}

/** The countersigner's staff e-mail as its own field, for the indexed "Waiting for my signature". */
function countersignerUserIdOf(recipients: readonly StoredRecipient[]) {
  const firm = recipients.find((recipient) => recipient.role === 'countersigner');
  return firm?.staffUserId ? { countersignerUserId: firm.staffUserId } : {};
}
