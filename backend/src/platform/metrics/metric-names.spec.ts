import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ProductMetrics } from './product-metrics';

const root = join(__dirname, '../../../..');
const read = (file: string) => readFileSync(join(root, file), 'utf8');

/** Every series name a process can expose: a histogram's `_bucket`, `_sum` and `_count` too. */
function seriesNames(): Set<string> {
  const names = new Set<string>();
  const api = new ProductMetrics('api');
  // The api's gauges over the installation; never read here (nothing is scraped).
  api.readClusterGauges({
    queueJobs: async () => [],
    oldestWaitingAges: async () => [],
    mailBacklog: async () => 0,
    crmBacklog: async () => 0,
    sealsWaitingForTimestamp: async () => ({ count: 0, oldestSince: null }),
  });
  for (const metrics of [api, new ProductMetrics('worker')]) {
    for (const metric of metrics.registry.getMetricsAsArray()) {
      const { name, type } = metric as unknown as { name: string; type: string };
      names.add(name);
      if (type === 'histogram')
        for (const suffix of ['_bucket', '_sum', '_count']) names.add(name + suffix);
      if (type === 'summary') for (const suffix of ['_sum', '_count']) names.add(name + suffix);
    }
  }
  return names;
}

/** The metric names a PromQL text uses: ours (`prosign_`) and Node's process metrics. */
const METRIC = /\b(?:prosign|process|nodejs)_[a-z0-9_]+\b/g;
const metricsIn = (text: string) => [...new Set(text.match(METRIC) ?? [])];

interface Panel {
  title: string;
  type: string;
  targets?: Array<{ expr: string }>;
}

/**
 * The Grafana dashboard and the Prometheus alerts (deploy/) name only series the api and the
 * worker expose (README, Metrics): renaming a metric without them fails here.
 */
describe('the dashboard and the alerts name real metrics', () => {
  const known = seriesNames();

  it('finds the product metrics', () => {
    expect([...known]).toEqual(
      expect.arrayContaining([
        'prosign_http_request_duration_seconds_bucket',
        'prosign_queue_oldest_waiting_job_age_seconds',
        'prosign_signings_completed_total',
        'process_cpu_seconds_total',
      ]),
    );
  });

  it('every panel of deploy/grafana/prosign-dashboard.json queries known series', () => {
    const dashboard = JSON.parse(read('deploy/grafana/prosign-dashboard.json')) as {
      panels: Panel[];
      templating: { list: Array<{ definition?: string }> };
    };
    const panels = dashboard.panels.filter((panel) => panel.type !== 'row');
    expect(panels.length).toBeGreaterThan(10);
    for (const panel of panels) {
      const exprs = (panel.targets ?? []).map((target) => target.expr);
      expect([panel.title, exprs.length > 0]).toEqual([panel.title, true]);
      for (const expr of exprs) {
        const used = metricsIn(expr);
        expect([panel.title, used.length > 0]).toEqual([panel.title, true]);
        expect([panel.title, used.filter((name) => !known.has(name))]).toEqual([panel.title, []]);
      }
    }
    const variables = dashboard.templating.list.map((variable) => variable.definition ?? '');
    expect(metricsIn(variables.join('\n')).filter((name) => !known.has(name))).toEqual([]);
  });

  it('every rule of deploy/prometheus/alerts.yaml watches known series', () => {
    const alerts = read('deploy/prometheus/alerts.yaml');
    const rules = alerts.split(/^\s+- alert: /m).slice(1);
    expect(rules.length).toBeGreaterThanOrEqual(3);
    for (const rule of rules) {
      const name = rule.split('\n')[0];
      const expr = /expr: ([^\n]*(?:\n {10,}[^\n]+)*)/.exec(rule)?.[1] ?? '';
      expect([name, metricsIn(expr).length > 0]).toEqual([name, true]);
    }
    expect(metricsIn(alerts).filter((name) => !known.has(name))).toEqual([]);
    // The three the operators asked for: queue age, seals waiting for a time stamp, 5xx rate.
    expect(alerts).toMatch(/prosign_queue_oldest_waiting_job_age_seconds\) > \d+/);
    expect(alerts).toMatch(/prosign_seal_timestamp_wait_oldest_seconds\) > \d+/);
    expect(alerts).toMatch(/status=~"5\.\."/);
  });
});
