import type { INestApplication } from '@nestjs/common';
import { getConnectionToken } from '@nestjs/mongoose';
import {
  BUILT_IN_FAMILIES,
  familyDefinition,
  createAccessFlags,
  dashboardAccessOf,
  initialStatus,
  type AgreementFamily,
  type DashboardAccessFlag,
} from '@prosign/domain';
import { Types, type Connection } from 'mongoose';
import { randomBytes } from 'node:crypto';
import { AccessService } from '../src/modules/access/access.service';
import { AgreementRecordCreationRepository } from '../src/modules/agreements/agreement-record-creation.repository';
import { mailDeliveries } from '../src/modules/mail/mail-delivery.collection';
import { staffHttp, type StaffHttp } from './support/staff-session';
import { startApi } from './support/test-apps';
import { createTestEnv } from './support/test-env';

/** The dashboard flags, and a user holding only each one. */
const FLAGS: readonly DashboardAccessFlag[] = [
  'dashboardAccess',
  'sowDashboardAccess',
  'documentsAccess',
];
const USER_OF: Record<DashboardAccessFlag, string> = {
  dashboardAccess: 'contracts-only@prosign.example',
  sowDashboardAccess: 'sow-only@prosign.example',
  documentsAccess: 'documents-only@prosign.example',
};

/** The dashboard actions every family's lifecycle controller serves (`POST /api/{prefix}/…`). */
const FAMILY_ACTIONS = [
  'manual-signed',
  'update-resend',
  'update-edit-resend',
  'cancel-contract',
  'send-reminder',
  'void-contract',
] as const;

/**
 * One table (libs/domain's family definitions) decides which dashboard a
 * family is on: its list, its card actions and the Retry of its failed mail
 * all need that dashboard's flag, and no other. A change order is on the
 * contract dashboard (Show CO): `dashboardAccess` alone may retry its mail.
 */
describe('a family’s routes need its dashboard’s flag, and only that', () => {
  const env = createTestEnv(__filename);
  let api: INestApplication;
  let connection: Connection;
  const http = {} as Record<DashboardAccessFlag, StaffHttp>;

  beforeAll(async () => {
    ({ app: api } = await startApi(env.config));
    connection = api.get(getConnectionToken(), { strict: false });
    const access = api.get(AccessService, { strict: false });
    for (const flag of FLAGS) {
      await access.ensureUser(USER_OF[flag], ['csm'], createAccessFlags({ [flag]: true }));
      http[flag] = await staffHttp(api, USER_OF[flag]);
    }
  });

  afterEach(() => connection.collection('agreements').deleteMany({ 'form.retryOnly': true }));

  afterAll(async () => {
    await api?.close();
    await env.cleanup();
  });

  /** A sent agreement of the family whose last mail finally failed (its card shows Retry). */
  async function agreementWithFailedMail(family: AgreementFamily): Promise<string> {
    const _id = new Types.ObjectId();
    const token = randomBytes(24).toString('base64url');
    const deliveryId = `test-failed.${String(_id)}`;
    const now = new Date();
    await mailDeliveries(connection).insertOne({
      _id: deliveryId,
      template: 'test',
      to: ['someone@example.com'],
      cc: [],
      replyTo: null,
      subject: 'A mail that failed',
      html: '',
      text: '',
      attachments: [],
      status: 'failed',
      attempts: 3,
      requeues: 0,
      lastError: 'mail server down',
      messageId: null,
      agreementId: String(_id),
      createdAt: now,
      updatedAt: now,
      sentAt: null,
    });
    await api.get(AgreementRecordCreationRepository, { strict: false }).importRecord(
      {
        _id,
        family,
        token,
        // Only what the retry reads: no family's card can be drawn from it (removed after each test).
        form: { retryOnly: true },
        docLink: `https://prosign.example.com/api/documents/d/doc-${token}/edit`,
        signingLink: `https://sign.example/${token}`,
        sentBy: 'csm@prosign.example',
        status: initialStatus(family),
        createdAt: now,
        mailProblem: { deliveryId, template: 'test', error: 'mail server down', at: now },
      },
      [{ type: 'sent', actor: 'csm@prosign.example', at: now, status: initialStatus(family) }],
    );
    return String(_id);
  }

  it('lets a change order’s mail be retried with the contract dashboard’s flag alone', async () => {
    const id = await agreementWithFailedMail('co');
    await http.sowDashboardAccess().post(`/api/agreements/${id}/mail/retry`).expect(403);
    await http.dashboardAccess().post(`/api/agreements/${id}/mail/retry`).expect(202);
  });

  it.each(BUILT_IN_FAMILIES)(
    'the %s family: Retry mail answers the holder of its dashboard flag and refuses the other',
    async (family) => {
      for (const flag of FLAGS) {
        const id = await agreementWithFailedMail(family);
        const allowed = flag === dashboardAccessOf(family);
        await http[flag]()
          .post(`/api/agreements/${id}/mail/retry`)
          .expect(allowed ? 202 : 403);
      }
    },
  );

  it.each(BUILT_IN_FAMILIES.filter((family) => family !== 'standard'))(
    'the %s family: its list and every card action need its dashboard flag',
    async (family) => {
      const prefix = familyDefinition(family).apiPrefix;
      const unknownId = String(new Types.ObjectId());
      for (const flag of FLAGS) {
        const allowed = flag === dashboardAccessOf(family);
        const list = await http[flag]().get(`/api/${prefix}/get-contracts`);
        expect(list.status).toBe(allowed ? 200 : 403);
        for (const action of FAMILY_ACTIONS) {
          const res = await http[flag]().post(`/api/${prefix}/${action}`).send({ id: unknownId });
          // With the flag the route is reached and finds no such agreement.
          expect([action, res.status]).toEqual([action, allowed ? 404 : 403]);
        }
      }
    },
  );
});
