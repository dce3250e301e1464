import type { INestApplication } from '@nestjs/common';
import { createConnection, type Connection } from 'mongoose';
import request from 'supertest';
import { caughtMails } from '../src/integrations/mail/caught-mail.collection';
import {
  FILE_SERVICE_PORT,
  type FileServicePort,
} from '../src/integrations/file-service/file-service.port';
import { signInDemoUsers, type DemoRole } from './support/demo-users';
import { asStaff } from './support/staff-session';
import { startApi } from './support/test-apps';
import { createTestEnv } from './support/test-env';

/**
 * Caught mail carries clients' signing links, so the mailbox (and
 * the file-service records shown beside it) are for administrators only. Today
 * a pm (no dashboard access) could read a client's signing link from it.
 */
describe('mailbox: administrators only', () => {
  const env = createTestEnv(__filename);
  let api: INestApplication;
  let connection: Connection;
  let cookies: Record<DemoRole, string>;
  const signingLink = 'http://localhost:8084/0123456789abcdef0123456789abcdef?prefix=contract';
  const mailId = 'caught-mail-1';

  beforeAll(async () => {
    ({ app: api } = await startApi(env.config));
    cookies = await signInDemoUsers(api);
    connection = await createConnection(env.config.MONGODB_URI).asPromise();
    await caughtMails(connection).insertOne({
      _id: mailId,
      from: 'ProSign <no-reply@prosign.local>',
      to: ['maria.alvarez@example.com'],
      cc: [],
      subject: 'Please review and sign: Agreement',
      html: `<a href="${signingLink}">Review and sign</a>`,
      text: `Review and sign: ${signingLink}`,
      messageId: '<m1@prosign.local>',
      attachments: [],
      envelopeTo: ['maria.alvarez@example.com', 'hidden-bcc@example.com'],
      receivedAt: new Date(),
    });
    await api.get<FileServicePort>(FILE_SERVICE_PORT).registerContractFile({
      projectId: '9001',
      originalName: 'SOW-signed.pdf',
      driveLink: 'http://localhost:3000/api/documents/d/0123456789abcdef01234567/view',
      fileType: 'contract-sow',
    });
  });

  afterAll(async () => {
    await connection?.close();
    await api?.close();
    await env.cleanup();
  });

  it('an administrator lists caught mail and reads one with its link (Bcc recipients hidden)', async () => {
    const admin = asStaff(api, cookies.admin);
    const list = await admin.get('/api/mailbox').expect(200);
    expect(list.body).toMatchObject({ total: 1, messages: [{ id: mailId }] });
    expect(list.body.messages[0]).not.toHaveProperty('html');
    const mail = await admin.get(`/api/mailbox/${mailId}`).expect(200);
    expect(mail.body.html).toContain(signingLink);
    expect(mail.body).not.toHaveProperty('envelopeTo');
    expect(JSON.stringify(mail.body)).not.toContain('hidden-bcc');
    const records = await admin.get('/api/file-service/records').expect(200);
    expect(records.body).toMatchObject({ total: 1, records: [{ projectId: '9001' }] });
  });

  it.each(['csm', 'pm', 'noflags'] as const)(
    'a %s can neither list, read nor empty the mailbox, nor see file-service records',
    async (role) => {
      const staff = asStaff(api, cookies[role]);
      const list = await staff.get('/api/mailbox').expect(403);
      expect(list.body.message).toBe('Only administrators can do this.');
      const mail = await staff.get(`/api/mailbox/${mailId}`).expect(403);
      expect(JSON.stringify(mail.body)).not.toContain(signingLink);
      await staff.delete('/api/mailbox').expect(403);
      await staff.get('/api/file-service/records').expect(403);
      // The mail is still there for the administrator.
      expect(await caughtMails(connection).countDocuments({})).toBe(1);
    },
  );

  it('without a session the mailbox answers 401', async () => {
    await request(api.getHttpServer()).get('/api/mailbox').expect(401);
    await request(api.getHttpServer()).get(`/api/mailbox/${mailId}`).expect(401);
  });

  it('an administrator empties it', async () => {
    await asStaff(api, cookies.admin).delete('/api/mailbox').expect(204);
    expect(await caughtMails(connection).countDocuments({})).toBe(0);
  });
});
