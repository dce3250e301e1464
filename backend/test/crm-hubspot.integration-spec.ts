import type { INestApplication, INestApplicationContext } from '@nestjs/common';
import { getConnectionToken } from '@nestjs/mongoose';
import type { Connection } from 'mongoose';
import request from 'supertest';
import { CrmRateLimitedError } from '../src/integrations/crm';
import { HubSpotCrmAdapter } from '../src/integrations/crm/hubspot-crm.adapter';
import { crmMarkerOf } from '../src/modules/crm/crm-agreement-record';
import { CrmFlows } from '../src/modules/crm/crm-flows.service';
import { HttpStandIn } from './support/http-stand-in';
import { HubSpotStandIn } from './support/hubspot-stand-in';
import { seedBaseData } from './support/seed';
import {
  PUBLIC_API_URL,
  PUBLIC_SIGNING_URL,
  saveSignatureAndConsent,
  sendContract,
  signerHttp,
} from './support/signing-fixtures';
import { staffHttp } from './support/staff-session';
import { startApi, startWorker } from './support/test-apps';
import { createTestEnv } from './support/test-env';
import { waitFor } from './support/wait-for';

const TOKEN = 'pat-na1-test-token';
const PROJECT_TYPE = '2-998877';
const at = '2025-01-02T03:04:05.000Z';
const object = (id: string, properties: Record<string, string | null>) => ({
  id,
  properties,
  createdAt: at,
  updatedAt: at,
  archived: false,
});
const page = (results: unknown[]) => ({ results });
const label = (typeId: number, text: string | null) => ({
  category: text ? 'USER_DEFINED' : 'HUBSPOT_DEFINED',
  typeId,
  label: text,
});

/**
 * The HubSpot adapter against a local stand-in that checks every path, method
 * and body HubSpot expects and answers in HubSpot's shapes.
 */
describe('HubSpot CRM adapter', () => {
  const hubspot = new HttpStandIn();
  let env: ReturnType<typeof createTestEnv>;
  let crm: CrmFlows;
  let adapter: HubSpotCrmAdapter;

  beforeAll(async () => {
    await hubspot.start();
    env = createTestEnv(__filename, {
      CRM_ADAPTER: 'hubspot',
      HUBSPOT_ACCESS_TOKEN: TOKEN,
      HUBSPOT_BASE_URL: hubspot.url,
      HUBSPOT_PROJECT_OBJECT_TYPE: PROJECT_TYPE,
    });
    adapter = new HubSpotCrmAdapter(env.config);
    crm = new CrmFlows(adapter, env.config);
  });

  afterEach(() => {
    hubspot.verify();
    hubspot.reset();
  });

  afterAll(async () => {
    await hubspot.stop();
    await env.cleanup();
  });

  it('reads a deal with its client signatories, sending the private-app token', async () => {
    hubspot.expect(
      {
        method: 'GET',
        path: '/crm/v3/objects/deals/111',
        query: { properties: /dealstage.*project_type.*address.*contract_link|amount/ },
        reply: object('111', {
          dealname: 'Deal',
          pipeline: 'default',
          dealstage: 'qualifiedtobuy',
          project_type: 'ADU',
        }),
      },
      {
        method: 'GET',
        path: '/crm/v4/objects/deals/111/associations/contacts',
        reply: page([
          { toObjectId: 501, associationTypes: [label(3, null), label(77, 'Client Signatory')] },
          { toObjectId: 502, associationTypes: [label(3, null), label(78, 'Architect')] },
        ]),
      },
      {
        method: 'POST',
        path: '/crm/v3/objects/contacts/batch/read',
        body: {
          inputs: [{ id: '501' }, { id: '502' }],
          properties: [
            'firstname',
            'middlename',
            'lastname',
            'email',
            'phone',
            'type',
            'project_role__sales_rep',
            'current_partnership_rapport',
            'hs_object_id',
          ],
          propertiesWithHistory: [],
        },
        reply: {
          status: 'COMPLETE',
          results: [
            object('501', {
              firstname: 'Jo',
              lastname: 'Li',
              email: 'jo@example.com',
              phone: '+14085550101',
            }),
            object('502', {
              firstname: 'Al',
              lastname: 'Ng',
              email: 'al@example.com',
              phone: null,
            }),
          ],
          startedAt: at,
          completedAt: at,
        },
      },
    );

    const lookup = await crm.getDeal('111');

    expect(lookup.redirect).toBe(false);
    expect(lookup.clientSignatories).toEqual([
      {
        id: '501',
        firstname: 'Jo',
        middlename: null,
        lastname: 'Li',
        email: 'jo@example.com',
        phone: '+14085550101',
      },
    ]);
    expect(hubspot.requests.every((r) => r.headers.authorization === `Bearer ${TOKEN}`)).toBe(true);
  });

  it('searches deals by address with a wildcard token filter, and by id when numeric', async () => {
    hubspot.expect({
      method: 'POST',
      path: '/crm/v3/objects/deals/search',
      reply: { total: 1, results: [object('9', { address: '1420 Alameda Ave' })] },
    });

    const deals = await crm.searchDealsByAddress(' 1420 ');

    expect(deals).toEqual([{ id: '9', properties: { address: '1420 Alameda Ave' } }]);
    const body = hubspot.requests[0].body as {
      filterGroups: unknown;
      limit: number;
      properties: string[];
    };
    expect(body.filterGroups).toEqual([
      { filters: [{ propertyName: 'address', operator: 'CONTAINS_TOKEN', value: '*1420*' }] },
      { filters: [{ propertyName: 'hs_object_id', operator: 'EQ', value: '1420' }] },
    ]);
    expect(body.limit).toBe(20);
    expect(body.properties).toEqual(expect.arrayContaining(['amount', 'dealstage', 'address']));
  });

  it('moves a deal to the sent stage of its pipeline with the contract link', async () => {
    hubspot.expect(
      {
        method: 'GET',
        path: '/crm/v3/objects/deals/222',
        query: { properties: 'pipeline' },
        reply: object('222', { pipeline: 'change_orders' }),
      },
      {
        method: 'PATCH',
        path: '/crm/v3/objects/deals/222',
        body: { properties: { dealstage: 'co_sent', contract_link: 'https://sign.example/t' } },
        reply: object('222', {}),
      },
    );
    await expect(crm.moveDealToStage('222', 'sent', 'https://sign.example/t')).resolves.toBe(
      'co_sent',
    );
  });

  it('notes a decline on the deal: a note with body and time, associated with the deal', async () => {
    const at = new Date('2026-03-16T17:42:00.000Z');
    hubspot.expect({
      method: 'POST',
      path: '/crm/v3/objects/notes',
      body: {
        properties: {
          hs_note_body:
            'Maria declined the agreement in ProSign. Reason: the fee &lt;b&gt;&amp; date&lt;/b&gt;.<br>Call me.',
          hs_timestamp: '2026-03-16T17:42:00.000Z',
        },
        associations: [
          {
            to: { id: '222' },
            types: [{ associationCategory: 'HUBSPOT_DEFINED', associationTypeId: 214 }],
          },
        ],
      },
      status: 201,
      reply: object('9001', {}),
    });
    // No stage move yet: the deal stays where it is.
    await expect(
      crm.dealDeclined('222', {
        body: 'Maria declined the agreement in ProSign. Reason: the fee <b>& date</b>.\nCall me.',
        at,
        key: 'contract-declined.abc',
      }),
    ).resolves.toBeNull();
  });

  describe('the record of an agreement', () => {
    it('notes an event on a deal and its contact, with the signed PDF attached', async () => {
      hubspot.expect({
        method: 'POST',
        path: '/crm/v3/objects/notes',
        body: {
          properties: {
            hs_note_body:
              'Signed by Maria &lt;maria@example.com&gt;.<br>Card: https://app/x<br><br>ProSign ref: ps-abc123',
            hs_timestamp: '2026-03-16T17:42:00.000Z',
            hs_attachment_ids: '7001',
          },
          associations: [
            {
              to: { id: '222' },
              types: [{ associationCategory: 'HUBSPOT_DEFINED', associationTypeId: 214 }],
            },
            {
              to: { id: '501' },
              types: [{ associationCategory: 'HUBSPOT_DEFINED', associationTypeId: 202 }],
            },
          ],
        },
        status: 201,
        reply: object('9100', {}),
      });
      await expect(
        adapter.addNote({
          body: 'Signed by Maria <maria@example.com>.\nCard: https://app/x',
          at: new Date('2026-03-16T17:42:00.000Z'),
          marker: 'ps-abc123',
          on: [
            { type: 'deals', id: '222' },
            { type: 'contacts', id: '501' },
          ],
          attachmentIds: ['7001'],
        }),
      ).resolves.toBe('9100');
    });

    it('notes a SOW’s event on its project (the custom object) and the partner’s contact in one request', async () => {
      const sealed = {
        body: '"Scope of Work: 88 Orchard Lane" was signed in ProSign.\nOpen in ProSign: https://app/sow-dashboard',
        at: new Date('2026-03-16T17:42:00.000Z'),
        marker: 'ps-50w',
        on: [
          { type: 'projects' as const, id: '60000003' },
          { type: 'contacts' as const, id: '55000003' },
        ],
        attachmentIds: ['7002'],
      };
      const created = (id: string) => ({
        method: 'POST' as const,
        path: '/crm/v3/objects/notes',
        body: {
          properties: {
            hs_note_body:
              '"Scope of Work: 88 Orchard Lane" was signed in ProSign.<br>Open in ProSign: https://app/sow-dashboard<br><br>ProSign ref: ps-50w',
            hs_timestamp: '2026-03-16T17:42:00.000Z',
            hs_attachment_ids: '7002',
          },
          // The project by the account's own note-to-project type: one request, nothing to add after.
          associations: [
            {
              to: { id: '60000003' },
              types: [{ associationCategory: 'HUBSPOT_DEFINED', associationTypeId: 61 }],
            },
            {
              to: { id: '55000003' },
              types: [{ associationCategory: 'HUBSPOT_DEFINED', associationTypeId: 202 }],
            },
          ],
        },
        status: 201,
        reply: object(id, {}),
      });
      hubspot.expect(
        {
          method: 'GET',
          path: `/crm/v4/associations/notes/${PROJECT_TYPE}/labels`,
          reply: page([label(61, null), label(62, 'Kick-off note')]),
        },
        created('9200'),
        // The type is looked up once: the next project note goes straight out.
        created('9201'),
      );
      await expect(adapter.addNote(sealed)).resolves.toBe('9200');
      await expect(adapter.addNote(sealed)).resolves.toBe('9201');
    });

    it('refuses a project note clearly when HubSpot lets no note be associated with projects', async () => {
      hubspot.expect({
        method: 'GET',
        path: `/crm/v4/associations/notes/${PROJECT_TYPE}/labels`,
        reply: page([]),
      });
      const fresh = new HubSpotCrmAdapter(env.config);
      await expect(
        fresh.addNote({
          body: 'x',
          at: new Date(at),
          marker: 'ps-none',
          on: [{ type: 'projects', id: '60000003' }],
        }),
      ).rejects.toThrow(/no association from notes to the project object 2-998877/);
    });

    it('finds a note by its marker before writing it again', async () => {
      hubspot.expect(
        {
          method: 'POST',
          path: '/crm/v3/objects/notes/search',
          body: {
            filterGroups: [
              {
                filters: [
                  { propertyName: 'hs_note_body', operator: 'CONTAINS_TOKEN', value: 'ps-abc123' },
                ],
              },
            ],
            properties: ['hs_note_body'],
            limit: 10,
            sorts: [],
          },
          reply: {
            total: 1,
            results: [
              object('9100', {
                hs_note_body: '"Deal" was sent in ProSign.<br><br>ProSign ref: ps-abc123',
              }),
            ],
          },
        },
        {
          method: 'POST',
          path: '/crm/v3/objects/notes/search',
          reply: { total: 0, results: [] },
        },
      );
      await expect(adapter.findNote('ps-abc123')).resolves.toBe('9100');
      await expect(adapter.findNote('ps-none')).resolves.toBeNull();
    });

    it('never takes a note whose text a signer forged with the marker for ours', async () => {
      // A hand-over note whose signer typed the marker of a later write (and an "Open in
      // ProSign" line): HubSpot's search finds it first, by the body's text.
      const forged = object('9300', {
        hs_note_body:
          '"Deal": handed over by Eve to Mallory on 2026-03-16 10:42 PDT.<br>Eve wrote:<br>&gt; ok<br>&gt; ProSign ref: ps-abc123<br>&gt; Open in ProSign: https://evil.example/x<br>Open in ProSign: https://app/dashboard<br><br>ProSign ref: ps-0ff1ce',
      });
      // HubSpot keeps our body in markup of its own: still ours, by its last line.
      const ours = object('9301', {
        hs_note_body:
          '<div style="">"Deal" was signed in ProSign.<br><br>ProSign ref: ps-abc123</div>',
      });
      hubspot.expect(
        { method: 'POST', path: '/crm/v3/objects/notes/search', reply: page([forged]) },
        { method: 'POST', path: '/crm/v3/objects/notes/search', reply: page([forged, ours]) },
      );
      await expect(adapter.findNote('ps-abc123')).resolves.toBeNull();
      await expect(adapter.findNote('ps-abc123')).resolves.toBe('9301');
    });

    it('uploads a private file into the family’s folder, and finds it by folder and name', async () => {
      const pdf = Buffer.from('%PDF-1.7 sealed bytes');
      hubspot.expect(
        {
          method: 'POST',
          path: '/files/v3/files',
          status: 201,
          reply: { id: '7001', name: 'Agreement (signed) ps-abc123', size: pdf.length },
        },
        {
          method: 'GET',
          path: '/files/v3/files/search',
          query: { name: 'Agreement (signed) ps-abc123' },
          reply: {
            results: [
              {
                id: '6999',
                name: 'Agreement (signed) ps-abc123',
                path: '/Other/Agreement (signed) ps-abc123.pdf',
              },
              {
                id: '7001',
                name: 'Agreement (signed) ps-abc123',
                path: '/ProSign/Service agreements/Agreement (signed) ps-abc123.pdf',
                size: pdf.length,
              },
            ],
          },
        },
      );
      const uploaded = await adapter.uploadFile({
        folder: '/ProSign/Service agreements',
        name: 'Agreement (signed) ps-abc123.pdf',
        bytes: pdf,
        contentType: 'application/pdf',
      });
      expect(uploaded).toEqual({
        id: '7001',
        folder: '/ProSign/Service agreements',
        name: 'Agreement (signed) ps-abc123.pdf',
        size: pdf.length,
      });
      const upload = hubspot.requests.find((r) => r.path === '/files/v3/files')!;
      expect(upload.headers.authorization).toBe(`Bearer ${TOKEN}`);
      expect(upload.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
      const parts = String(upload.body);
      expect(parts).toContain('name="folderPath"\r\n\r\n/ProSign/Service agreements');
      expect(parts).toContain('name="fileName"\r\n\r\nAgreement (signed) ps-abc123.pdf');
      expect(parts).toContain('"access":"PRIVATE"');
      expect(parts).toContain('"overwrite":false');
      expect(parts).toMatch(/name="file"; filename="Agreement \(signed\) ps-abc123.pdf"/);
      expect(parts).toContain('%PDF-1.7 sealed bytes');

      await expect(
        adapter.findFile('/ProSign/Service agreements', 'Agreement (signed) ps-abc123.pdf'),
      ).resolves.toMatchObject({ id: '7001' });
    });

    it('reads the deal pipelines with their stages in order, archived stages left out', async () => {
      const stage = (id: string, displayOrder: number, archived = false) => ({
        id,
        label: id.toUpperCase(),
        displayOrder,
        archived,
        metadata: {},
        createdAt: at,
        updatedAt: at,
      });
      hubspot.expect({
        method: 'GET',
        path: '/crm/v3/pipelines/deals',
        reply: {
          results: [
            {
              id: 'change_orders',
              label: 'Change Orders',
              displayOrder: 1,
              archived: false,
              createdAt: at,
              updatedAt: at,
              stages: [stage('co_sent', 1), stage('co_new', 0)],
            },
            {
              id: 'default',
              label: 'Sales Pipeline',
              displayOrder: 0,
              archived: false,
              createdAt: at,
              updatedAt: at,
              stages: [
                stage('contractsent', 1),
                stage('old', 2, true),
                stage('appointmentscheduled', 0),
              ],
            },
          ],
        },
      });
      await expect(adapter.listPipelines()).resolves.toEqual([
        {
          id: 'default',
          label: 'Sales Pipeline',
          stages: [
            { id: 'appointmentscheduled', label: 'APPOINTMENTSCHEDULED', displayOrder: 0 },
            { id: 'contractsent', label: 'CONTRACTSENT', displayOrder: 1 },
          ],
        },
        {
          id: 'change_orders',
          label: 'Change Orders',
          stages: [
            { id: 'co_new', label: 'CO_NEW', displayOrder: 0 },
            { id: 'co_sent', label: 'CO_SENT', displayOrder: 1 },
          ],
        },
      ]);
    });

    it('a 429 says how long HubSpot asked to wait (Retry-After), from either API', async () => {
      hubspot.expect(
        {
          method: 'POST',
          path: '/crm/v3/objects/notes/search',
          status: 429,
          headers: { 'retry-after': '7' },
          reply: { status: 'error', message: 'You have reached your secondly limit.' },
        },
        {
          method: 'GET',
          path: '/files/v3/files/search',
          status: 429,
          headers: { 'retry-after': '3' },
          reply: { status: 'error', message: 'Too many requests' },
        },
      );
      const noteWait = await adapter.findNote('ps-x').catch((error: unknown) => error);
      expect(noteWait).toBeInstanceOf(CrmRateLimitedError);
      expect((noteWait as CrmRateLimitedError).retryAfterMs).toBe(7000);
      const fileWait = await adapter.findFile('/ProSign', 'a.pdf').catch((error: unknown) => error);
      expect((fileWait as CrmRateLimitedError).retryAfterMs).toBe(3000);
    });
  });

  it('sets contact roles with association labels and fills missing properties', async () => {
    hubspot.expect(
      {
        method: 'GET',
        path: '/crm/v4/associations/deals/contacts/labels',
        reply: page([label(3, null), label(77, 'Client Signatory'), label(78, 'Architect')]),
      },
      {
        method: 'POST',
        path: '/crm/v3/objects/contacts/search',
        body: {
          filterGroups: [
            { filters: [{ propertyName: 'email', operator: 'EQ', value: 'new@example.com' }] },
          ],
          properties: ['email'],
          limit: 1,
        },
        reply: { total: 0, results: [] },
      },
      {
        method: 'POST',
        path: '/crm/v3/objects/contacts',
        body: {
          properties: { email: 'new@example.com', firstname: 'New', lastname: 'Person' },
          associations: [],
        },
        status: 201,
        reply: object('700', { email: 'new@example.com' }),
      },
      {
        method: 'GET',
        path: '/crm/v4/objects/deals/333/associations/contacts',
        reply: page([]),
      },
      {
        method: 'PUT',
        path: '/crm/v4/objects/deals/333/associations/contacts/700',
        body: [{ associationCategory: 'USER_DEFINED', associationTypeId: 77 }],
        status: 201,
        reply: {
          fromObjectTypeId: '0-3',
          fromObjectId: 333,
          toObjectTypeId: '0-1',
          toObjectId: 700,
          labels: ['Client Signatory'],
        },
      },
      {
        method: 'PATCH',
        path: '/crm/v3/objects/deals/333',
        body: { properties: { project_type: 'ADU;Remodel' } },
        reply: object('333', {}),
      },
    );

    await crm.updateMissingDealProperties('333', {
      properties: { project_type: 'ADU;Remodel' },
      contactRoles: [
        {
          email: 'new@example.com',
          firstname: 'New',
          lastname: 'Person',
          role: 'Client Signatory',
        },
      ],
    });
  });

  it('reads taken change-order labels of a project and refuses to reuse one', async () => {
    const dealsOfProject = {
      method: 'GET',
      path: `/crm/v4/objects/${PROJECT_TYPE}/900/associations/deals`,
      reply: page([
        { toObjectId: 1, associationTypes: [label(9, null), label(101, 'Change Order 1')] },
        { toObjectId: 2, associationTypes: [label(102, 'Change Order 3')] },
      ]),
    };
    hubspot.expect(
      {
        method: 'GET',
        path: `/crm/v3/objects/${PROJECT_TYPE}/900`,
        reply: object('900', { main_contract_signed_date: '2025-03-04' }),
      },
      dealsOfProject,
      dealsOfProject,
    );
    await expect(crm.getProjectLabelInfo('900')).resolves.toEqual({
      date: '2025-03-04',
      notAvailableLabels: ['Change Order 1', 'Change Order 3'],
    });
    await expect(crm.linkDealToProject('5', '900', 'Change Order 3')).rejects.toThrow(
      'Change Order 3 is already taken on project 900',
    );
  });

  it('reads a change-order deal with its project and label through the deal’s associations', async () => {
    hubspot.expect(
      {
        method: 'GET',
        path: '/crm/v3/objects/deals/444',
        reply: object('444', { dealname: 'CO', pipeline: 'change_orders', dealstage: 'co_new' }),
      },
      {
        method: 'GET',
        path: '/crm/v4/objects/deals/444/associations/contacts',
        reply: page([]),
      },
      {
        method: 'GET',
        path: `/crm/v4/objects/deals/444/associations/${PROJECT_TYPE}`,
        reply: page([
          { toObjectId: 900, associationTypes: [label(9, null), label(102, 'Change Order 2')] },
        ]),
      },
      {
        method: 'GET',
        path: `/crm/v3/objects/${PROJECT_TYPE}/900`,
        query: { properties: /main_contract_signed_date/ },
        reply: object('900', { address: '12 Elm St', main_contract_signed_date: '2025-03-04' }),
      },
    );
    const lookup = await crm.getDeal('444');
    expect(lookup.redirect).toBe(true);
    expect(lookup.project).toMatchObject({
      project: { id: '900', properties: { main_contract_signed_date: '2025-03-04' } },
      label: 'Change Order 2',
    });
  });

  it('writes a free change-order label on the deal–project association, replacing a stale one', async () => {
    hubspot.expect(
      {
        method: 'GET',
        path: `/crm/v4/objects/${PROJECT_TYPE}/900/associations/deals`,
        reply: page([
          { toObjectId: 1, associationTypes: [label(101, 'Change Order 1')] },
          { toObjectId: 5, associationTypes: [label(9, null), label(105, 'Change Order 5')] },
        ]),
      },
      {
        method: 'GET',
        path: `/crm/v4/associations/deals/${PROJECT_TYPE}/labels`,
        reply: page([label(9, null), label(104, 'Change Order 4'), label(105, 'Change Order 5')]),
      },
      {
        method: 'GET',
        path: `/crm/v4/objects/deals/5/associations/${PROJECT_TYPE}`,
        reply: page([
          { toObjectId: 900, associationTypes: [label(9, null), label(105, 'Change Order 5')] },
        ]),
      },
      {
        method: 'POST',
        path: `/crm/v4/associations/deals/${PROJECT_TYPE}/batch/labels/archive`,
        body: {
          inputs: [
            {
              from: { id: '5' },
              to: { id: '900' },
              types: [{ associationCategory: 'USER_DEFINED', associationTypeId: 105 }],
            },
          ],
        },
        status: 204,
        reply: '',
      },
      {
        method: 'PUT',
        path: `/crm/v4/objects/deals/5/associations/${PROJECT_TYPE}/900`,
        body: [{ associationCategory: 'USER_DEFINED', associationTypeId: 104 }],
        status: 201,
        reply: { fromObjectId: 5, toObjectId: 900, labels: ['Change Order 4'] },
      },
    );
    await crm.linkDealToProject('5', '900', 'Change Order 4');
  });

  it('duplicates a change-order deal with its contacts and its project, without the label', async () => {
    hubspot.expect(
      {
        method: 'GET',
        path: '/crm/v3/objects/deals/444',
        reply: object('444', {
          dealname: 'CO2 — 12 Elm St',
          amount: '1500',
          pipeline: 'change_orders',
          hs_object_id: '444',
          contract_link: 'https://sign.example/old',
        }),
      },
      {
        method: 'GET',
        path: '/crm/v4/objects/deals/444/associations/contacts',
        reply: page([{ toObjectId: 501, associationTypes: [label(77, 'Client Signatory')] }]),
      },
      {
        method: 'GET',
        path: `/crm/v4/objects/deals/444/associations/${PROJECT_TYPE}`,
        reply: page([
          { toObjectId: 900, associationTypes: [label(9, null), label(102, 'Change Order 2')] },
        ]),
      },
      {
        method: 'POST',
        path: '/crm/v3/objects/deals',
        body: {
          properties: {
            dealname: 'CO2 — 12 Elm St (copy)',
            amount: '600',
            pipeline: 'change_orders',
          },
          associations: [
            {
              to: { id: '501' },
              types: [{ associationCategory: 'USER_DEFINED', associationTypeId: 77 }],
            },
            {
              to: { id: '900' },
              types: [{ associationCategory: 'HUBSPOT_DEFINED', associationTypeId: 9 }],
            },
          ],
        },
        status: 201,
        reply: object('445', { dealname: 'CO2 — 12 Elm St (copy)' }),
      },
    );
    await expect(crm.duplicateDeal('444', { amount: '600' })).resolves.toBe('445');
  });

  it('reads a community partner by id with the partner properties, and names a missing one', async () => {
    hubspot.expect(
      {
        method: 'GET',
        path: '/crm/v3/objects/contacts/55',
        reply: object('55', {
          firstname: 'Mei',
          lastname: 'Lin',
          email: 'mei@partners.example.com',
          type: 'Community Partner',
          current_partnership_rapport: 'Blacklisted',
        }),
      },
      { method: 'GET', path: '/crm/v3/objects/contacts/56', status: 404, reply: { message: 'no' } },
    );
    const partner = await crm.getPartner('55');
    expect(partner).toMatchObject({
      id: '55',
      properties: { current_partnership_rapport: 'Blacklisted', type: 'Community Partner' },
    });
    expect(hubspot.requests[0].query.getAll('properties').join(',')).toContain(
      'current_partnership_rapport',
    );
    await expect(crm.getPartner('56')).rejects.toThrow(/Partner 56/);
  });

  it('pages through owners', async () => {
    const owner = (id: string, email: string) => ({
      id,
      email,
      firstName: 'A',
      lastName: 'B',
      archived: false,
      createdAt: at,
      updatedAt: at,
      type: 'PERSON',
    });
    hubspot.expect(
      {
        method: 'GET',
        path: '/crm/v3/owners/',
        query: { limit: '100', after: '' },
        reply: { results: [owner('1', 'a@firm.example')], paging: { next: { after: 'p2' } } },
      },
      {
        method: 'GET',
        path: '/crm/v3/owners/',
        query: { limit: '100', after: 'p2' },
        reply: { results: [owner('2', 'b@firm.example')] },
      },
    );
    expect((await crm.listOwners()).map((o) => o.email)).toEqual([
      'a@firm.example',
      'b@firm.example',
    ]);
  });

  it('turns HubSpot failures into clear errors', async () => {
    hubspot.expect(
      {
        method: 'GET',
        path: '/crm/v3/objects/deals/404',
        status: 404,
        reply: { status: 'error', message: 'Object not found', category: 'OBJECT_NOT_FOUND' },
      },
      {
        method: 'GET',
        path: '/crm/v3/objects/deals/401',
        status: 401,
        reply: {
          status: 'error',
          message: 'Authentication credentials not found',
          category: 'INVALID_AUTHENTICATION',
        },
      },
      {
        method: 'GET',
        path: '/crm/v3/objects/deals/429',
        status: 429,
        reply: { status: 'error', message: 'Too many', category: 'RATE_LIMITS' },
      },
    );
    await expect(crm.getDeal('404')).rejects.toMatchObject({
      status: 404,
      message: 'Deal 404 not found in HubSpot',
    });
    await expect(crm.getDeal('401')).rejects.toMatchObject({
      status: 502,
      message: 'HubSpot refused the access token (check HUBSPOT_ACCESS_TOKEN and its scopes)',
    });
    await expect(crm.getDeal('429')).rejects.toMatchObject({ status: 503 });
  });

  describe('selected by CRM_ADAPTER=hubspot in the running api', () => {
    let app: INestApplication;

    beforeAll(async () => {
      ({ app } = await startApi(env.config));
    });

    afterAll(async () => {
      await app?.close();
    });

    it('reports hubspot in /api/health and serves /api/hubspot from HubSpot', async () => {
      const health = await request(app.getHttpServer()).get('/api/health').expect(200);
      expect(health.body.adapters.crm).toBe('hubspot');

      hubspot.expect({
        method: 'POST',
        path: '/crm/v3/objects/contacts/search',
        body: {
          filterGroups: [
            { filters: [{ propertyName: 'email', operator: 'EQ', value: 'jo@example.com' }] },
          ],
          properties: ['email'],
          limit: 1,
        },
        reply: { total: 2, results: [object('1', {}), object('2', {})] },
      });
      const http = await staffHttp(app);
      const res = await http()
        .get('/api/hubspot/contact-by-email')
        .query({ email: 'jo@example.com' })
        .expect(200);
      expect(res.body).toEqual({ count: 2 });
    });

    it("the admins' CRM record view refuses (409) and sends HubSpot nothing: HubSpot shows its own record", async () => {
      const http = await staffHttp(app);
      const record = await http().get('/api/admin/crm/records/deals/555').expect(409);
      expect(record.body.message).toBe(
        'The CRM record view shows the local CRM. With HubSpot, open the record in HubSpot.',
      );
      const file = await http().get('/api/admin/crm/files/90000001').expect(409);
      expect(file.body.message).toBe(record.body.message);
      // The stand-in expected no request: verify (after each test) fails on any that came.
    });

    it('update-missing writes to HubSpot only a property the deal check reports missing', async () => {
      const url = '/api/hubspot/update-deal-by-prosign/555/update-missing';
      // The deal check: the deal without its project type, and its contacts (none).
      const dealCheck = [
        {
          method: 'GET',
          path: '/crm/v3/objects/deals/555',
          reply: object('555', { dealstage: 'qualifiedtobuy', amount: '100', project_type: null }),
        },
        { method: 'GET', path: '/crm/v4/objects/deals/555/associations/contacts', reply: page([]) },
      ];
      const http = await staffHttp(app);
      hubspot.expect(...dealCheck);
      await http()
        .patch(url)
        .send({ missingProperties: { project_type: 'ADU', dealstage: 'closedwon', amount: '1' } })
        .expect(400);
      // Nothing but the check reached HubSpot: a PATCH would be unexpected.
      hubspot.verify();

      hubspot.expect(...dealCheck, {
        method: 'PATCH',
        path: '/crm/v3/objects/deals/555',
        body: { properties: { project_type: 'ADU;Remodel' } },
        reply: object('555', {}),
      });
      await http()
        .patch(url)
        .send({ missingProperties: { project_type: ['ADU', 'Remodel'] } })
        .expect(200);
    });
  });

  /**
   * On HubSpot's side: the worker's queued write of a signature against a
   * HubSpot that keeps what it is told, crashing between the upload and the note. HubSpot
   * stores the sealed PDF but the answer never arrives (as if the worker died right after the
   * upload), then stores the first note but that answer is lost too. The retries find the file
   * and then the note by the write's marker: one file, one note per event.
   */
  describe('a signature written through the worker, crashing between upload and note', () => {
    const DEAL_ID = '40000007';
    const keeper = new HubSpotStandIn(PROJECT_TYPE);
    let written: ReturnType<typeof createTestEnv>;
    let app: INestApplication;
    let worker: INestApplicationContext;
    let connection: Connection;

    beforeAll(async () => {
      await keeper.start();
      keeper.addDeal(DEAL_ID, { dealname: 'Alvarez ADU' });
      written = createTestEnv(__filename, {
        CRM_ADAPTER: 'hubspot',
        HUBSPOT_ACCESS_TOKEN: TOKEN,
        HUBSPOT_BASE_URL: keeper.url,
        HUBSPOT_PROJECT_OBJECT_TYPE: PROJECT_TYPE,
        PUBLIC_API_URL,
        PUBLIC_SIGNING_URL,
        // Retries on a test's time scale (the product's first is 5 s), well inside the search lag.
        CRM_RETRY_DELAY_MS: '100',
        HUBSPOT_SEARCH_LAG_MS: '2000',
      });
      // HubSpot's search shows a new file or note only a while after it was created.
      keeper.searchLagMs = 1500;
      await seedBaseData(written.config);
      ({ app } = await startApi(written.config));
      worker = await startWorker(written.config);
      connection = app.get<Connection>(getConnectionToken(), { strict: false });
    });

    afterAll(async () => {
      await worker?.close();
      await app?.close();
      await keeper.stop();
      await written?.cleanup();
    });

    const moved = (id: string) =>
      waitFor(
        () => connection.collection('crm_stage_moves').findOne({ _id: id as never }),
        (doc) => doc?.status === 'moved' || doc?.status === 'failed',
        { timeoutMs: 30_000, intervalMs: 100 },
      );

    it('leaves one file and one note per event on the deal, found again by their marker', async () => {
      const sent = await sendContract(await staffHttp(app, 'csm@prosign.example'), {
        hsDealId: DEAL_ID,
      });
      const signer = signerHttp(app);
      await signer
        .post('/api/verifyToken')
        .send({ token: sent.token, prefix: 'contract' })
        .expect(200);
      const { _id } = (await connection
        .collection('agreements')
        .findOne({ token: sent.token }, { projection: { _id: 1 } }))!;
      const key = (event: string) => `standard-${event}.${String(_id)}`;
      expect(await moved(key('sent'))).toMatchObject({ status: 'moved' });
      expect(await moved(key('viewed'))).toMatchObject({ status: 'moved' });

      keeper.crashNext('file', 'reset-after');
      keeper.crashNext('note', 'reset-after');
      await saveSignatureAndConsent(app, sent.token);
      await signer.post('/api/signing/finish').send({ token: sent.token }).expect(200);
      const signed = await moved(key('signed'));

      // The upload's answer lost, the note's answer lost, then the rest; the retry that came
      // while HubSpot's search could still miss what the last try created waited instead of
      // creating it twice (a wait is no failed try, so the job did not run out).
      expect(signed).toMatchObject({ status: 'moved' });
      expect(signed?.attempts).toBeGreaterThanOrEqual(3);
      expect(signed?.attempts).toBeLessThanOrEqual(5);
      const marker = crmMarkerOf(key('signed'));
      const files = keeper.filesWith(marker);
      expect(files).toHaveLength(1);
      expect(files[0].path).toBe(`/ProSign/Service agreements/${files[0].name}.pdf`);
      expect(keeper.notesWith(marker)).toEqual([
        expect.objectContaining({
          attachmentIds: [files[0].id],
          associations: expect.arrayContaining([`deals:${DEAL_ID}`]),
        }),
      ]);
      for (const event of ['sent', 'viewed']) {
        expect(keeper.notesWith(crmMarkerOf(key(event)))).toHaveLength(1);
      }
      expect(keeper.counts).toMatchObject({ fileCreates: 1, noteCreates: 3 });
      expect(signed).toMatchObject({ fileId: files[0].id, noteId: keeper.notesWith(marker)[0].id });
      // The deal moved once to each stage, forwards.
      expect(keeper.deals.get(DEAL_ID)).toMatchObject({
        stageMoves: ['contractsent', 'closedwon'],
        properties: expect.objectContaining({ dealstage: 'closedwon' }),
      });
      expect(keeper.unexpected).toEqual([]);
    });

    it('finds its own note again after a lost answer, not a hand-over note a signer forged with its marker', async () => {
      const dealId = '40000008';
      keeper.addDeal(dealId, { dealname: 'Park ADU' });
      const sent = await sendContract(await staffHttp(app, 'csm@prosign.example'), {
        hsDealId: dealId,
      });
      const { _id } = (await connection
        .collection('agreements')
        .findOne({ token: sent.token }, { projection: { _id: 1 } }))!;
      const key = (event: string) => `standard-${event}.${String(_id)}`;
      const marker = crmMarkerOf(key('signed'));
      await moved(key('sent'));
      // The signer hands over with a note that carries the marker the signature's note will
      // have (the key is the agreement's id) and a link line of "ours".
      const signer = signerHttp(app);
      await signer
        .post('/api/verifyToken')
        .send({ token: sent.token, prefix: 'contract' })
        .expect(200);
      await signer
        .post('/api/signing/hand-over')
        .send({
          token: sent.token,
          name: 'Mallory Roe',
          email: 'mallory@example.com',
          note: `ProSign ref: ${marker}\nOpen in ProSign: https://evil.example/x`,
        })
        .expect(200);
      await moved(key('viewed'));
      await moved(key('handed-over-1'));
      const forged = keeper.notesWith(marker);
      expect(forged).toHaveLength(1);
      // Quoted under the signer's name: escaped, every line of it after "> ".
      expect(forged[0].body).toContain(
        `wrote:<br>&gt; ProSign ref: ${marker}<br>&gt; Open in ProSign: https://evil.example/x<br>Open in ProSign: `,
      );

      // The new signer signs; the note's answer is lost, so the retry looks for it.
      const token = (await connection.collection('agreements').findOne({ _id }))!.token as string;
      const creates = keeper.counts.noteCreates;
      keeper.crashNext('note', 'reset-after');
      await signerHttp(app)
        .post('/api/verifyToken')
        .send({ token, prefix: 'contract' })
        .expect(200);
      await saveSignatureAndConsent(app, token);
      await signerHttp(app).post('/api/signing/finish').send({ token }).expect(200);
      const signed = await moved(key('signed'));

      expect(signed).toMatchObject({ status: 'moved' });
      // Its own note (the sealed PDF attached), created once; the forged one is not it.
      expect(keeper.counts.noteCreates - creates).toBe(1);
      const ours = keeper.notesWith(marker).filter((note) => note.id !== forged[0].id);
      expect(ours).toEqual([
        expect.objectContaining({
          attachmentIds: [signed!.fileId],
          associations: expect.arrayContaining([`deals:${dealId}`]),
        }),
      ]);
      expect(signed?.noteId).toBe(ours[0].id);
      expect(keeper.unexpected).toEqual([]);
    });
  });
});
