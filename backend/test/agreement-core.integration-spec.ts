import { NotFoundException } from '@nestjs/common';
import { actionRule, transitionRule } from '@prosign/domain';
import { Redis } from 'ioredis';
import { createConnection, type Connection } from 'mongoose';
import {
  Agreement,
  AgreementLink,
  AgreementLinkSchema,
  AgreementSchema,
  type AgreementDocument,
} from '../src/modules/agreements/agreement.schema';
import { AgreementAnnouncer } from '../src/modules/agreements/agreement-announcer';
import { AgreementEventRepository } from '../src/modules/agreements/agreement-events.repository';
import { AgreementInsightsRepository } from '../src/modules/agreements/agreement-insights.repository';
import {
  AgreementInsight,
  AgreementInsightSchema,
} from '../src/modules/agreements/agreement-insights.schema';
import {
  AgreementInsightTotal,
  AgreementInsightTotalSchema,
} from '../src/modules/agreements/agreement-insight-totals.schema';
import { AgreementLinkRepository } from '../src/modules/agreements/agreement-links.repository';
import { AgreementProgressRepository } from '../src/modules/agreements/agreement-progress.repository';
import { AgreementRecordCreationRepository } from '../src/modules/agreements/agreement-record-creation.repository';
import { AgreementRepository } from '../src/modules/agreements/agreement.repository';
import {
  isGivenUp,
  MAX_RESUME_ATTEMPTS,
  StepFailedError,
  StepRunner,
  type StepPlan,
} from '../src/modules/agreements/step-runner';
import { RealtimePublisher } from '../src/platform/realtime/realtime-publisher';
import { createTestEnv, type TestEnv } from './support/test-env';

/** The agreement core on the real database: one writer of status, a tamper-evident log, one runner. */
describe('agreement core (repository, event chain, step runner)', () => {
  let env: TestEnv;
  let connection: Connection;
  let redis: Redis;
  let repository: AgreementRepository;
  let links: AgreementLinkRepository;
  let recordCreation: AgreementRecordCreationRepository;
  let eventLog: AgreementEventRepository;
  let progress: AgreementProgressRepository;
  let runner: StepRunner;
  let sendKeys = 0;

  beforeAll(async () => {
    env = createTestEnv(__filename);
    connection = await createConnection(env.config.MONGODB_URI).asPromise();
    const agreements = connection.model(Agreement.name, AgreementSchema);
    const linkModel = connection.model(AgreementLink.name, AgreementLinkSchema);
    await Promise.all([agreements.init(), linkModel.init()]);
    redis = new Redis(env.config.REDIS_URL);
    repository = new AgreementRepository(agreements as never);
    links = new AgreementLinkRepository(linkModel as never, repository);
    const insightModel = connection.model(AgreementInsight.name, AgreementInsightSchema);
    const totalModel = connection.model(AgreementInsightTotal.name, AgreementInsightTotalSchema);
    const insights = new AgreementInsightsRepository(
      insightModel as never,
      totalModel as never,
      env.config,
    );
    recordCreation = new AgreementRecordCreationRepository(
      agreements as never,
      linkModel as never,
      repository,
      insights,
    );
    eventLog = new AgreementEventRepository(
      agreements as never,
      new AgreementAnnouncer(new RealtimePublisher(redis, env.config)),
      insights,
    );
    progress = new AgreementProgressRepository(agreements as never);
    runner = new StepRunner(repository, progress);
  });

  afterAll(async () => {
    await connection.close();
    redis.disconnect();
    await env.cleanup();
  });

  async function published(family: 'standard' | 'sow' = 'standard'): Promise<AgreementDocument> {
    sendKeys += 1;
    const { agreement } = await recordCreation.createOnce({
      family,
      sendKey: `doc-${sendKeys}`,
      form: { full_name: 'Ada Lovelace', email: 'ada@example.com' },
      docLink: `http://docs/d/doc-${sendKeys}/edit`,
      sentBy: 'csm@prosign.example',
      searchText: 'ada lovelace',
      signingLinkOf: (token) => `http://sign/${token}`,
    });
    const sent = await eventLog.transition(agreement, transitionRule(family, 'publish'), {
      set: { createdAt: new Date() },
      event: { type: 'sent', actor: 'csm@prosign.example', ip: '10.0.0.1' },
    });
    if (!sent) throw new Error('not published');
    return sent;
  }

  it('creates one agreement however many sends of the same document race, reachable by its token', async () => {
    const input = {
      family: 'standard' as const,
      sendKey: 'raced-doc',
      form: { full_name: 'Grace Hopper' },
      docLink: 'http://docs/d/raced-doc/edit',
      sentBy: 'csm@prosign.example',
      searchText: 'grace hopper',
      signingLinkOf: (token: string) => `http://sign/${token}`,
    };
    const results = await Promise.all(
      Array.from({ length: 6 }, () => recordCreation.createOnce(input)),
    );
    const ids = new Set(results.map((r) => String(r.agreement._id)));
    expect(ids.size).toBe(1);
    expect(results.filter((r) => r.created)).toHaveLength(1);
    const agreement = results[0].agreement;
    const byToken = await links.findByKey('sign', agreement.token);
    expect(String(byToken?._id)).toBe(String(agreement._id));
    expect(String((await links.findBySendKey('standard', 'raced-doc'))?._id)).toBe(
      String(agreement._id),
    );
    expect(await links.findByKey('sign', 'not-a-token')).toBeNull();
    expect(await links.findByKey('verify', agreement.token)).toBeNull();
  });

  it('refuses a send key another family holds (404), leaving that agreement as it was', async () => {
    const sow = await published('sow');
    const sendKey = `doc-${sendKeys}`;
    const before = (await repository.findById(sow._id))?.toObject();
    await expect(
      recordCreation.createOnce({
        family: 'standard',
        sendKey,
        form: { full_name: 'Eve Intruder', email: 'eve@example.com' },
        docLink: sow.docLink,
        sentBy: 'csm@prosign.example',
        searchText: 'eve intruder',
        signingLinkOf: (token) => `http://sign/${token}`,
      }),
    ).rejects.toBeInstanceOf(NotFoundException);
    expect((await repository.findById(sow._id))?.toObject()).toEqual(before);
    expect(await links.findBySendKey('standard', sendKey)).toBeNull();
    expect(String((await links.findBySendKey('sow', sendKey))?._id)).toBe(String(sow._id));
  });

  it('lets exactly one of two concurrent transitions win', async () => {
    const agreement = await published();
    const [cancelled, signed] = await Promise.all([
      eventLog.transition(agreement, actionRule('standard', 'cancel'), {
        event: { type: 'cancelled', actor: 'a@prosign.example' },
      }),
      eventLog.transition(agreement, actionRule('standard', 'markAsSigned'), {
        event: { type: 'signed_manually', actor: 'b@prosign.example' },
      }),
    ]);
    expect([cancelled, signed].filter(Boolean)).toHaveLength(1);
    const stored = await repository.findById(agreement._id);
    expect(['cancelled', 'signed_manually']).toContain(stored?.status);
    expect(stored?.events.map((e) => e.type)).toEqual([
      'sent',
      stored?.status === 'cancelled' ? 'cancelled' : 'signed_manually',
    ]);
    expect(await eventLog.checkChain(agreement._id)).toEqual({
      intact: true,
      events: 2,
      brokenAt: null,
    });
  });

  it('refuses a transition the family table does not allow from the stored status', async () => {
    const agreement = await published('sow');
    expect(
      await eventLog.transition(agreement, actionRule('sow', 'void'), {
        event: { type: 'void', actor: 'admin@prosign.example' },
      }),
    ).toBeNull();
    expect((await repository.findById(agreement._id))?.status).toBe('not-signed');
    await expect(eventLog.record(agreement, { set: { status: 'signed' } })).rejects.toThrow(
      'status is written by transition() only',
    );
  });

  it('keeps every concurrent event, chained in one line', async () => {
    const agreement = await published();
    await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        eventLog.record(agreement, {
          inc: { viewedTimes: 1 },
          event: { type: 'viewed', actor: 'signer', ip: `10.0.1.${i}`, userAgent: 'Phone' },
        }),
      ),
    );
    const stored = await repository.findById(agreement._id);
    expect(stored?.viewedTimes).toBe(12);
    expect(stored?.events.filter((e) => e.type === 'viewed')).toHaveLength(12);
    expect((await eventLog.checkChain(agreement._id))?.intact).toBe(true);
  });

  it('detects an edited, a removed and a reordered event', async () => {
    const agreement = await published();
    for (const type of ['viewed', 'consent', 'signature_saved']) {
      await eventLog.record(agreement, { event: { type, actor: 'signer', ip: '10.0.0.9' } });
    }
    const raw = connection.collection('agreements');
    await raw.updateOne({ _id: agreement._id }, { $set: { 'events.1.ip': '10.9.9.9' } });
    expect(await eventLog.checkChain(agreement._id)).toEqual({
      intact: false,
      events: 4,
      brokenAt: 1,
    });

    const second = await published();
    await eventLog.record(second, { event: { type: 'viewed', actor: 'signer' } });
    await raw.updateOne({ _id: second._id }, { $pop: { events: 1 } });
    expect((await eventLog.checkChain(second._id))?.intact).toBe(false);
  });

  describe('step runner', () => {
    function plan(calls: string[], failOnce: Set<string>): StepPlan<'one' | 'two' | 'three'> {
      return {
        operation: 'send',
        steps: ['one', 'two', 'three'],
        async run(step) {
          calls.push(step);
          await new Promise((resolve) => setTimeout(resolve, 20));
          if (failOnce.delete(step)) throw new Error(`${step} is down`);
          return step === 'three' ? { signedSha256: 'abc' } : {};
        },
      };
    }

    it('records each step, stops at a failure and resumes there without repeating done steps', async () => {
      const agreement = await published();
      const calls: string[] = [];
      const steps = plan(calls, new Set(['two']));
      const failure = await runner.run(agreement, steps).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(StepFailedError);
      expect((failure as StepFailedError).step).toBe('two');
      const stopped = await repository.findById(agreement._id);
      expect(stopped?.send?.failedStep).toBe('two');
      expect(stopped?.send?.lastError).toBe('two is down');
      expect(Object.keys(stopped?.send?.steps ?? {})).toEqual(['one']);

      const done = await runner.run(stopped as AgreementDocument, steps);
      expect(calls).toEqual(['one', 'two', 'two', 'three']);
      expect(done.send?.state).toBe('completed');
      expect(done.signedSha256).toBe('abc');
    });

    it('runs each step once when two runners start together', async () => {
      const agreement = await published();
      const calls: string[] = [];
      const steps = plan(calls, new Set());
      const [a, b] = await Promise.all([
        runner.run(agreement, steps),
        runner.run(agreement, steps),
      ]);
      expect(calls).toEqual(['one', 'two', 'three']);
      expect(a.send?.state).toBe('completed');
      expect(b.send?.state).toBe('completed');
    });

    it('writes no lease renewal while quick steps keep extending the lease', async () => {
      const quick = new StepRunner(repository, progress, {
        leaseMs: 20_000,
        heartbeatCheckMs: 20,
        waitForOtherRunnerMs: 5_000,
      });
      const renewals = jest.spyOn(progress, 'renewLease');
      try {
        const done = await quick.run(await published(), plan([], new Set()));
        expect(done.send?.state).toBe('completed');
        expect(renewals).not.toHaveBeenCalled();
      } finally {
        renewals.mockRestore();
      }
    });

    it('renews the lease during a step longer than the lease, so no second runner takes over', async () => {
      // The renewal is written half-way through the lease: 3 s of it leave the database's write
      // room on a loaded machine (a 3 s lease left 1.5 s).
      const timed = new StepRunner(repository, progress, {
        leaseMs: 6_000,
        heartbeatCheckMs: 50,
        waitForOtherRunnerMs: 10_000,
      });
      const agreement = await published();
      const slowCalls: string[] = [];
      const slow: StepPlan<'render'> = {
        operation: 'send',
        steps: ['render'],
        async run(step) {
          slowCalls.push(step);
          await new Promise((resolve) => setTimeout(resolve, 7_500));
        },
      };
      const running = timed.run(agreement, slow);
      // Past the first lease's end: without a renewal another runner could take the operation.
      await new Promise((resolve) => setTimeout(resolve, 6_500));
      expect(await progress.takeLease(agreement._id, 'send', 'intruder', 6_000)).toBeNull();
      const done = await running;
      expect(done.send?.state).toBe('completed');
      expect(slowCalls).toEqual(['render']);
    }, 30_000);

    it("the worker's resume backs off from a failure and leaves an operation failing for good to admins", async () => {
      const agreement = await published();
      const failing: StepPlan<'one'> = {
        operation: 'send',
        steps: ['one'],
        run: () => Promise.reject(new Error('the CRM is gone')),
      };
      await runner.run(agreement, failing).catch(() => undefined);
      const failed = await repository.findById(agreement._id);
      const failedAt = failed!.send!.failedAt!.getTime();
      expect(failed?.send).toMatchObject({ attempts: 1, failedStep: 'one' });
      // Failed 5 times: the next try waits 8 minutes from the last failure.
      await connection
        .collection('agreements')
        .updateOne({ _id: agreement._id }, { $set: { 'send.attempts': 5 } });
      const only = (candidate: { _id: unknown }) => String(candidate._id) === String(agreement._id);
      const minutes = (n: number) => new Date(failedAt + n * 60_000);
      expect(await runner.resumeAbandoned(failing, minutes(3), 1000, only)).toBe(0);
      expect((await repository.findById(agreement._id))?.send?.attempts).toBe(5);
      // After it: tried (and failing again, recorded).
      await runner.resumeAbandoned(failing, minutes(9), 1000, only);
      expect((await repository.findById(agreement._id))?.send?.attempts).toBe(6);
      // Given up after MAX_RESUME_ATTEMPTS runs: never tried again, the error stays for admins.
      await connection
        .collection('agreements')
        .updateOne(
          { _id: agreement._id },
          { $set: { 'send.attempts': MAX_RESUME_ATTEMPTS, 'send.failedAt': new Date(0) } },
        );
      await runner.resumeAbandoned(failing, minutes(24 * 60), 1000, only);
      const givenUp = await repository.findById(agreement._id);
      expect(givenUp?.send).toMatchObject({
        attempts: MAX_RESUME_ATTEMPTS,
        failedStep: 'one',
        lastError: 'the CRM is gone',
      });
      expect(isGivenUp(givenUp!.send!)).toBe(true);
    });

    it('with fieldsWithNextWrite, writes a run once, and a failure keeps the fields of the steps before it', async () => {
      const agreement = await published();
      const calls: string[] = [];
      const deferred = (failOnce: Set<string>): StepPlan<'one' | 'two' | 'three'> => ({
        operation: 'send',
        steps: ['one', 'two', 'three'],
        fieldsWithNextWrite: true,
        async run(step) {
          calls.push(step);
          if (failOnce.delete(step)) throw new Error(`${step} is down`);
          return step === 'one' ? { signedSha256: 'abc' } : { signedDocLink: `${step}.pdf` };
        },
      });
      const writes = jest.spyOn(progress, 'stepDone');
      try {
        const failure = await runner
          .run(agreement, deferred(new Set(['three'])))
          .catch((error: unknown) => error);
        expect(failure).toBeInstanceOf(StepFailedError);
        // Nothing written before the failure: its write records the steps and fields done.
        expect(writes).not.toHaveBeenCalled();
        const stopped = await repository.findById(agreement._id);
        expect(Object.keys(stopped?.send?.steps ?? {})).toEqual(['one', 'two']);
        expect(stopped).toMatchObject({ signedSha256: 'abc', signedDocLink: 'two.pdf' });
        expect(stopped?.send?.failedStep).toBe('three');

        const done = await runner.run(stopped as AgreementDocument, deferred(new Set()));
        expect(calls).toEqual(['one', 'two', 'three', 'three']);
        expect(writes).toHaveBeenCalledTimes(1);
        expect(done).toMatchObject({ signedSha256: 'abc', signedDocLink: 'three.pdf' });
        expect(done.send?.state).toBe('completed');
      } finally {
        writes.mockRestore();
      }
    });

    it('runs only the steps asked for and completes when all are done', async () => {
      const agreement = await published();
      const calls: string[] = [];
      const steps = plan(calls, new Set());
      const partial = await runner.run(agreement, steps, { only: ['two'] });
      expect(calls).toEqual(['two']);
      expect(partial.send?.state).toBe('in_progress');
      expect(partial.send?.runner).toBeNull();
      const full = await runner.run(partial, steps);
      expect(calls).toEqual(['two', 'one', 'three']);
      expect(full.send?.state).toBe('completed');
    });
  });
});
