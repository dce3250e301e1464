import { Injectable, Logger } from '@nestjs/common';
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
  STALLED_REASON_LABELS,
} from '@prosign/domain';
import { createHash } from 'node:crypto';
import { flagsOf, StaffUserRepository } from '../access';
import { MailService } from '../mail';
import { AppConfig } from '../../platform/config/app-config';
import { InsightsDigestRepository } from './insights-digest.repository';
import { InsightsService } from './insights.service';

/** Stalled agreements a digest lists by name; the rest it counts. */
const DIGEST_STALLED_LINES = 5;

export interface DigestRunResult {
  /** Mails handed to the mail queue this run (a reader's second run of a week hands none). */
  sent: number;
  /** Readers passed over: no longer listed, or without the Insights flag. */
  skipped: number;
}

/**
 * The Monday Insights digest: on Monday mornings in the firm's time zone, every staff
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
                `${item.title} — ${STALLED_REASON_LABELS[item.reason].toLowerCase()}, waiting on ${item.waitingOn.name} (${item.waitingOn.role}) for ${item.daysWaiting} days`,
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
