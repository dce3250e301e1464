import { EMAIL_CODE_MESSAGES, HANDED_OVER_ERROR, HANDOVER_MESSAGES } from '@prosign/domain';
import { AgreementSchedulesService } from '../../../src/modules/agreements/agreement-schedules.service';
import { pdfText } from '../pdf-text';
import { cardAction } from './dashboard';
import { pdfAt } from './documents';
import { carriesLink, JANE, LUIS, PRINCIPAL, type FamilyWalk } from './walk';
import { EXPIRY_DAYS } from './world';

const DAY = 24 * 3600_000;
const SEAL_WAIT = 90_000;

/** Decline, hand over, e-mail code, void, expire, remind. */
export function closingSteps(walk: FamilyWalk): void {
  it('decline: a signer declines with a reason; the agreement is declined and every link closes', async () => {
    const { world, driver } = walk;
    const sent = await walk.sendNew({ others: [LUIS], order: 'parallel' });
    const luis = await walk.signerMailed(sent.id, LUIS.email);
    await sent.first.open().expect(200);
    // A reason is required: nothing changes without one.
    await luis.decline('  ').expect(400);
    expect((await walk.card(sent.handle)).status).not.toBe('declined');

    const reason = 'The scope leaves out the retaining wall.';
    await luis.decline(reason).expect(200);
    const card = await walk.card(sent.handle);
    expect(card.status).toBe('declined');
    expect(card.declined).toMatchObject({ recipientId: 'signer-2', reason });
    for (const signer of [sent.first, luis]) {
      const checked = await signer.check();
      expect([checked.status, checked.body.linkState]).toEqual([200, 'declined']);
      await signer.decline('Again.').expect(409);
    }
    const notice = await world.mailTo(sent.id, driver.sender, (m) => m.template === 'declined');
    expect(notice.html).toContain(reason);
    expect(notice.html).not.toContain(sent.first.token);
  });

  it('hand over: the signer hands their place to another signatory, who gets their own link', async () => {
    const { world, driver } = walk;
    const sent = await walk.sendNew();
    await sent.first.open().expect(200);
    await sent.first.handOver(JANE, 'Jane signs for us.').expect(200);

    // The old link is closed, naming who has it now.
    const old = await sent.first.check();
    expect(old.status).toBe(409);
    expect(old.body).toMatchObject({
      error: HANDED_OVER_ERROR,
      message: HANDOVER_MESSAGES.handedOver(JANE.name),
    });
    const jane = await walk.signerMailed(sent.id, JANE.email);
    expect(jane.token).not.toBe(sent.first.token);
    const opened = await jane.open().expect(200);
    expect(opened.body.linkState).toBe('open');

    const handle = { ...sent.handle, search: JANE.email };
    const card = await walk.card(handle);
    expect(card.recipients[0]).toMatchObject({ name: JANE.name, email: JANE.email });
    expect(card.recipients[0].handedOver).toMatchObject({
      fromEmail: walk.form.firstSigner.email,
      note: 'Jane signs for us.',
    });
    const notice = await world.mailTo(sent.id, driver.sender, (m) => m.template === 'handed-over');
    expect(notice.html).not.toContain(jane.token);
    await jane.saveSignature(JANE.name);
  });

  it('e-mail code: the document opens only after the code mailed to the signer is entered', async () => {
    const { world, form } = walk;
    const sent = await walk.sendNew({ requireEmailCode: true });
    const refused = await sent.first.open().expect(403);
    expect(refused.body.message).toBe(EMAIL_CODE_MESSAGES.required);
    const status = await sent.first.emailCode.status().expect(200);
    expect(status.body).toMatchObject({ required: true, pending: false, locked: false });

    await sent.first.emailCode.send().expect(200);
    const code = await world.mailedCode(form.firstSigner.email);
    const wrong = `${code.slice(0, 5)}${(Number(code[5]) + 1) % 10}`;
    expect((await sent.first.emailCode.verify(wrong)).status).toBeGreaterThanOrEqual(400);
    await sent.first.open().expect(403);
    expect((await sent.first.emailCode.verify(code)).status).toBe(200);

    await sent.first.open().expect(200);
    await sent.first.saveSignature(form.firstSigner.name);
    const card = await walk.card(sent.handle);
    expect(card.history.map((event) => event.type)).toContain('email_code_verified');
  });

  it(
    'void: an admin voids a signed agreement; its card says void, with the VOID-stamped PDF',
    async () => {
      const { walked } = await walk.signedAndSealed();
      // Administrators only.
      await cardAction(walk.sender, walked.handle, 'void').then((res) =>
        expect(res.status).toBe(403),
      );
      const voided = await cardAction(walk.admin, walked.handle, 'void');
      expect(voided.status).toBe(200);
      const card = await walk.card(walked.handle);
      expect(card.status).toBe('void');
      expect(card.voidDocLink).toBeTruthy();
      const text = await pdfText(
        await pdfAt(walk.world.api, card.voidDocLink as string, walk.admin),
      );
      expect(text).toContain('VOID');
      expect(card.history.at(-1)).toMatchObject({ type: 'void', performedBy: PRINCIPAL.email });
    },
    SEAL_WAIT,
  );

  it('expire: an agreement left unsigned past the expiry days expires, and its link closes', async () => {
    const sent = await walk.sendNew();
    await sent.first.open().expect(200);
    const schedules = walk.world.worker.get(AgreementSchedulesService, { strict: false });
    // A month later, the worker's schedule runs.
    expect(
      await schedules.expireDue(new Date(Date.now() + (EXPIRY_DAYS + 1) * DAY)),
    ).toBeGreaterThan(0);
    expect((await walk.card(sent.handle)).status).toBe('expired');
    const checked = await sent.first.check();
    expect([checked.status, checked.body.linkState]).toEqual([200, 'expired']);
  });

  it('remind: staff send a reminder; the signer gets it with their own link', async () => {
    const { world, form } = walk;
    const sent = await walk.sendNew();
    await cardAction(walk.sender, sent.handle, 'sendReminder').then((res) =>
      expect(res.status).toBe(200),
    );
    const reminder = await world.mailTo(
      sent.id,
      form.firstSigner.email,
      (mail) => carriesLink(mail) && /reminder/i.test(mail.subject),
    );
    expect(reminder.html).toContain(sent.first.token);
    expect((await walk.card(sent.handle)).remindersAt).toHaveLength(1);
  });
}
