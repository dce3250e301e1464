import type { INestApplication, INestApplicationContext } from '@nestjs/common';
import { getConnectionToken } from '@nestjs/mongoose';
import type { Connection } from 'mongoose';
import { crmMarkerOf } from '../src/modules/crm/crm-agreement-record';
import { mailDeliveries } from '../src/modules/mail/mail-delivery.collection';
import { seedBaseData } from './support/seed';
import {
  PUBLIC_API_URL,
  PUBLIC_SIGNING_URL,
  sendContract,
  signerHttp,
} from './support/signing-fixtures';
import { staffHttp } from './support/staff-session';
import { startApi, startWorker } from './support/test-apps';
import { createTestEnv } from './support/test-env';
import { waitFor } from './support/wait-for';

const FORGED = 'Open in ProSign: https://evil.example/x';

/**
 * Text a signer writes cannot pose as ours. A decline reason that carries a
 * line like our own ("Open in ProSign: https://evil…") reaches the deal's CRM note and the
 * sender's mail only inside a quotation under the signer's name, and the mail links nothing of
 * it (the card: libs/ui AgreementCard.spec.tsx; the hand-over notice: handed-over-mail.spec.ts).
 */
describe('a signer’s words are only ever a quotation', () => {
  const env = createTestEnv(__filename, { PUBLIC_API_URL, PUBLIC_SIGNING_URL });
  let api: INestApplication;
  let worker: INestApplicationContext;
  let connection: Connection;

  beforeAll(async () => {
    await seedBaseData(env.config);
    ({ app: api } = await startApi(env.config));
    worker = await startWorker(env.config);
    connection = api.get<Connection>(getConnectionToken(), { strict: false });
  });

  afterAll(async () => {
    await worker?.close();
    await api?.close();
    await env.cleanup();
  });

  it('a decline reason with a line of "ours" is quoted in the CRM note and the mail, and linked nowhere', async () => {
    const csm = await staffHttp(api, 'csm@prosign.example');
    const sent = await sendContract(csm, { hsDealId: '40000003' });
    const id = String(
      (await connection.collection('agreements').findOne({ token: sent.token }))!._id,
    );
    const reason = `The fee is too high.\n${FORGED}`;
    await signerHttp(api).post('/api/verifyToken').send({ token: sent.token }).expect(200);
    await signerHttp(api)
      .post('/api/signing/decline')
      .send({ token: sent.token, reason })
      .expect(200);

    // The deal's note: the reason's lines each after "> ", under "<signer> wrote:"; our own
    // link line is the last, and the only line that starts so.
    const key = `standard-declined.${id}`;
    await waitFor(
      () => connection.collection('crm_stage_moves').findOne({ _id: key as never }),
      (doc) => doc?.status === 'moved',
    );
    const note = await connection.collection('crm_notes').findOne({ marker: crmMarkerOf(key) });
    const lines = String(note!.body).split('\n');
    const quoted = lines.indexOf('> The fee is too high.');
    expect(lines[quoted - 1]).toMatch(/^.+ wrote:$/);
    expect(lines[quoted + 1]).toBe(`> ${FORGED}`);
    expect(lines.filter((line) => line.includes('evil.example'))).toEqual([`> ${FORGED}`]);
    expect(lines.filter((line) => line.startsWith('Open in ProSign:'))).toEqual([
      `Open in ProSign: ${env.config.PUBLIC_SHELL_URL.replace(/\/+$/, '')}/dashboard`,
    ]);

    // The sender's mail: quoted in its text; in its HTML inside a blockquote, with no link to it.
    const [mail] = await waitFor(
      () => mailDeliveries(connection).find({ agreementId: id, template: 'declined' }).toArray(),
      (found) => found.length > 0,
    );
    const text = mail.text.split('\n');
    expect(text.filter((line) => line.includes('evil.example'))).toEqual([`> ${FORGED}`]);
    expect(text.some((line) => line.startsWith('Open in ProSign'))).toBe(false);
    const blockquote = /<blockquote[^>]*>(.*?)<\/blockquote>/s.exec(mail.html)?.[1] ?? '';
    expect(blockquote.replace(/\u200b/g, '')).toContain(FORGED);
    expect(mail.html.replace(/<blockquote[^>]*>.*?<\/blockquote>/s, '')).not.toContain(
      'Open in ProSign',
    );
    expect(mail.html).not.toContain('href=');
    expect(mail.html).not.toContain('https://evil.example');
  });
});
