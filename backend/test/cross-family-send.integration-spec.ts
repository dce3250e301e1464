import type { INestApplication } from '@nestjs/common';
import type { AgreementFamily } from '@prosign/domain';
import {
  agreementsOfEachFamily,
  familyForms,
  INTRUDER_CC,
  storedSends,
  type FamilyAgreements,
  type FamilyForms,
} from './support/cross-family';
import { signInDemoUsers, type DemoRole } from './support/demo-users';
import { seedBaseData } from './support/seed';
import { asStaff, staffHttp } from './support/staff-session';
import { startApi } from './support/test-apps';
import { createTestEnv } from './support/test-env';

/**
 * A send never crosses families (item 2): every family's sends share
 * one kind of key, the document id, and a call of one family that names another
 * family's document or agreement is 404 (403 first where the caller lacks the
 * family's flag), leaving that agreement, its keys and its mails as they were.
 */
describe('cross-family sends: 404 for another family’s document, nothing changed', () => {
  const env = createTestEnv(__filename);
  let api: INestApplication;
  let cookies: Record<DemoRole, string>;
  let forms: FamilyForms;
  let family: Record<AgreementFamily, FamilyAgreements>;
  const as = (role: DemoRole) => asStaff(api, cookies[role]);

  beforeAll(async () => {
    await seedBaseData(env.config);
    ({ app: api } = await startApi(env.config));
    cookies = await signInDemoUsers(api);
    const admin = await staffHttp(api);
    forms = await familyForms(admin);
    family = await agreementsOfEachFamily(api, admin, forms);
  });

  afterAll(async () => {
    await api?.close();
    await env.cleanup();
  });

  /** Runs `refused` and checks that nothing stored changed meanwhile. */
  async function changesNothing(refused: () => Promise<void>): Promise<void> {
    const before = await storedSends(api);
    await refused();
    expect(await storedSends(api)).toEqual(before);
  }

  const sendLinkBody = (docLink: string) => ({
    doclink: docLink,
    email: 'maria.alvarez@example.com',
    first_name: 'Maria',
    csm_email: 'csm@prosign.example',
  });

  it('a csm without SOW rights gets 404 from send-link with a SOW document, not its customId', async () => {
    await changesNothing(async () => {
      for (const sow of [family.sow.sent, family.sow.draft]) {
        const res = await as('csm').post('/api/email/send-link').send(sendLinkBody(sow.docLink));
        expect(res.status).toBe(404);
        expect(JSON.stringify(res.body)).not.toContain(sow.token);
      }
    });
  });

  it('a pm without dashboard access gets 404 from send-link with a change order document', async () => {
    await changesNothing(async () => {
      for (const co of [family.co.sent, family.co.draft]) {
        const res = await as('pm').post('/api/email/send-link').send(sendLinkBody(co.docLink));
        expect(res.status).toBe(404);
        expect(JSON.stringify(res.body)).not.toContain(co.token);
      }
    });
  });

  it('/api/contracts/send with a SOW or change order document: 404, its record keeps its form', async () => {
    await changesNothing(async () => {
      for (const other of [family.sow, family.co]) {
        for (const { docLink } of [other.sent, other.draft]) {
          await as('admin')
            .post('/api/contracts/send')
            .send(forms.send.standard(docLink))
            .expect(404);
        }
      }
    });
  });

  it('/api/sow/send-contract and /api/co/send-contract with another family’s document: 404', async () => {
    await changesNothing(async () => {
      for (const [caller, others] of [
        ['sow', [family.standard, family.co]],
        ['co', [family.standard, family.sow]],
      ] as const) {
        for (const other of others) {
          for (const { docLink } of [other.sent, other.draft]) {
            await as('admin')
              .post(forms.sendPath[caller])
              .send(forms.send[caller](docLink))
              .expect(404);
          }
        }
      }
    });
  });

  it('/api/template/send-contract with another family’s document: 404, no cc_email written, nothing mailed', async () => {
    await changesNothing(async () => {
      for (const other of [family.sow, family.co]) {
        for (const { docLink } of [other.sent, other.draft]) {
          await as('csm')
            .post('/api/template/send-contract')
            .send({ docLink, recipientEmail: INTRUDER_CC })
            .expect(404);
        }
      }
    });
    const written = await storedSends(api);
    expect(JSON.stringify(written.agreements)).not.toContain(INTRUDER_CC);
  });

  it('/api/token/save with another family’s document and its token: 404', async () => {
    await changesNothing(async () => {
      for (const other of [family.sow, family.co]) {
        for (const { docLink, token } of [other.sent, other.draft]) {
          await as('admin')
            .post('/api/token/save')
            .send({ ...forms.send.standard(docLink), token })
            .expect(404);
        }
      }
    });
  });

  it('the cc calls of SOW and change orders with another family’s document: 404', async () => {
    await changesNothing(async () => {
      for (const [caller, others] of [
        ['sow', [family.standard, family.co]],
        ['co', [family.standard, family.sow]],
      ] as const) {
        for (const other of others) {
          await as('admin')
            .post(`/api/${caller}/send-contract-cc`)
            .send({ docLink: other.sent.docLink })
            .expect(404);
        }
      }
    });
  });

  it('resend and edit-and-resend with another family’s agreement: 404', async () => {
    await changesNothing(async () => {
      await as('admin')
        .put('/api/update/resend')
        .send({ token: family.sow.sent.token })
        .expect(404);
      await as('admin').put('/api/update/resend').send({ token: family.co.sent.token }).expect(404);
      await as('admin').post('/api/sow/update-resend').send({ id: family.co.sent.id }).expect(404);
      await as('admin')
        .post('/api/co/update-resend')
        .send({ id: family.standard.sent.id })
        .expect(404);
      await as('admin')
        .post('/api/co/send-contract')
        .send({ ...forms.send.co(family.co.unsent), replacesId: family.sow.sent.id })
        .expect(404);
    });
  });

  it('another family’s unsent document is refused by every send, then sent by its own family as usual', async () => {
    await changesNothing(async () => {
      await as('admin')
        .post('/api/contracts/send')
        .send(forms.send.standard(family.sow.unsent))
        .expect(404);
      await as('admin')
        .post('/api/email/send-link')
        .send(sendLinkBody(family.co.unsent))
        .expect(404);
      await as('admin')
        .post('/api/sow/send-contract')
        .send(forms.send.sow(family.co.unsent))
        .expect(404);
      await as('admin')
        .post('/api/co/send-contract')
        .send(forms.send.co(family.standard.unsent))
        .expect(404);
    });
    const own = await as('admin')
      .post('/api/sow/send-contract')
      .send(forms.send.sow(family.sow.unsent))
      .expect(200);
    expect(own.body).toMatchObject({ status: 'not-signed' });
  });

  it('without the family’s flag the guard answers 403 before anything is looked up', async () => {
    await changesNothing(async () => {
      await as('csm')
        .post('/api/sow/send-contract')
        .send(forms.send.sow(family.co.sent.docLink))
        .expect(403);
      await as('pm').put('/api/update/resend').send({ token: family.sow.sent.token }).expect(403);
      await as('noflags')
        .post('/api/email/send-link')
        .send(sendLinkBody(family.sow.sent.docLink))
        .expect(403);
    });
  });
});
