import type { INestApplication } from '@nestjs/common';
import { getConnectionToken } from '@nestjs/mongoose';
import { noStageRules, sentSignedRules, type CrmStageMappingView } from '@prosign/domain';
import type { Connection } from 'mongoose';
import request from 'supertest';
import { CrmFlows } from '../src/modules/crm/crm-flows.service';
import { seedBaseData } from './support/seed';
import { asStaff, signIn, TEST_ADMIN } from './support/staff-session';
import { startApi } from './support/test-apps';
import { createTestEnv } from './support/test-env';

const PATH = '/api/admin/crm/stage-mappings';
const DEAL = '40000011';

/**
 * Stage mappings on the local CRM: admins map agreement events to the stages of each deal
 * pipeline (read from the CRM); an event moves the deal as mapped, never backwards unless the
 * rule allows it, and a repeated event moves it once; the local CRM keeps the stage history.
 */
describe('CRM stages per event and pipeline', () => {
  const env = createTestEnv(__filename);
  let app: INestApplication;
  let admin: ReturnType<typeof asStaff>;
  let crm: CrmFlows;
  const history = () =>
    app
      .get<Connection>(getConnectionToken(), { strict: false })
      .collection('crm_stage_history')
      .find({ dealId: DEAL })
      .sort({ at: 1 })
      .toArray();
  const stageOf = async () => (await crm.getDeal(DEAL)).deal.properties.dealstage as string | null;

  beforeAll(async () => {
    await seedBaseData(env.config);
    ({ app } = await startApi(env.config));
    admin = asStaff(app, await signIn(app, TEST_ADMIN));
    crm = app.get(CrmFlows, { strict: false });
  });

  afterAll(async () => {
    await app?.close();
    await env.cleanup();
  });

  it('lists every pipeline with its stages in order and the default rules (the spec’s sent and signed)', async () => {
    const view = (await admin.get(PATH).expect(200)).body as CrmStageMappingView;
    const sales = view.pipelines.find((pipeline) => pipeline.id === 'default')!;
    expect(sales.stages.map((stage) => stage.id)).toEqual([
      'appointmentscheduled',
      'qualifiedtobuy',
      'presentationscheduled',
      env.config.CRM_CONTRACT_SENT_STAGE,
      env.config.CRM_CONTRACT_SIGNED_STAGE,
      'closedlost',
    ]);
    expect(sales.isDefault).toBe(true);
    expect(sales.rules).toEqual(
      sentSignedRules(env.config.CRM_CONTRACT_SENT_STAGE, env.config.CRM_CONTRACT_SIGNED_STAGE),
    );
    const co = view.pipelines.find(
      (pipeline) => pipeline.id === env.config.CRM_CHANGE_ORDER_PIPELINE,
    )!;
    expect(co.rules.sent.stageId).toBe(env.config.CRM_CHANGE_ORDER_SENT_STAGE);
    expect(co.rules.declined.stageId).toBeNull();
  });

  it('refuses rules naming a stage of another pipeline, an unknown pipeline, or a staff member who is not an admin; nothing changes', async () => {
    const bad = { ...noStageRules(), signed: { stageId: 'co_new', allowBackward: false } };
    const refused = await admin.put(`${PATH}/default`).send({ rules: bad }).expect(400);
    expect(JSON.stringify(refused.body)).toContain(
      'signed: co_new is not a stage of this pipeline',
    );
    await admin.put(`${PATH}/nope`).send({ rules: noStageRules() }).expect(404);
    const csm = asStaff(app, await signIn(app, 'csm@prosign.example'));
    await csm.put(`${PATH}/default`).send({ rules: noStageRules() }).expect(403);
    await request(app.getHttpServer()).get(PATH).expect(401);
    const view = (await admin.get(PATH).expect(200)).body as CrmStageMappingView;
    expect(view.pipelines.every((pipeline) => pipeline.isDefault)).toBe(true);
  });

  it('a decline moves the deal as mapped: not backwards without leave, once however often it repeats', async () => {
    await crm.moveDealToStage(DEAL, 'sent');
    expect(await stageOf()).toBe(env.config.CRM_CONTRACT_SENT_STAGE);
    // By default a decline moves nothing.
    await expect(crm.moveDealOnDecline(DEAL)).resolves.toBeNull();

    const backTo = {
      ...sentSignedRules(env.config.CRM_CONTRACT_SENT_STAGE, env.config.CRM_CONTRACT_SIGNED_STAGE),
      declined: { stageId: 'presentationscheduled', allowBackward: false },
    };
    const saved = (await admin.put(`${PATH}/default`).send({ rules: backTo }).expect(200))
      .body as CrmStageMappingView;
    const sales = saved.pipelines.find((pipeline) => pipeline.id === 'default')!;
    expect(sales).toMatchObject({ isDefault: false, updatedBy: TEST_ADMIN });
    // An earlier stage without leave: the deal stays.
    await expect(crm.moveDealOnDecline(DEAL)).resolves.toBeNull();
    expect(await stageOf()).toBe(env.config.CRM_CONTRACT_SENT_STAGE);

    await admin
      .put(`${PATH}/default`)
      .send({
        rules: { ...backTo, declined: { stageId: 'presentationscheduled', allowBackward: true } },
      })
      .expect(200);
    await expect(crm.moveDealOnDecline(DEAL)).resolves.toBe('presentationscheduled');
    // The same event again: already there, no second move.
    await expect(crm.moveDealOnDecline(DEAL)).resolves.toBeNull();
    expect(await stageOf()).toBe('presentationscheduled');

    const changes = await history();
    expect(changes.map((change) => [change.from, change.to])).toEqual([
      [expect.anything(), env.config.CRM_CONTRACT_SENT_STAGE],
      [env.config.CRM_CONTRACT_SENT_STAGE, 'presentationscheduled'],
    ]);
  });
});
