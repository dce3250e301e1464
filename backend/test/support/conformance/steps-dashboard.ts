import {
  familyDefinition,
  initialStatus,
  type AgreementFilter,
  type CrmRecordActivityView,
  type CrmStageMappingView,
} from '@prosign/domain';
import { pdfText } from '../pdf-text';
import { pdfsig } from '../pdf-timestamp';
import { waitFor } from '../wait-for';
import { listed, type StaffHandle } from './dashboard';
import { pdfAt } from './documents';
import type { FamilyWalk } from './walk';

const SEAL_WAIT = 90_000;
const squash = (text: string) => text.replace(/\s+/g, '');

/** List, filter and search; card; details; CRM write-back; the sealed PDF checked by pdfsig. */
export function dashboardSteps(walk: FamilyWalk): void {
  /** Whether the family's list, with these filters (and the signer's search), shows the agreement. */
  const shows = async (handle: StaffHandle, filters: readonly AgreementFilter[]) =>
    (await listed(walk.sender, handle.family, { search: handle.search, filters })).some(
      (card) => card._id === handle.id,
    );
  /** The family's filter boxes that the step uses, when its dashboard offers them. */
  const offered = (filters: AgreementFilter[]) =>
    filters.filter((filter) => familyDefinition(walk.driver.family).filters.includes(filter));

  it('list, filter and search: the dashboard finds it by its signer and by where it stands', async () => {
    const sent = await walk.sendNew();
    const { handle } = sent;
    expect(await shows(handle, ['all'])).toBe(true);
    expect(await shows({ ...handle, search: 'nobody-signs-this@example.invalid' }, ['all'])).toBe(
      false,
    );
    const [notViewed, viewed] = offered(['notViewed', 'viewed']);
    if (notViewed) expect(await shows(handle, [notViewed])).toBe(true);
    await sent.first.open().expect(200);
    if (viewed) expect(await shows(handle, [viewed])).toBe(true);
    if (notViewed) expect(await shows(handle, [notViewed])).toBe(false);
    const [notSigned, signed] = offered(['notSigned', 'signed']);
    expect([notSigned, signed]).toEqual(['notSigned', 'signed']);
    expect(await shows(handle, ['notSigned'])).toBe(true);
    expect(await shows(handle, ['signed'])).toBe(false);

    await sent.first.sign(walk.form.firstSigner.name).then((res) => expect(res.status).toBe(200));
    expect(await shows(handle, ['signed'])).toBe(true);
    expect(await shows(handle, ['notSigned'])).toBe(false);
  });

  it('card: the card names the agreement, its signer, its sender and where it stands', async () => {
    const { driver, form } = walk;
    const sent = await walk.sendNew();
    const card = await walk.card(sent.handle);
    expect(card).toMatchObject({
      _id: sent.id,
      family: driver.family,
      status: initialStatus(driver.family),
      docLink: sent.docLink,
      summary: {
        recipientName: form.firstSigner.name,
        recipientEmail: form.firstSigner.email,
        senderEmail: driver.sender,
      },
    });
    expect(card.summary.title).toBeTruthy();
    expect(card.recipients[0]).toMatchObject({
      id: 'signer-1',
      role: 'signer',
      name: form.firstSigner.name,
      state: 'invited',
    });
    expect(card.signedDocLink || null).toBeNull();
  });

  it('details: each step shows with its time, and the history names it', async () => {
    const sent = await walk.sendNew();
    await sent.first.open().expect(200);
    await sent.first.sign(walk.form.firstSigner.name).then((res) => expect(res.status).toBe(200));
    const card = await walk.card(sent.handle);
    for (const at of [card.createdAt, card.viewedAt, card.signatureSavedAt, card.signedAt]) {
      expect(Number.isNaN(Date.parse(at as string))).toBe(false);
    }
    expect(card.viewedTimes).toBeGreaterThanOrEqual(1);
    expect(card.recipients[0].state).toBe('signed');
    const types = card.history.map((event) => event.type);
    expect(types).toEqual(expect.arrayContaining(['sent', 'viewed', 'signed']));
    expect(types.indexOf('sent')).toBeLessThan(types.indexOf('viewed'));
    for (const event of card.history) expect(event.title).toBeTruthy();
  });

  /** The stage a signature moves the deal to, by its pipeline's rules (null: none). */
  async function signedStageOf(dealId: string): Promise<string | null> {
    const { admin } = walk;
    const deal = (await admin().get(`/api/admin/crm/records/deals/${dealId}`).expect(200))
      .body as CrmRecordActivityView;
    const mappings = (await admin().get('/api/admin/crm/stage-mappings').expect(200))
      .body as CrmStageMappingView;
    const pipeline = mappings.pipelines.find((p) => p.id === deal.pipeline?.id);
    return pipeline?.rules.signed.stageId ?? null;
  }

  it(
    'CRM write-back: the record the family names gets a note of the signature, a deal its stage',
    async () => {
      const { form, admin, driver } = walk;
      const record = form.crmRecord;
      // The record type is the definition's: a deal's or a project's.
      expect(record.type).toBe(`${familyDefinition(driver.family).crm.record}s`);
      const signedStage = record.type === 'deals' ? await signedStageOf(record.id) : null;
      const { card } = await walk.signedAndSealed();
      const title = `"${card.summary.title}"`;
      // The note comes first, then the deal's stage: both are the worker's, once signed.
      const view = await waitFor(
        async () =>
          (await admin().get(`/api/admin/crm/records/${record.type}/${record.id}`).expect(200))
            .body as CrmRecordActivityView,
        (found) =>
          found.notes.some((n) => n.body.startsWith(`${title} was signed in ProSign`)) &&
          (!signedStage || found.stage?.id === signedStage),
        { timeoutMs: 45_000, intervalMs: 200 },
      );
      expect(view.notes.some((n) => n.body.startsWith(`${title} was sent for signature`))).toBe(
        true,
      );
    },
    SEAL_WAIT,
  );

  it(
    'sealed PDF: pdfsig, an independent reader, finds the seal valid over the signed agreement',
    async () => {
      const { card } = await walk.signedAndSealed();
      const pdf = await pdfAt(walk.world.api, card.signedDocLink as string, walk.sender);
      const [seal] = pdfsig(pdf)
        .split(/^Signature #\d+:$/m)
        .slice(1);
      expect(seal).toContain('Signature Validation: Signature is Valid.');
      expect(seal).toContain('Signer Certificate Common Name: ProSign Document Seal (local)');
      const text = squash(await pdfText(pdf));
      expect(text).toContain(squash(walk.form.firstSigner.name));
      expect(text).toContain(`Signedby${walk.form.firstSigner.email}`);
    },
    SEAL_WAIT,
  );
}
