import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { AgreementFamily } from '@prosign/domain';
import type { Model, Types } from 'mongoose';
import { randomBytes } from 'node:crypto';
import {
  AgreementLink,
  type Agreement,
  type AgreementDocument,
  type AgreementLinkKind,
} from './agreement.schema';
import { AgreementRepository } from './agreement.repository';

/** How many signing links a process keeps resolved (a few hundred bytes each). */
const RESOLVED_SIGNING_LINKS = 5_000;

/** 192 random bits: signing links cannot be guessed (docs/architecture.md#how-a-request-flows asks ≥128). */
export function newLinkToken(): string {
  return randomBytes(24).toString('base64url');
}

/**
 * The keys of agreements (`agreement_links`, whose `_id` is the key itself): signing tokens,
 * send keys and verify ids, each naming one agreement; the agreement it names is read from
 * AgreementRepository by `_id`.
 */
@Injectable()
export class AgreementLinkRepository {
  /**
   * Signing links this process resolved, by token: the agreement and seat each names. A link
   * never names another agreement or seat once stored (a hand-over gives a new token; a link
   * is removed only when nobody was given it), so a signer's next calls read the agreement
   * alone, which says whether the token still opens it.
   */
  private readonly resolvedSigningLinks = new Map<
    string,
    { agreementId: Types.ObjectId; recipientId: string | null }
  >();

  constructor(
    @InjectModel(AgreementLink.name) private readonly links: Model<AgreementLink>,
    private readonly records: AgreementRepository,
  ) {}

  /**
   * The agreement a key names (a signing token, a verify id, a send key), or
   * null. A family's send looks its key up with findBySendKey instead.
   */
  async findByKey<TForm extends object = Record<string, unknown>>(
    kind: AgreementLinkKind,
    key: string,
  ): Promise<AgreementDocument<TForm> | null> {
    if (!key) return null;
    const link = await this.links.findById(linkId(kind, key)).lean();
    if (!link || link.kind !== kind) return null;
    return this.records.findById<TForm>(link.agreementId);
  }

  /**
   * The agreement a signing token opens and whose it is: the first signer's (the
   * agreement's own token; `recipientId` null) or another signer's.
   */
  async findBySigningToken<TForm extends object = Record<string, unknown>>(
    token: string,
  ): Promise<{ agreement: AgreementDocument<TForm>; recipientId: string | null } | null> {
    if (!token) return null;
    const link = this.resolvedSigningLinks.get(token) ?? (await this.resolveSigningLink(token));
    if (!link) return null;
    const agreement = await this.records.findById<TForm>(link.agreementId);
    return agreement ? { agreement, recipientId: link.recipientId } : null;
  }

  private async resolveSigningLink(token: string) {
    const link = await this.links.findById(linkId('sign', token)).lean();
    if (!link || link.kind !== 'sign') return null;
    const resolved = { agreementId: link.agreementId, recipientId: link.recipientId ?? null };
    this.resolvedSigningLinks.set(token, resolved);
    // The oldest resolved first out: a Map iterates in insertion order.
    for (const oldest of this.resolvedSigningLinks.keys()) {
      if (this.resolvedSigningLinks.size <= RESOLVED_SIGNING_LINKS) break;
      this.resolvedSigningLinks.delete(oldest);
    }
    return resolved;
  }

  /**
   * The agreement `family`'s send started under this key, or null. A key
   * another family's send holds is not found: one family's send, copy or
   * record call never reads or writes another family's agreement.
   */
  async findBySendKey<TForm extends object = Record<string, unknown>>(
    family: AgreementFamily,
    sendKey: string,
  ): Promise<AgreementDocument<TForm> | null> {
    if (!sendKey) return null;
    const link = await this.links.findById(linkId('send', sendKey)).lean();
    if (!link || link.kind !== 'send' || link.family !== family) return null;
    return this.records.findById<TForm>(link.agreementId);
  }

  /** The sent agreement a key names, with only what presence needs (its id and family). */
  async sentAgreementOfKey(
    kind: AgreementLinkKind,
    key: string,
  ): Promise<Pick<Agreement, '_id' | 'family'> | null> {
    if (!key) return null;
    const link = await this.links.findById(linkId(kind, key)).lean();
    if (!link || link.kind !== kind) return null;
    if (link.publishedAt) return { _id: link.agreementId, family: link.family };
    // Not marked (not yet published, a send that stopped between its two writes,
    // or a link older than the mark): the agreement's status decides.
    const agreement = await this.records.familyAndStatusOf(link.agreementId);
    if (!agreement || agreement.status === null) return null;
    if (kind === 'sign') await this.markSigningLinkPublished(key);
    return { _id: agreement._id, family: agreement.family };
  }

  /**
   * Marks a published agreement's signing link, so a key check reads the link
   * alone. Idempotent; called by the send once its record is published.
   */
  async markSigningLinkPublished(token: string, at = new Date()): Promise<void> {
    await this.links.updateOne(
      { _id: linkId('sign', token), kind: 'sign', publishedAt: null },
      { $set: { publishedAt: at } },
    );
  }

  // ── Hand-over: a new signer's link, the old one closed ──

  /**
   * Registers a new signing link of a published agreement (a hand-over's): the first
   * signer's (`recipientId` null) or another signer's. It opens nothing until the
   * agreement names it (SigningService.seatOf compares the seat's current token).
   */
  async addSigningLink(
    agreement: Pick<Agreement, '_id' | 'family'>,
    token: string,
    recipientId: string | null,
    at: Date,
  ): Promise<void> {
    await this.links.create({
      _id: token,
      kind: 'sign',
      agreementId: agreement._id,
      family: agreement.family,
      ...(recipientId ? { recipientId } : {}),
      createdAt: at,
      publishedAt: at,
    });
  }

  /** Removes a signing link nobody was given (a hand-over that lost its race). */
  async removeSigningLink(token: string): Promise<void> {
    this.resolvedSigningLinks.delete(token);
    await this.links.deleteOne({ _id: linkId('sign', token), kind: 'sign' });
  }

  /** Marks a signing link handed over: its page says to whom (the new signer's name). */
  async markLinkHandedOver(token: string, to: string, at: Date): Promise<void> {
    await this.links.updateOne(
      { _id: linkId('sign', token), kind: 'sign' },
      { $set: { handedOverAt: at, handedOverTo: to } },
    );
  }

  /** When and to whom a signing link was handed over, or null (not a link, or not handed over). */
  async handoverOfLink(token: string): Promise<{ at: Date; to: string } | null> {
    if (!token) return null;
    const link = await this.links.findById(linkId('sign', token)).lean();
    if (!link || link.kind !== 'sign' || !link.handedOverAt) return null;
    return { at: link.handedOverAt, to: link.handedOverTo ?? '' };
  }

  /** Registers the public verify id of a signed agreement. */
  async addKey(agreement: Pick<Agreement, '_id' | 'family'>, kind: AgreementLinkKind, key: string) {
    await this.links.updateOne(
      { _id: linkId(kind, key) },
      {
        $setOnInsert: {
          kind,
          agreementId: agreement._id,
          family: agreement.family,
          createdAt: new Date(),
        },
      },
      { upsert: true },
    );
  }
}

/** The `_id` of a key's link. */
export function linkId(kind: AgreementLinkKind, key: string): string {
  // Signing tokens are their own id (the spec's link shape); other keys are namespaced.
  return kind === 'sign' ? key : `${kind}:${key}`;
}
