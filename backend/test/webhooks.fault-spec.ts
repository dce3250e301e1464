import { benchLines, runBenchScript } from './support/bench-script';

interface WebhooksSummary {
  events: { backlog: number; healthy: number; faults: number };
  backlog: { drained: boolean; deliveriesPerSecond: number } | null;
  healthy: { delivered: number; p99Ms: number | null } | null;
  faults: {
    workerKills: number;
    receiverDownSeconds: number;
    answered500: number;
  };
  recorded: number;
  delivered: number;
  lost: number;
  redeliveries: number;
  secondIds: number;
  unverified: number;
  failedOrPending: number;
  problems: string[];
}

/**
 * No webhook event is ever lost, the short version of bench/webhooks: the real api and two
 * workers as processes of their own on an embedded MongoDB and a redis-server, agreements
 * created and cancelled through the public api with a key, a receiver that answers 500 to
 * 30 % of deliveries and is down for a while, both workers SIGKILLed twice. Every event
 * recorded reaches the receiver, verified by the independent `standardwebhooks` library, under
 * one `webhook-id` each (a repeat only as a redelivery of the same id). `npm test` runs it
 * on its own after the other suites (`jest --selectProjects faults`).
 */
describe('webhook delivery under faults', () => {
  it('delivers every event, signed, under one id each, while the receiver fails and the workers are killed', async () => {
    const { summary, output } = await runBenchScript<WebhooksSummary>(
      'bench/webhooks/run.mjs',
      ['--short', '--json'],
      'webhooksSummary',
    );
    console.log(benchLines(output, 'webhooks'));
    expect(summary).not.toBeNull();
    const { events } = summary!;
    const expected = events.backlog + events.healthy + events.faults;
    expect(summary).toMatchObject({
      recorded: expected,
      delivered: expected,
      lost: 0,
      secondIds: 0,
      unverified: 0,
      failedOrPending: 0,
      problems: [],
      backlog: { drained: true },
      healthy: { delivered: events.healthy },
    });
    // Both workers, twice; the receiver refused some tries and was down for a while.
    expect(summary!.faults.workerKills).toBe(4);
    expect(summary!.faults.answered500).toBeGreaterThan(0);
    expect(summary!.faults.receiverDownSeconds).toBeGreaterThan(0);
  }, 420_000);
});
