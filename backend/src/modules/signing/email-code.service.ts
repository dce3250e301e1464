import {
  BadRequestException,
  ConflictException,
  ForbiddenException,
  GoneException,
  HttpException,
  HttpStatus,
  Inject,
  Injectable,
} from '@nestjs/common';
import {
  EMAIL_CODE_MESSAGES,
  EMAIL_CODE_RULES,
  emailCodeLockedOf,
  extractDocId,
  maskEmailAddress,
  minutesUntil,
  normalizeEmailCode,
  SINGLE_SIGNER_RECIPIENT_ID,
  type EmailCodeProof,
  type EmailCodeStatus,
} from '@prosign/domain';
import type { Request } from 'express';
import { createHmac, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import { CAPTCHA_SECRET } from '../../integrations/captcha';
import { captchaPassOf } from '../../platform/auth/request-credentials';
import { AppConfig } from '../../platform/config/app-config';
import { type Agreement, AgreementEventRepository } from '../agreements';
import { DocumentReadAccess } from '../documents';
import { MailService } from '../mail';
import {
  EmailCodeRepository,
  type EmailCodeDoc,
  type StoredEmailCode,
} from './email-code.repository';
import { signerEvent, type SignerActor } from './signer-events';
import { SigningService } from './signing.service';
import {
  emailOf,
  linkKey,
  MINUTE,
  nextSendAt,
  placeOf,
  recentSends,
  recipientOf,
  type Seat,
} from './email-code-seats';

/** Conditional writes lost to a concurrent request are tried again this often. */
const WRITE_ATTEMPTS = 4;

/** 429 with the domain's words (too many tries, too many sends). */
class TooManyRequests extends HttpException {
  constructor(message: string) {
    super({ statusCode: HttpStatus.TOO_MANY_REQUESTS, message }, HttpStatus.TOO_MANY_REQUESTS);
  }
}

/** 423: the place's code step is locked by too many wrong codes until staff re-open it. */
class CodeStepLocked extends HttpException {
  constructor() {
    super(
      { statusCode: HttpStatus.LOCKED, message: EMAIL_CODE_MESSAGES.locked, error: 'Locked' },
      HttpStatus.LOCKED,
    );
  }
}

/**
 * The e-mail one-time code (rules in `EMAIL_CODE_RULES`): mailed to the
 * address of the recipient whose link it is, stored only as a keyed hash in `email_codes`
 * (one record per link, every change one conditional write by `_id`, so any api replica
 * may send, check or count), checked in constant time, single use. A right code writes
 * "e-mail code verified" into the agreement's hash-chained log and yields a signed proof
 * bound to the link and to the captcha pass of the session, which the signer's calls
 * carry (`X-Email-Code-Proof`) and `assertRequest` checks. The code never reaches a log,
 * an event, a job id or a mail header: only the mail's body.
 */
@Injectable()
export class EmailCodeService {
  private readonly hashKey: Buffer;

  constructor(
    @Inject(CAPTCHA_SECRET) secret: Buffer,
    private readonly codes: EmailCodeRepository,
    private readonly signing: SigningService,
    private readonly eventLog: AgreementEventRepository,
    private readonly mail: MailService,
    private readonly config: AppConfig,
    private readonly readAccess: DocumentReadAccess,
  ) {
    // Its own key, derived from the server secret: a code hash is no captcha pass signature.
    this.hashKey = createHmac('sha256', secret).update('email-code.hash').digest();
  }

  /** Whether the seat's signer must enter a code (a later signer before their turn has nothing to open). */
  requiredFor(seat: Seat): boolean {
    if (seat.agreement.requireEmailCode !== true) return false;
    const recipient = recipientOf(seat);
    return recipient?.state !== 'waiting';
  }

  async status(token: string, now = new Date()): Promise<EmailCodeStatus> {
    const seat = await this.signing.seatOf(token);
    if (!this.requiredFor(seat)) {
      return {
        required: false,
        maskedEmail: '',
        pending: false,
        expiresAt: null,
        resendAvailableAt: null,
      };
    }
    const doc = await this.codes.findById(linkKey(token));
    return this.statusOf(seat, doc, now);
  }

  /** Whether the seat's code step is locked (too many wrong codes over all its codes). */
  private lockedFor(seat: Seat): boolean {
    return emailCodeLockedOf(seat.agreement.emailCodeFailures).includes(placeOf(seat));
  }

  /** Mails a new code to the link's recipient (the previous one stops working); 429 past the limit. */
  async send(token: string, now = new Date()): Promise<EmailCodeStatus> {
    const seat = await this.signing.seatOf(token);
    if (!this.requiredFor(seat)) throw new ConflictException(EMAIL_CODE_MESSAGES.notRequired);
    // No code is mailed to a locked place: none could be entered.
    if (this.lockedFor(seat)) throw new CodeStepLocked();
    const email = emailOf(seat);
    const code = String(randomInt(0, 10 ** EMAIL_CODE_RULES.length)).padStart(
      EMAIL_CODE_RULES.length,
      '0',
    );
    const stored: StoredEmailCode = {
      id: randomUUID(),
      hash: '',
      sentAt: now,
      expiresAt: new Date(now.getTime() + EMAIL_CODE_RULES.validMinutes * MINUTE),
      tries: 0,
      usedAt: null,
    };
    stored.hash = this.hashOf(stored.id, code);
    const key = linkKey(token);
    const purgeAt = new Date(now.getTime() + EMAIL_CODE_RULES.sendWindowMinutes * MINUTE);
    let saved: EmailCodeDoc | null = null;
    for (let attempt = 0; attempt < WRITE_ATTEMPTS && !saved; attempt++) {
      const doc = await this.codes.findById(key);
      if (!doc) {
        const fresh: EmailCodeDoc = {
          _id: key,
          agreementId: String(seat.agreement._id),
          recipientId: seat.recipientId ?? SINGLE_SIGNER_RECIPIENT_ID,
          code: stored,
          sends: [now],
          verifiedAt: null,
          version: 0,
          purgeAt,
        };
        if (await this.codes.insert(fresh)) saved = fresh;
        continue;
      }
      const recent = recentSends(doc, now);
      if (recent.length >= EMAIL_CODE_RULES.maxSends) {
        throw new TooManyRequests(
          EMAIL_CODE_MESSAGES.sendLimit(minutesUntil(nextSendAt(recent), now.getTime())),
        );
      }
      const sends = [now, ...recent].slice(0, EMAIL_CODE_RULES.maxSends);
      if (await this.codes.replace(key, doc.version, { code: stored, sends, purgeAt })) {
        saved = { ...doc, code: stored, sends, purgeAt, version: doc.version + 1 };
      }
    }
    if (!saved) throw new ConflictException('Please try again.');
    // Keyed by the code's random id: the digits are in the mail only; its delivery record keeps
    // a placeholder and goes when the code expires.
    await this.mail.send({
      key: `email-code.${stored.id}`,
      template: { kind: 'email-code', data: { code } },
      to: [email],
      secret: { value: code, expiresAt: stored.expiresAt },
    });
    await this.codes.sweep(now);
    return this.statusOf(seat, saved, now);
  }

  /**
   * Checks an entered code against the link's current one: one try counted per entry (a
   * conditional write, so parallel guesses cannot exceed the limit), used once. A right code
   * records the event and answers the proof for this link and captcha pass.
   */
  async verify(
    token: string,
    rawCode: unknown,
    request: Request,
    actor: SignerActor,
    now = new Date(),
  ): Promise<EmailCodeProof> {
    const seat = await this.signing.seatOf(token);
    if (!this.requiredFor(seat)) throw new ConflictException(EMAIL_CODE_MESSAGES.notRequired);
    const entered = normalizeEmailCode(rawCode);
    if (!entered) throw new BadRequestException(EMAIL_CODE_MESSAGES.malformed);
    // The entry is one of the place's limited wrong entries until it proves
    // right (reserved before the code is checked, so parallel guesses cannot pass the limit).
    const failures = await this.reserveFailure(seat);
    const entry: { outcome: 'wrong' | 'right' | 'unchecked' } = { outcome: 'unchecked' };
    try {
      return await this.check(seat, token, entered, request, actor, failures, now, (outcome) => {
        entry.outcome = outcome;
      });
    } finally {
      if (entry.outcome !== 'wrong') await this.releaseFailure(seat);
      else if (failures >= EMAIL_CODE_RULES.maxFailuresPerPlace) {
        await this.recordLock(seat, actor, now);
      }
    }
  }

  /** One code check of `verify`, its entry already counted against the place. */
  private async check(
    seat: Seat,
    token: string,
    entered: string,
    request: Request,
    actor: SignerActor,
    failures: number,
    now: Date,
    checked: (outcome: 'wrong' | 'right') => void,
  ): Promise<EmailCodeProof> {
    const key = linkKey(token);
    for (let attempt = 0; attempt < WRITE_ATTEMPTS; attempt++) {
      const doc = await this.codes.findById(key);
      const code = doc?.code;
      if (!doc || !code) throw new ConflictException(EMAIL_CODE_MESSAGES.noCode);
      if (code.usedAt) throw new ConflictException(EMAIL_CODE_MESSAGES.used);
      if (code.expiresAt.getTime() <= now.getTime()) {
        throw new GoneException(EMAIL_CODE_MESSAGES.expired);
      }
      if (code.tries >= EMAIL_CODE_RULES.maxTries) {
        throw new TooManyRequests(EMAIL_CODE_MESSAGES.tooManyTries);
      }
      const right = this.matches(code, entered);
      const tries = code.tries + 1;
      const written = await this.codes.replace(key, doc.version, {
        code: { ...code, tries, usedAt: right ? now : null },
        ...(right ? { verifiedAt: now } : {}),
      });
      if (!written) continue; // Another entry counted meanwhile: read again.
      checked(right ? 'right' : 'wrong');
      if (!right) {
        if (failures >= EMAIL_CODE_RULES.maxFailuresPerPlace) throw new CodeStepLocked();
        // The fewer of this code's tries and the place's wrong entries left.
        const left = Math.min(
          EMAIL_CODE_RULES.maxTries - tries,
          EMAIL_CODE_RULES.maxFailuresPerPlace - failures,
        );
        if (left <= 0) throw new TooManyRequests(EMAIL_CODE_MESSAGES.tooManyTries);
        throw new BadRequestException(EMAIL_CODE_MESSAGES.wrong(left));
      }
      await this.eventLog.record<object>(seat.agreement, {
        now,
        event: signerEvent('email_code_verified', actor, {
          recipientId: seat.recipientId ?? SINGLE_SIGNER_RECIPIENT_ID,
        }),
      });
      // The proof opens this link's calls and its document (DocumentReadAccess).
      return this.readAccess.issueProof(
        token,
        captchaPassOf(request) ?? '',
        extractDocId(seat.agreement.docLink) ?? '',
        new Date(now.getTime() + this.config.CAPTCHA_PASS_TTL_SECONDS * 1000),
      );
    }
    throw new ConflictException('Please try again.');
  }

  /**
   * Counts one entry against the place's wrong entries, with one conditional `$inc` below the
   * limit on the agreement (so the count outlives every code and send window, and concurrent
   * entries cannot pass it); 423 once the limit is reached. Answers the count with this entry.
   */
  private async reserveFailure(seat: Seat): Promise<number> {
    const path = `emailCodeFailures.${placeOf(seat)}`;
    const max = EMAIL_CODE_RULES.maxFailuresPerPlace;
    const counted = await this.eventLog.record<object>(seat.agreement, {
      condition: { $or: [{ [path]: { $exists: false } }, { [path]: { $lt: max } }] } as never,
      inc: { [path]: 1 },
    });
    if (!counted) throw new CodeStepLocked();
    return (counted as unknown as Agreement).emailCodeFailures?.[placeOf(seat)] ?? 1;
  }

  /** Gives back an entry that was not a wrong code (right, or refused before any check). */
  private async releaseFailure(seat: Seat): Promise<void> {
    const path = `emailCodeFailures.${placeOf(seat)}`;
    await this.eventLog.record<object>(seat.agreement, {
      condition: { [path]: { $gt: 0 } } as never,
      inc: { [path]: -1 },
    });
  }

  /** The wrong entry that reached the limit locks the code step: an event of the chain says so. */
  private async recordLock(seat: Seat, actor: SignerActor, now: Date): Promise<void> {
    const path = `emailCodeFailures.${placeOf(seat)}`;
    await this.eventLog.record<object>(
      seat.agreement,
      {
        now,
        // Unless a right entry running alongside gave its reservation back meanwhile.
        condition: { [path]: { $gte: EMAIL_CODE_RULES.maxFailuresPerPlace } } as never,
        event: signerEvent('email_code_locked', actor, { recipientId: placeOf(seat) }),
      },
      { notify: true },
    );
  }

  /**
   * Refuses (403) a signer call on a link that needs a code without a valid proof for this
   * link and this captcha pass. Links that need none, and unknown links (the handler's 404),
   * pass.
   */
  async assertRequest(request: Request, token: string, now = Date.now()): Promise<void> {
    // A valid proof for this link and pass answers without reading the agreement.
    if (this.readAccess.hasProofForLink(request, token, now)) return;
    let seat: Seat;
    try {
      // Kept for the request's handler: its service reads the seat no second time.
      seat = await this.signing.seatOfRequest(request, token);
    } catch {
      return;
    }
    if (this.requiredFor(seat)) throw new ForbiddenException(EMAIL_CODE_MESSAGES.required);
  }

  private statusOf(seat: Seat, doc: EmailCodeDoc | null, now: Date): EmailCodeStatus {
    const code = doc?.code ?? null;
    const locked = this.lockedFor(seat);
    const pending = Boolean(
      !locked &&
      code &&
      !code.usedAt &&
      code.expiresAt.getTime() > now.getTime() &&
      code.tries < EMAIL_CODE_RULES.maxTries,
    );
    const recent = doc ? recentSends(doc, now) : [];
    return {
      required: true,
      maskedEmail: maskEmailAddress(emailOf(seat)),
      pending,
      expiresAt: pending && code ? code.expiresAt.toISOString() : null,
      resendAvailableAt:
        recent.length >= EMAIL_CODE_RULES.maxSends ? nextSendAt(recent).toISOString() : null,
      locked,
    };
  }

  private hashOf(codeId: string, code: string): string {
    return createHmac('sha256', this.hashKey).update(`${codeId}.${code}`).digest('base64url');
  }

  private matches(stored: StoredEmailCode, entered: string): boolean {
    const expected = Buffer.from(stored.hash, 'base64url');
    const actual = Buffer.from(this.hashOf(stored.id, entered), 'base64url');
    return expected.length === actual.length && timingSafeEqual(expected, actual);
  }
}
