import { ServiceUnavailableException, type INestApplication } from '@nestjs/common';
import { getConnectionToken } from '@nestjs/mongoose';
import {
  BUILT_IN_FAMILIES,
  STANDARD_TEMPLATE_DOC_IDS,
  type AgreementFamily,
} from '@prosign/domain';
import type { Connection } from 'mongoose';
import { MAIL_DELIVERY_COLLECTION } from '../../src/modules/mail/mail-delivery.collection';
import { MailService } from '../../src/modules/mail/mail.service';
import { coBody, coDealFixture } from './co-fixtures';
import { documentDraftOf, documentSendForm, taggedDocumentPdf } from './document-family-fixtures';
import { contractFormData, contractSendBody } from './document-fixtures';
import { sowBody } from './sow-fixtures';
import type { StaffHttp } from './staff-session';

/** An agreement as the calls name it: its document, signing token and id. */
export interface FamilyRecord {
  docLink: string;
  token: string;
  id: string;
}

/** One family's agreements, each reached through the family's own screens. */
export interface FamilyAgreements {
  /** Sent and published by the family's own send. */
  sent: FamilyRecord;
  /** A send stopped at its first mail (the mail queue refused it): unpublished, nothing mailed. */
  draft: FamilyRecord;
  /** A document the family's creation screen made and nobody sent. */
  unsent: string;
}

/** What another family's call is given: a document, and the agreement's token and id when there is one. */
export type CrossFamilyTarget = { docLink: string } & Partial<Omit<FamilyRecord, 'docLink'>>;

/** The creation and send bodies of each family's own screen. */
export interface FamilyForms {
  create: Record<AgreementFamily, { path: string; body: object }>;
  send: Record<AgreementFamily, (docLink: string) => Record<string, unknown>>;
  sendPath: Record<AgreementFamily, string>;
}

/** Where a call naming another family's agreement could write: a cc address no screen offers. */
export const INTRUDER_CC = 'intruder@elsewhere.example';

/**
 * Each family's creation and send bodies (the CO form reads its template and the demo deal's
 * signatory; a document is created from a builder draft of an upload, for one signer).
 */
export async function familyForms(admin: StaffHttp): Promise<FamilyForms> {
  const co = await coDealFixture(admin);
  const draft = await documentDraftOf(admin, await taggedDocumentPdf({ signers: 1 }));
  return {
    create: {
      standard: {
        path: '/api/template/create-contract',
        body: {
          docLink: `https://prosign.example.com/api/documents/d/${STANDARD_TEMPLATE_DOC_IDS.default}/edit`,
          formData: contractFormData(),
        },
      },
      sow: { path: '/api/sow/create-contract', body: sowBody() },
      co: { path: '/api/co/create-contract', body: coBody(co) },
      document: { path: '/api/document/create-contract', body: { draftId: draft.id } },
    },
    send: {
      standard: (docLink) => contractSendBody(docLink),
      sow: (docLink) => ({ ...sowBody(), docLink }),
      co: (docLink) => ({ ...coBody(co), docLink }),
      document: (docLink) => ({ ...documentSendForm(), docLink }),
    },
    sendPath: {
      standard: '/api/contracts/send',
      sow: '/api/sow/send-contract',
      co: '/api/co/send-contract',
      document: '/api/document/send-contract',
    },
  };
}

/**
 * A sent agreement, a stopped send and an unsent document of every family,
 * made by `admin` (who has every flag) through each family's own calls.
 */
export async function agreementsOfEachFamily(
  app: INestApplication,
  admin: StaffHttp,
  forms: FamilyForms,
): Promise<Record<AgreementFamily, FamilyAgreements>> {
  const agreements = connectionOf(app).collection('agreements');
  const createDocument = async (family: AgreementFamily): Promise<string> => {
    const { path, body } = forms.create[family];
    const res = await admin().post(path).send(body);
    if (res.status !== 200 && res.status !== 201) {
      throw new Error(`${path}: ${res.status} ${JSON.stringify(res.body)}`);
    }
    return (res.body as { docLink: string }).docLink;
  };
  const recordOf = async (docLink: string): Promise<FamilyRecord> => {
    const stored = await agreements.findOne({ docLink });
    if (!stored) throw new Error(`no agreement was stored for ${docLink}`);
    return { docLink, token: stored.token as string, id: String(stored._id) };
  };
  const result = {} as Record<AgreementFamily, FamilyAgreements>;
  for (const family of BUILT_IN_FAMILIES) {
    const sentDoc = await createDocument(family);
    await admin().post(forms.sendPath[family]).send(forms.send[family](sentDoc)).expect(200);
    const draftDoc = await createDocument(family);
    const mailDown = jest
      .spyOn(app.get(MailService), 'send')
      .mockRejectedValueOnce(new ServiceUnavailableException('the mail queue is unavailable'));
    await admin().post(forms.sendPath[family]).send(forms.send[family](draftDoc)).expect(502);
    mailDown.mockRestore();
    result[family] = {
      sent: await recordOf(sentDoc),
      draft: await recordOf(draftDoc),
      unsent: await createDocument(family),
    };
  }
  return result;
}

/** A call of one family that sends, copies or resends, and the body that names another family's target. */
export interface FamilyCall {
  family: AgreementFamily;
  /** The route, as the route table names it. */
  route: string;
  /** What the walk reports (the route, and how it names the target when the route has two ways). */
  name: string;
  /** The body naming `target`; null when the call cannot name it (no token or id yet). */
  body(target: CrossFamilyTarget): object | null;
}

/**
 * Every send, cc and resend call of each family (spec 2 §7, spec 3 §7), each
 * naming another family's document or agreement. `ownUnsent` is the calling
 * family's own fresh document, for the Edit and Resend sends that name the
 * agreement they replace.
 */
export function familyCalls(
  forms: FamilyForms,
  ownUnsent: Record<AgreementFamily, string>,
): FamilyCall[] {
  const byToken = (target: CrossFamilyTarget) => (target.token ? { token: target.token } : null);
  const byId = (target: CrossFamilyTarget) => (target.id ? { id: target.id } : null);
  const call = (
    family: AgreementFamily,
    route: string,
    body: FamilyCall['body'],
    how = '',
  ): FamilyCall => ({ family, route, name: how ? `${route} (${how})` : route, body });
  return [
    call('standard', 'POST /api/contracts/send', (t) => forms.send.standard(t.docLink)),
    call(
      'standard',
      'POST /api/contracts/send',
      (t) =>
        t.token ? { ...forms.send.standard(ownUnsent.standard), replacesToken: t.token } : null,
      'edit and resend',
    ),
    call('standard', 'POST /api/email/send-link', (t) => ({
      doclink: t.docLink,
      email: 'maria.alvarez@example.com',
      first_name: 'Maria',
      csm_email: 'csm@prosign.example',
    })),
    call('standard', 'POST /api/token/save', (t) =>
      t.token ? { ...forms.send.standard(t.docLink), token: t.token } : null,
    ),
    call('standard', 'POST /api/template/send-contract', (t) => ({
      docLink: t.docLink,
      recipientEmail: INTRUDER_CC,
    })),
    call('standard', 'PUT /api/update/resend', byToken),
    call('standard', 'PUT /api/update/edit-resend', byToken),
    ...(['sow', 'co', 'document'] as const).flatMap((family) => [
      call(family, `POST /api/${family}/send-contract`, (t) => forms.send[family](t.docLink)),
      call(
        family,
        `POST /api/${family}/send-contract`,
        (t) => (t.id ? { ...forms.send[family](ownUnsent[family]), replacesId: t.id } : null),
        'edit and resend',
      ),
      call(family, `POST /api/${family}/send-contract-cc`, (t) => ({ docLink: t.docLink })),
      call(family, `POST /api/${family}/update-resend`, byId),
      call(family, `POST /api/${family}/update-edit-resend`, byId),
    ]),
  ];
}

/** The targets of `family` another family's call may be given: its sent and stopped agreements, its unsent document. */
export function targetsOf(agreements: FamilyAgreements): Array<[string, CrossFamilyTarget]> {
  return [
    ['sent agreement', agreements.sent],
    ['stopped send', agreements.draft],
    ['unsent document', { docLink: agreements.unsent }],
  ];
}

/** Every agreement, send and signing key and mail delivery as stored: what a refused call must leave as it was. */
export async function storedSends(app: INestApplication) {
  const connection = connectionOf(app);
  const all = (name: string) => connection.collection(name).find({}).sort({ _id: 1 }).toArray();
  return {
    agreements: await all('agreements'),
    links: await all('agreement_links'),
    mails: await all(MAIL_DELIVERY_COLLECTION),
  };
}

function connectionOf(app: INestApplication): Connection {
  return app.get(getConnectionToken(), { strict: false });
}
