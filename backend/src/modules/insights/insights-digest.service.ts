import { InjectQueue } from '@nestjs/bullmq';
import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import type { Queue } from 'bullmq';
import {
  addCalendarDays,
  formatUsd,
  INSIGHTS_PAGE_PATH,
  insightsQueryString,
  isDigestTime,
  isoWeekOf,
  MONTH_NAMES,
  weekStartOf,
  type InsightsFilter,
  INSIGHTS_DEFAULT_STALLED_DAYS,
} from '@prosign/domain';
import { createHash } from 'node:crypto';
import { flagsOf, StaffUserRepository } from '../access';
import { MailService } from '../mail';
import { AppConfig } from '../../platform/config/app-config';
import { QueueName } from '../../platform/queues/queue-names';
import { InsightsDigestRepository } from './insights-digest.repository';
import { InsightsService } from './insights.service';

/** Stalled agreements a digest lists by name; the rest it counts. */
const DIGEST_STALLED_LINES = 5;

/** The `system` queue's job that sends the digests (scheduled by InsightsDigestScheduler). */
export const INSIGHTS_DIGEST_JOB = 'send-insights-digests';
const INSIGHTS_DIGEST_SCHEDULER = 'insights.monday-digest';
/** How often the worker looks whether it is Monday morning (sent once a week whatever this is). */
const INSIGHTS_DIGEST_EVERY_MS = 15 * 60_000;

export interface DigestRunResult {
  /** Mails handed to the mail queue this run (a reader's second run of a week hands none). */
  sent: number;
  /** Readers passed over: no longer listed, or without the Insights flag. */
  skipped: number;
}

/**
 * The Monday digest (issue 58): on Monday mornings in the firm's time zone, every staff
 * member who chose it gets one mail with their own agreements' last week — the funnel of
 * what they sent, what is stalled and the value waiting — and the link to Insights. Its
 * mail key is the reader's and the ISO week's, so however many runs, retries and workers
 * there are, one mail goes per reader per week (the mail service delivers a key once).
 */
@Injectable()
export class InsightsDigestService {
  private readonly logger = new Logger(InsightsDigestService.name);

  constructor(
    private readonly insights: InsightsService,
    private readonly choices: InsightsDigestRepository,
    private readonly staff: StaffUserRepository,
    private readonly mail: MailService,
    private readonly config: AppConfig,
  ) {}

  async run(now = new Date()): Promise<DigestRunResult> {
    if (!isDigestTime(now, this.config.FIRM_TIME_ZONE)) return { sent: 0, skipped: 0 };
    // A delivery recorded from here on is this run's; an older one was a run before.
    const started = Date.now();
    const today = this.insights.today(now);
    const monday = weekStartOf(today);
    const filterBase = {
      from: addCalendarDays(monday, -7),
      to: addCalendarDays(monday, -1),
      family: null,
      pipeline: null,
      stalledDays: INSIGHTS_DEFAULT_STALLED_DAYS,
    };
    let sent = 0;
    let skipped = 0;
    for (const email of await this.choices.weeklyReaders()) {
      const user = await this.staff.findByEmail(email);
      const access = user ? flagsOf(user) : null;
      if (!user || !access?.insightsAccess) {
        skipped += 1;
        continue;
      }
      const filter: InsightsFilter = { ...filterBase, owner: user.email };
      const figures = await this.insights.figures(
        { email: user.email, isAdmin: user.role.includes('admin'), access },
        filter,
        now,
      );
      const [sentStep, ...rest] = figures.funnel;
      const stalled = figures.stalled.items.slice(0, DIGEST_STALLED_LINES);
      const delivery = await this.mail.send({
        key: digestKey(user.email, isoWeekOf(today)),
        to: [user.email],
        template: {
          kind: 'insights-digest',
          data: {
            period: periodLabel(filter.from, filter.to),
            funnel: [
              `${sentStep.label.toLowerCase()}: ${sentStep.count}`,
              ...rest.map(
                (step) =>
                  `${step.label.toLowerCase()}: ${step.count}${step.rate === null ? '' : ` (${Math.round(step.rate * 100)}%)`}`,
              ),
            ],
            valueWaiting: `${formatUsd(figures.valueWaiting.total.amount)} in ${figures.valueWaiting.count} agreement${figures.valueWaiting.count === 1 ? '' : 's'} waiting for a signature`,
            stalled: stalled.map(
              (item) =>
                `${item.title} — waiting on ${item.waitingOn.name} (${item.waitingOn.role}) for ${item.daysWaiting} days`,
            ),
            stalledMore: Math.max(0, figures.stalled.total - stalled.length),
            link: `${this.config.PUBLIC_SHELL_URL.replace(/\/+$/, '')}${INSIGHTS_PAGE_PATH}?${insightsQueryString(filter)}`,
          },
        },
      });
      if (new Date(delivery.createdAt).getTime() >= started) sent += 1;
    }
    if (sent || skipped) this.logger.log(`Insights digest: ${sent} mail(s), ${skipped} skipped`);
    return { sent, skipped };
  }
}

/** The digest's mail key: the reader (hashed: keys become Message-IDs and log lines) and the week. */
export function digestKey(email: string, isoWeek: string): string {
  const reader = createHash('sha256').update(email.toLowerCase()).digest('hex').slice(0, 24);
  return `insights-digest.${reader}.${isoWeek}`;
}

/** "November 30 – December 6, 2026". */
function periodLabel(from: string, to: string): string {
  const spell = (day: string) => {
    const [year, month, date] = day.split('-').map(Number);
    return { year, text: `${MONTH_NAMES[month - 1]} ${date}` };
  };
  const start = spell(from);
  const end = spell(to);
  return start.year === end.year
    ? `${start.text} – ${end.text}, ${end.year}`
    : `${start.text}, ${start.year} – ${end.text}, ${end.year}`;
}

/** Registers the digest's schedule: one scheduler in Redis, whatever the number of workers. */
@Injectable()
export class InsightsDigestScheduler implements OnApplicationBootstrap {
  private readonly logger = new Logger(InsightsDigestScheduler.name);

  constructor(@InjectQueue(QueueName.System) private readonly queue: Queue) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.queue
      .upsertJobScheduler(
        INSIGHTS_DIGEST_SCHEDULER,
        { every: INSIGHTS_DIGEST_EVERY_MS },
        { name: INSIGHTS_DIGEST_JOB, data: {}, opts: { attempts: 3 } },
      )
      .catch((error: unknown) =>
        this.logger.error(`the Insights digest could not be scheduled: ${String(error)}`),
      );
  }
}
