import { layout, type RenderedMail } from './mail-layout';

/**
 * The Monday Insights digest: to a staff member who chose it, their own agreements' last week
 * at a glance, each line already worded by the sender, and the Insights page's link.
 */
export interface InsightsDigestMailData {
  /** "November 30 – December 6, 2026". */
  period: string;
  /** "sent: 12", "viewed: 9 (75%)", … */
  funnel: string[];
  /** "$48,500.00 in 7 agreements waiting for a signature". */
  valueWaiting: string;
  /** "Change Order: 12 Oak Avenue — not opened, waiting on Ana Lee (signer) for 9 days". */
  stalled: string[];
  /** Stalled agreements beyond the listed ones. */
  stalledMore: number;
  link: string;
}

export function insightsDigestMail(d: InsightsDigestMailData): RenderedMail {
  const stalled =
    d.stalled.length === 0
      ? 'Nothing is stalled: every open agreement moved in the last days.'
      : `Stalled, waiting the longest: ${d.stalled.join('; ')}${d.stalledMore > 0 ? `; and ${d.stalledMore} more` : ''}.`;
  return layout(`Your agreements last week: ${d.period}`, {
    heading: 'Your week in agreements',
    greeting: 'Hello,',
    paragraphs: [
      `Of the agreements you sent ${d.period}: ${d.funnel.join(', ')}.`,
      `Value waiting now: ${d.valueWaiting}.`,
      stalled,
    ],
    action: { label: 'Open Insights', url: d.link },
    note: 'You get this mail because you chose the Monday digest on the Insights page; turn it off there.',
  });
}
