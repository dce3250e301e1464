import { familyDefinition, initialStatus } from '@prosign/domain';
import { pdfText } from '../pdf-text';
import { countersignAs } from '../signing-fixtures';
import { listed, type ListedCard } from './dashboard';
import {
  expectOwnFieldsOnPdfPages,
  expectReadingMatchesPdf,
  pdfAt,
  readingAndPdf,
  viewLinkOf,
} from './documents';
import { carriesLink, LUIS, PRINCIPAL, type FamilyWalk } from './walk';
import { SHELL_URL } from './world';

const SEAL_WAIT = 90_000;
const squash = (text: string) => text.replace(/\s+/g, '');
const signerStates = (card: ListedCard) =>
  card.recipients.filter((r) => r.role === 'signer').map((r) => r.state);

/** Create, send in order, read on a phone, sign, countersign. */
export function signingSteps(walk: FamilyWalk): void {
  it('create: the creation screen makes the document (naming the signer, when ProSign writes it) and sends nothing', async () => {
    const { form, sender, driver } = walk;
    const docLink = await form.create({});
    expect(docLink).toMatch(/\/api\/documents\/d\/[A-Za-z0-9_-]+\/edit$/);
    const text = squash(await pdfText(await pdfAt(walk.world.api, viewLinkOf(docLink), sender)));
    if (driver.documents === 'uploaded') {
      // An upload names nobody until it is signed: the document is the upload, its tags covered.
      if (!form.uploadSays) throw new Error('an uploaded family names what its upload says');
      expect(text).toContain(squash(form.uploadSays));
      expect(text).not.toContain('{{');
    } else {
      expect(text).toContain(squash(form.firstSigner.name));
    }
    // Not on the dashboard: nothing was sent.
    const rows = await listed(sender, driver.family, { search: form.firstSigner.email });
    expect(rows.some((card) => card.docLink === docLink)).toBe(false);
  });

  it('send to two signers in order: the second is asked only after the first signed', async () => {
    const { form, world } = walk;
    const sent = await walk.sendNew({ others: [LUIS], order: 'sequential' });
    const invited = await walk.signerMailed(sent.id, form.firstSigner.email);
    expect(invited.token).toBe(sent.first.token);
    const definition = familyDefinition(walk.driver.family);
    if (definition.signing.kind === 'link') {
      // A link family's invitation speaks of the document in its definition's words.
      const invitation = await world.mailTo(sent.id, form.firstSigner.email, carriesLink);
      expect(invitation.subject.startsWith(`${definition.mail.documentTitle} for `)).toBe(true);
    }
    const card = await walk.card(sent.handle);
    expect(card.status).toBe(initialStatus(walk.driver.family));
    expect(signerStates(card)).toEqual(['invited', 'waiting']);
    // Not his turn: nothing mailed to him.
    expect((await world.mailsOf(sent.id, LUIS.email)).filter(carriesLink)).toEqual([]);

    const first = await sent.first.sign(form.firstSigner.name);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      status: 'signed',
      progress: `1 of 2 signed — waiting for ${LUIS.name}`,
    });
    // Now he is asked, on a link of his own.
    const luis = await walk.signerMailed(sent.id, LUIS.email);
    expect(luis.token).not.toBe(sent.first.token);
    const mail = (await world.mailsOf(sent.id, LUIS.email)).filter(carriesLink);
    expect(mail).toHaveLength(1);
    expect(mail[0].html).not.toContain(sent.first.token);
    expect(signerStates(await walk.card(sent.handle))).toEqual(['signed', 'invited']);
    const his = await luis.open().expect(200);
    expect(his.body).toMatchObject({ linkState: 'open', recipientId: 'signer-2' });
    expect(signerStates(await walk.card(sent.handle))).toEqual(['signed', 'viewed']);
  });

  it('read on a phone: the signer reads what the PDF says, page by page (an upload: its own pages)', async () => {
    const sent = await walk.sendNew();
    const opened = await sent.first.open().expect(200);
    if (walk.driver.documents === 'uploaded') {
      // No text to lay out again: no reading view, the page draws the PDF's own pages.
      expect(opened.body.readingLink).toBeNull();
      await expectOwnFieldsOnPdfPages(sent.first, walk.form.firstSigner.name);
      return;
    }
    expect(opened.body.readingLink).toMatch(/\/api\/documents\/d\/[A-Za-z0-9_-]+\/reading$/);
    const { reading, pages } = await readingAndPdf(
      walk.world.api,
      opened.body.readingLink,
      opened.body.docLink,
    );
    expect(reading.title).toBeTruthy();
    expectReadingMatchesPdf(reading, pages);
    expect(JSON.stringify(reading.signatureBlock)).toContain(walk.form.firstSigner.name);
  });

  it(
    'sign: both signers sign, the agreement becomes signed and sealed, each gets the signed copy',
    async () => {
      const { form, world } = walk;
      const sent = await walk.sendNew({ others: [LUIS], order: 'parallel' });
      const luis = await walk.signerMailed(sent.id, LUIS.email);
      const part = await sent.first.sign(form.firstSigner.name);
      expect(part.body.progress).toBe(`1 of 2 signed — waiting for ${LUIS.name}`);
      expect((await walk.card(sent.handle)).status).not.toBe('signed');

      const last = await luis.sign(LUIS.name);
      expect(last.status).toBe(200);
      expect(last.body.status).toBe('signed');
      const card = await walk.cardOnce(sent.handle, (found) => Boolean(found.signedDocLink));
      expect(card.status).toBe('signed');
      expect(signerStates(card)).toEqual(['signed', 'signed']);
      for (const signer of [sent.first, luis]) {
        expect((await signer.check()).body.linkState).toBe('signed');
      }
      // One signed copy, to both (the worker mails it with the seal).
      const copy = await world.mailTo(
        sent.id,
        LUIS.email,
        (mail) => mail.template === 'signed-copy',
      );
      expect(copy.to).toEqual(expect.arrayContaining([form.firstSigner.email, LUIS.email]));
      const copies = (await world.mailsOf(sent.id)).filter(
        (mail) => mail.template === 'signed-copy',
      );
      expect(copies).toHaveLength(1);
    },
    SEAL_WAIT,
  );

  it(
    'countersign: the firm signs last in the staff app, and its signature seals it',
    async () => {
      const { form, world, admin } = walk;
      const sent = await walk.sendNew({ countersigner: PRINCIPAL });
      const part = await sent.first.sign(form.firstSigner.name);
      expect(part.body.progress).toBe('1 of 2 signed — waiting for the firm');
      expect((await walk.card(sent.handle)).status).not.toBe('signed');
      const request = await world.mailTo(
        sent.id,
        PRINCIPAL.email,
        (mail) => mail.template === 'countersign-request',
      );
      expect(request.html).toContain(`${SHELL_URL}/countersign/${sent.id}`);
      const queue = (await admin().get('/api/countersign/mine').expect(200)).body.items as {
        agreementId: string;
      }[];
      expect(queue.map((item) => item.agreementId)).toContain(sent.id);

      const claimed = await countersignAs(admin, sent.id, PRINCIPAL.name);
      expect(claimed.body.status).toBe('signed');
      const card = await walk.cardOnce(sent.handle, (found) => Boolean(found.signedDocLink));
      expect(card.status).toBe('signed');
      const text = squash(
        await pdfText(await pdfAt(world.api, card.signedDocLink as string, admin)),
      );
      expect(text).toContain(squash(PRINCIPAL.name));
      expect(text).toContain(`Signedby${PRINCIPAL.email}`);
    },
    SEAL_WAIT,
  );
}
