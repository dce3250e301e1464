import { familyDefinition, STANDARD_TEMPLATE_DOC_IDS, type AgreementFamily } from '@prosign/domain';
import { coBody, coDealFixture } from '../co-fixtures';
import {
  documentDraftOf,
  documentSendForm,
  TAGGED_DOCUMENT_HEADING,
  taggedDocumentPdf,
} from '../document-family-fixtures';
import { contractFormData, contractSendBody } from '../document-fixtures';
import { PUBLIC_API_URL } from '../signing-fixtures';
import { DEMO_PROJECT_ID, sowBody } from '../sow-fixtures';
import type { Person } from './signer';
import type { World } from './world';

/** Who else signs, in which order, whether the firm countersigns and a code is required. */
export interface SendOptions {
  others?: Person[];
  order?: 'sequential' | 'parallel';
  countersigner?: { email: string; name: string; title?: string };
  requireEmailCode?: boolean;
}

/** What a send answers that the walk follows: the agreement's id and the first signer's link. */
export interface SentAgreement {
  id: string;
  docLink: string;
  /** The first signer's signing link, as the send answered it. */
  link: string;
}

/** The CRM record a family's events go on, as the admin's CRM record view names it. */
interface CrmRecordRef {
  type: 'deals' | 'projects';
  id: string;
}

/** A family's form for one agreement: what its screen sends, who signs first, its CRM record. */
export interface FamilyForm {
  firstSigner: Person;
  crmRecord: CrmRecordRef;
  /**
   * Words of the uploaded PDF a created document shows, for a family whose documents are uploads
   * (`FamilyDriver.documents`); a document ProSign writes names its first signer instead.
   */
  uploadSays?: string;
  create(options: SendOptions): Promise<string>;
  send(docLink: string, options: SendOptions): Promise<SentAgreement>;
}

/**
 * What differs per family in the conformance walk: who sends it and the form its creation
 * screen fills in (its routes and bodies). How a signer's calls and the dashboard's are
 * addressed is read from the family's definition, not from here.
 */
export interface FamilyDriver {
  family: AgreementFamily;
  /** The staff member who creates and sends (their creation screen and dashboard). */
  sender: string;
  /** Reads what the form needs from the server (a CO's deal and signatory) once per family. */
  form(world: World): Promise<FamilyForm>;
  /**
   * Where its documents come from. `written` (absent): ProSign writes each from the form, so it
   * names its signers and has a text reading view for phones. `uploaded`: each is a PDF staff
   * uploaded, which names nobody until it is signed and has no text to lay out again; a phone
   * shows its own pages with the signer's fields over them.
   */
  documents?: 'written' | 'uploaded';
}

/** The send options as the SOW and CO screens (and the generic creation routes) send them. */
function signerFields(options: SendOptions): Record<string, unknown> {
  return {
    ...(options.others ? { additional_signers: options.others } : {}),
    ...(options.order ? { signing_order: options.order } : {}),
    ...(options.countersigner ? { countersigner: options.countersigner } : {}),
    ...(options.requireEmailCode !== undefined
      ? { require_email_code: options.requireEmailCode }
      : {}),
  };
}

/**
 * A family created and sent on `/api/{apiPrefix}/create-contract` and `send-contract` (SOW,
 * CO, and a family the generic creation routes serve): the form's body with the signers.
 */
export function linkFamilyDriver(
  family: AgreementFamily,
  sender: string,
  form: (world: World) => Promise<Omit<FamilyForm, 'create' | 'send'> & { body: object }>,
): FamilyDriver {
  const at = (call: string) => `/api/${familyDefinition(family).apiPrefix}/${call}`;
  return {
    family,
    sender,
    async form(world) {
      const { body, ...rest } = await form(world);
      const staff = await world.staff(sender);
      return {
        ...rest,
        async create(options) {
          const res = await staff()
            .post(at('create-contract'))
            .send({ ...body, ...signerFields(options) });
          if (res.status !== 200 && res.status !== 201) {
            throw new Error(`${at('create-contract')}: ${res.status} ${JSON.stringify(res.body)}`);
          }
          return res.body.docLink as string;
        },
        async send(docLink, options) {
          const res = await staff()
            .post(at('send-contract'))
            .send({ ...body, ...signerFields(options), docLink })
            .expect(200);
          return { id: res.body._id, docLink, link: res.body.signaturePageLink };
        },
      };
    },
  };
}

/** The demo CRM deal a standard contract names (its notes and stage). */
const STANDARD_DEAL = '40000003';

/** Standard contracts: Home's creation screen and spec 2's one send call, for the demo client. */
const STANDARD_DRIVER: FamilyDriver = {
  family: 'standard',
  sender: 'csm@prosign.example',
  async form(world) {
    const staff = await world.staff('csm@prosign.example');
    return {
      firstSigner: { name: 'Maria Elena Alvarez', email: 'maria.alvarez@example.com' },
      crmRecord: { type: 'deals', id: STANDARD_DEAL },
      async create(options) {
        // The document takes who signs (a block each); the order and the rest are the send's.
        const res = await staff()
          .post('/api/template/create-contract')
          .send({
            docLink: `${PUBLIC_API_URL}/api/documents/d/${STANDARD_TEMPLATE_DOC_IDS.default}/edit`,
            formData: contractFormData({ hs_deal_id: STANDARD_DEAL }),
            ...(options.others ? { additional_signers: options.others } : {}),
            ...(options.countersigner ? { countersigner: options.countersigner } : {}),
          })
          .expect(201);
        return res.body.docLink as string;
      },
      async send(docLink, options) {
        const res = await staff()
          .post('/api/contracts/send')
          .send({
            ...contractSendBody(docLink, { hsDealId: STANDARD_DEAL }),
            ...signerFields(options),
          })
          .expect(200);
        return { id: res.body._id, docLink, link: res.body.signingLink };
      },
    };
  },
};

/** Scope-of-work contracts: the SOW screen, for the demo partner Mei Lin on the demo project. */
const SOW_DRIVER = linkFamilyDriver('sow', 'pm@prosign.example', async () => ({
  body: sowBody(),
  firstSigner: { name: 'Mei Lin', email: 'mei.lin@partners.example.com' },
  crmRecord: { type: 'projects', id: DEMO_PROJECT_ID },
}));

/** Change orders: the CO screen, for the demo deal's client signatory. */
const CO_DRIVER = linkFamilyDriver('co', 'csm@prosign.example', async (world) => {
  const deal = await coDealFixture(await world.staff('csm@prosign.example'));
  return {
    body: coBody(deal),
    firstSigner: { name: deal.signatory.name, email: deal.signatory.email },
    crmRecord: { type: 'deals', id: deal.dealId },
  };
});

/** A demo CRM deal of the local CRM (default pipeline) a document is linked to. */
const DOCUMENT_DEAL = '40000011';

/**
 * Documents from any PDF: each is an upload with text tags for the recipients the send names
 * (a signature and a date for each signer, a signature for the firm), made a builder draft,
 * created from the draft and sent with the send form, linked to a demo deal.
 */
const DOCUMENT_DRIVER: FamilyDriver = {
  family: 'document',
  sender: 'csm@prosign.example',
  documents: 'uploaded',
  async form(world) {
    const staff = await world.staff('csm@prosign.example');
    const firstSigner = { name: 'Priya Natarajan', email: 'priya.natarajan@example.com' };
    return {
      firstSigner,
      crmRecord: { type: 'deals', id: DOCUMENT_DEAL },
      uploadSays: TAGGED_DOCUMENT_HEADING,
      async create(options) {
        const pdf = await taggedDocumentPdf({
          signers: 1 + (options.others?.length ?? 0),
          firm: Boolean(options.countersigner),
        });
        const draft = await documentDraftOf(staff, pdf);
        const res = await staff()
          .post('/api/document/create-contract')
          .send({ draftId: draft.id })
          .expect(200);
        return res.body.docLink as string;
      },
      async send(docLink, options) {
        const res = await staff()
          .post('/api/document/send-contract')
          .send({
            ...documentSendForm({
              signer_name: firstSigner.name,
              signer_email: firstSigner.email,
              deal_id: DOCUMENT_DEAL,
            }),
            ...signerFields(options),
            docLink,
          })
          .expect(200);
        return { id: res.body._id, docLink, link: res.body.signaturePageLink };
      },
    };
  },
};

/** The families ProSign ships with. */
export const BUILT_IN_DRIVERS: readonly FamilyDriver[] = [
  STANDARD_DRIVER,
  SOW_DRIVER,
  CO_DRIVER,
  DOCUMENT_DRIVER,
];
