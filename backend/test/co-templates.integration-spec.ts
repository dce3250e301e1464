import type { INestApplication } from '@nestjs/common';
import { CO_FIRST_GROUP_SIZE, SPLIT_PAYMENT, type CoTemplateView } from '@prosign/domain';
import { CO_TEMPLATE_UNAUTHORIZED } from '../src/modules/families/co/co-creation.controller';
import { seedBaseData } from './support/seed';
import { staffHttp, type StaffHttp } from './support/staff-session';
import { startApi } from './support/test-apps';
import { createTestEnv } from './support/test-env';

/** The CO template (spec 3 §3 "Template fields", §6, §7) on the real api and database. */
describe('CO templates: list, one, the form definition, admin edits', () => {
  const env = createTestEnv(__filename, { CO_COMPANY_CC_EMAIL: 'Office@Bayline.example' });
  let api: INestApplication;
  let admin: StaffHttp;
  let csm: StaffHttp;
  let pm: StaffHttp;
  let template: CoTemplateView;

  beforeAll(async () => {
    await seedBaseData(env.config);
    ({ app: api } = await startApi(env.config));
    admin = await staffHttp(api, 'admin@prosign.example');
    csm = await staffHttp(api, 'csm@prosign.example');
    pm = await staffHttp(api, 'pm@prosign.example');
  });

  afterAll(async () => {
    await api?.close();
    await env.cleanup();
  });

  it('lists the seeded CO template of type main and reads its texts with their placeholders', async () => {
    const list = await csm().get('/api/co/get-templates').expect(200);
    expect(list.body.templates).toEqual([
      { _id: expect.any(String), name: 'Change Order', type: 'main' },
    ]);
    template = (await csm().get(`/api/co/get-template/${list.body.templates[0]._id}`).expect(200))
      .body as CoTemplateView;
    expect(template.templateFields.template_start).toContain('$main_contract_signed_date');
    expect(template.templateFields.template_start).toContain('$signatory_name');
    expect(template.templateFields.template_change_order_acknowledgement).toContain(
      '$signatory_email',
    );
    expect(template.updatedBy).toBeNull();

    await csm().get('/api/co/get-template/0123456789abcdef01234567').expect(404);
    await csm().get('/api/co/get-template/not-an-id').expect(404);
  });

  it('gives the form definition: fields, payment terms, the company cc address first', async () => {
    const res = await csm().get(`/api/co/get-form-fields/${template._id}`).expect(200);
    const names = (res.body.formFields as { name: string }[]).map((f) => f.name);
    expect(names.length).toBeGreaterThan(CO_FIRST_GROUP_SIZE);
    expect(names.slice(0, 3)).toEqual(['deal_id', 'project_id', 'main_contract_signed_date']);
    expect(res.body.formFields[0]).toMatchObject({ isNotEditable: true, required: true });
    expect(res.body.paymentTerms.at(-1)).toBe(SPLIT_PAYMENT);
    expect(res.body.companyCcEmail).toBe('office@bayline.example');
    expect(res.body.ccChoices[0]).toBe('office@bayline.example');
    expect(res.body.ccChoices).toContain('pm@prosign.example');
    expect(res.body.templateFields).toEqual(template.templateFields);
    await csm().get('/api/co/get-form-fields/0123456789abcdef01234567').expect(404);
  });

  it('refuses a template update by anyone but an admin, before reading the body', async () => {
    for (const staff of [csm, pm]) {
      const refused = await staff()
        .put(`/api/co/update/${template._id}`)
        .send({ templateFields: { template_start: 'x' } })
        .expect(403);
      expect(refused.body.message).toBe(CO_TEMPLATE_UNAUTHORIZED);
    }
    expect(CO_TEMPLATE_UNAUTHORIZED).toMatch(/^Unauthorized: You do not have permission to update/);
  });

  it.each([
    [
      'a text that drops a placeholder',
      { template_start: 'This Change Order amends our agreement.' },
      /template_start must keep its placeholders: \$signatory_name, \$project_address, \$main_contract_signed_date/,
    ],
    ['an empty text', { template_change_order_acknowledgement: '   ' }, /cannot be empty/],
    ['an unknown text', { template_footer: 'Hello' }, /not a change-order template text/],
    [
      'a text over the length limit',
      {
        template_change_order_acknowledgement: `$signatory_email $signatory_phone ${'x'.repeat(20_001)}`,
      },
      /must (be at most|map template texts)/,
    ],
    ['no text at all', {}, /at least one template text/],
  ])('refuses an admin’s save of %s and keeps the stored texts', async (_case, fields, message) => {
    const res = await admin()
      .put(`/api/co/update/${template._id}`)
      .send({ templateFields: fields })
      .expect(400);
    expect(JSON.stringify(res.body.message)).toMatch(message);
    const after = await csm().get(`/api/co/get-template/${template._id}`).expect(200);
    expect(after.body.templateFields).toEqual(template.templateFields);
  });

  it('saves an admin’s edit that keeps the placeholders (previews reverted), for the next form', async () => {
    const edited =
      'Between Bayline and <<$signatory_name:Ann Lee>> for $project_address, our agreement of $main_contract_signed_date, is amended as below.';
    const saved = await admin()
      .put(`/api/co/update/${template._id}`)
      .send({ templateFields: { template_start: edited } })
      .expect(200);
    expect(saved.body.message).toBe('CO template content updated.');
    expect(saved.body.template.templateFields.template_start).toBe(
      'Between Bayline and $signatory_name for $project_address, our agreement of $main_contract_signed_date, is amended as below.',
    );
    expect(saved.body.template.templateFields.template_change_order_acknowledgement).toBe(
      template.templateFields.template_change_order_acknowledgement,
    );
    expect(saved.body.template.updatedBy).toBe('admin@prosign.example');

    const fields = await csm().get(`/api/co/get-form-fields/${template._id}`).expect(200);
    expect(fields.body.templateFields.template_start).toBe(
      saved.body.template.templateFields.template_start,
    );
    await admin()
      .put('/api/co/update/0123456789abcdef01234567')
      .send({ templateFields: { template_start: edited } })
      .expect(404);
  });

  it('seeding again keeps the admin’s edit', async () => {
    await seedBaseData(env.config);
    const after = await csm().get(`/api/co/get-template/${template._id}`).expect(200);
    expect(after.body.templateFields.template_start).toMatch(
      /^Between Bayline and \$signatory_name/,
    );
  });
});
