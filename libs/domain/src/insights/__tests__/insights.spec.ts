import {
  calendarDayIn,
  declineReasonGroup,
  funnelFigures,
  histogramPercentile,
  isDigestTime,
  isoWeekOf,
  timeToSignSummary,
  valueAgeBandOf,
  waitingStageOf,
  weekStartOf,
  weeksOf,
} from '../insight-rules';
import {
  INSIGHTS_DEFAULT_STALLED_DAYS,
  insightsQueryString,
  parseInsightsQuery,
} from '../insights';

const TODAY = '2026-12-07';

describe('the Insights filter in the URL', () => {
  it('opens on the last 90 days of every family, owner and pipeline', () => {
    expect(parseInsightsQuery({}, TODAY)).toEqual({
      ok: true,
      filter: {
        from: '2026-09-09',
        to: TODAY,
        family: null,
        owner: null,
        pipeline: null,
        stalledDays: INSIGHTS_DEFAULT_STALLED_DAYS,
      },
    });
  });

  it('reads every filter and writes the same query back', () => {
    const query = {
      from: '2026-11-01',
      to: '2026-11-30',
      family: 'sow',
      owner: ' Casey@ProSign.example ',
      pipeline: 'default',
      stalledDays: '14',
    };
    const result = parseInsightsQuery(query, TODAY);
    expect(result).toEqual({
      ok: true,
      filter: {
        from: '2026-11-01',
        to: '2026-11-30',
        family: 'sow',
        owner: 'casey@prosign.example',
        pipeline: 'default',
        stalledDays: 14,
      },
    });
    if (!result.ok) throw new Error('refused');
    expect(insightsQueryString(result.filter)).toBe(
      'from=2026-11-01&to=2026-11-30&family=sow&owner=casey%40prosign.example&pipeline=default&stalledDays=14',
    );
  });

  it.each([
    [{ from: '2026-02-30' }, 'from must be a date as YYYY-MM-DD.'],
    [{ from: '2026-12-01', to: '2026-11-01' }, 'from must be on or before to.'],
    [{ from: '2020-01-01', to: '2026-01-01' }, 'The period can be at most 731 days long.'],
    [{ owner: 'not an address' }, 'owner must be an e-mail address.'],
    [{ stalledDays: '0' }, 'stalledDays must be a whole number from 1 to 365.'],
    [{ family: 'SOW!' }, 'family must be a family id, e.g. sow.'],
    [{ family: ['sow', 'co'] }, 'family may be given once.'],
  ])('refuses %j with a message naming it', (query, message) => {
    expect(parseInsightsQuery(query, TODAY)).toEqual({ ok: false, message });
  });
});

describe('the Insights rules', () => {
  it('counts days and weeks in the firm’s time zone, Monday to Sunday', () => {
    // 07:30 UTC on a Monday is still Sunday evening in Los Angeles.
    expect(calendarDayIn(new Date('2026-12-07T07:30:00Z'), 'America/Los_Angeles')).toBe(
      '2026-12-06',
    );
    expect(weekStartOf('2026-12-06')).toBe('2026-11-30');
    expect(weekStartOf('2026-12-07')).toBe('2026-12-07');
    expect(weeksOf('2026-11-25', '2026-12-08')).toEqual(['2026-11-23', '2026-11-30', '2026-12-07']);
    expect(isoWeekOf('2026-12-07')).toBe('2026-W50');
    expect(isoWeekOf('2027-01-01')).toBe('2026-W53');
  });

  it('sends the digest on Monday mornings in the firm’s time zone only', () => {
    expect(isDigestTime(new Date('2026-12-07T16:00:00Z'), 'America/Los_Angeles')).toBe(true);
    expect(isDigestTime(new Date('2026-12-07T08:00:00Z'), 'America/Los_Angeles')).toBe(false);
    expect(isDigestTime(new Date('2026-12-08T16:00:00Z'), 'America/Los_Angeles')).toBe(false);
  });

  it('gives each funnel step its rate of the agreements sent', () => {
    const figures = funnelFigures({
      sent: 8,
      viewed: 6,
      signed: 4,
      declined: 1,
      expired: 1,
      voided: 0,
    });
    expect(figures.map(({ step, rate }) => [step, rate])).toEqual([
      ['sent', 1],
      ['viewed', 0.75],
      ['signed', 0.5],
      ['declined', 0.125],
      ['expired', 0.125],
      ['voided', 0],
    ]);
    expect(
      funnelFigures({ sent: 0, viewed: 0, signed: 0, declined: 0, expired: 0, voided: 0 })[1].rate,
    ).toBeNull();
  });

  it('takes the median and 90th percentile of a histogram by nearest rank', () => {
    const entries = [
      { value: 4, count: 1 },
      { value: 1, count: 1 },
      { value: 2, count: 1 },
      { value: 3, count: 1 },
    ];
    expect(histogramPercentile(entries, 50)).toBe(2);
    expect(histogramPercentile(entries, 90)).toBe(4);
    expect(timeToSignSummary(entries)).toEqual({ count: 4, medianDays: 2, p90Days: 4 });
    expect(timeToSignSummary([])).toEqual({ count: 0, medianDays: null, p90Days: null });
  });

  it('bands ages, names waiting stages and groups decline reasons', () => {
    expect([0, 7, 8, 30, 31, 61].map(valueAgeBandOf)).toEqual([
      '0to7',
      '0to7',
      '8to14',
      '15to30',
      '31to60',
      'over60',
    ]);
    expect(waitingStageOf('sow', 'not-signed')).toBe('notViewed');
    expect(waitingStageOf('standard', 'signature_saved')).toBe('signatureSaved');
    expect(waitingStageOf('standard', 'signed')).toBeNull();
    expect(declineReasonGroup('The fee is over our budget')).toBe('price');
    expect(declineReasonGroup('We went with another firm')).toBe('elsewhere');
    expect(declineReasonGroup('Please fix the wrong address')).toBe('details');
    expect(declineReasonGroup('  ')).toBe('none');
    expect(declineReasonGroup('Nope')).toBe('other');
  });
});
