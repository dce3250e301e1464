import { createAccessFlags, FULL_ACCESS, ServerEvent } from '@prosign/domain';
import { expectNoSeriousAxeViolations } from '@prosign/ui/testing';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createFakeApi, staffSession, type FakeApi } from './fake-api';
import { answerInsights, CSM, emptyFigures, insightsFigures } from './insights-fixtures';
import { renderShell, setViewportWidth } from './render-shell';

const mockListeners = new Map<string, (event: unknown) => void>();
jest.mock('socket.io-client', () => ({
  io: () => ({
    on: (name: string, listener: (event: unknown) => void) => mockListeners.set(name, listener),
    removeAllListeners: () => mockListeners.clear(),
    disconnect: jest.fn(),
  }),
}));

beforeEach(() => {
  setViewportWidth(1280);
  localStorage.clear();
  mockListeners.clear();
});

const PERIOD = 'from=2026-09-09&to=2026-12-07';

function insightsCalls(api: FakeApi) {
  return api.calls.filter(
    (call) => call.method === 'GET' && call.path.startsWith('/api/insights?'),
  );
}

async function openInsights(path = `/insights?${PERIOD}`, api = createFakeApi()) {
  const utils = await renderShell(path, { api });
  await screen.findByRole('region', { name: 'Funnel' });
  return utils;
}

const panel = (name: string) => screen.getByRole('region', { name });

/** The rows of a panel's table as shown, header first. */
function tableRows(region: HTMLElement): string[][] {
  const table = within(region).getByRole('table');
  return within(table)
    .getAllByRole('row')
    .map((row) => Array.from(row.querySelectorAll('th, td')).map((cell) => cell.textContent ?? ''));
}

/** The value labels of a panel's chart (the text at each bar). */
function barLabels(region: HTMLElement): string[] {
  const chart = within(region).getByRole('img');
  return Array.from(chart.querySelectorAll('.in-chart__value')).map(
    (text) => text.textContent ?? '',
  );
}

/** RFC 4180 fields of a CSV text (quoted fields may hold commas and quotes). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index];
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        field += '"';
        index += 1;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(field);
      field = '';
    } else if (char === '\r' && text[index + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      index += 1;
    } else field += char;
  }
  return rows;
}

/** The CSV behind a panel's Download CSV link, and its file name. */
function csvOf(region: HTMLElement, title: string) {
  const link = within(region).getByRole('link', { name: `Download CSV (${title})` });
  const href = link.getAttribute('href') ?? '';
  const prefix = 'data:text/csv;charset=utf-8,';
  expect(href.startsWith(prefix)).toBe(true);
  const text = decodeURIComponent(href.slice(prefix.length));
  return { text, rows: parseCsv(text), fileName: link.getAttribute('download') };
}

async function showTable(region: HTMLElement) {
  await userEvent.click(within(region).getByRole('button', { name: 'Table' }));
  expect(within(region).getByRole('button', { name: 'Table' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
}

/**
 * Each chart: what its table shows (checked against the answer's figures), and the labels its
 * bars carry, which must be those cells (the series' cell, and the annotation's in brackets).
 */
const CHARTS: {
  title: string;
  table: string[][];
  bars: string[];
}[] = [
  {
    title: 'Funnel',
    table: [
      ['Step', 'Agreements', 'Share of sent'],
      ['Sent', '120', '100%'],
      ['Viewed', '96', '80%'],
      ['Signed', '70', '58.3%'],
      ['Declined', '9', '7.5%'],
      ['Expired', '4', '3.3%'],
      ['Voided', '2', '1.7%'],
    ],
    bars: ['120 (100%)', '96 (80%)', '70 (58.3%)', '9 (7.5%)', '4 (3.3%)', '2 (1.7%)'],
  },
  {
    title: 'Time to sign',
    table: [
      ['Time to sign', 'Agreements signed'],
      ['Under 1 day', '12'],
      ['1–2 days', '20'],
      ['3–7 days', '22'],
      ['8–14 days', '9'],
      ['15–30 days', '5'],
      ['Over 30 days', '2'],
    ],
    bars: ['12', '20', '22', '9', '5', '2'],
  },
  {
    title: 'Time to sign by family',
    table: [
      ['Family', 'Median', '90th percentile', 'Signed'],
      ['All', '3.4 d', '12.5 d', '70'],
      ['Contract', '2.9 d', '10 d', '50'],
      ['SOW', '5.3 d', '16 d', '20'],
    ],
    bars: ['3.4 d', '12.5 d', '2.9 d', '10 d', '5.3 d', '16 d'],
  },
  {
    title: 'Time to sign by owner',
    table: [
      ['Owner', 'Median', '90th percentile', 'Signed'],
      ['All', '3.4 d', '12.5 d', '70'],
      [CSM, '3 d', '11 d', '45'],
      ['pm@prosign.example', '4.5 d', '14.2 d', '25'],
    ],
    bars: ['3.4 d', '12.5 d', '3 d', '11 d', '4.5 d', '14.2 d'],
  },
  {
    title: 'Value waiting by age',
    table: [
      ['Age', 'Value waiting', 'Agreements'],
      ['0–7 days', '$62,000.00', '8'],
      ['8–14 days', '$48,500.00', '5'],
      ['15–30 days', '$40,000.00', '4'],
      ['31–60 days', '$26,000.00', '3'],
      ['Over 60 days', '$8,000.00', '1'],
    ],
    bars: ['$62,000.00 (8)', '$48,500.00 (5)', '$40,000.00 (4)', '$26,000.00 (3)', '$8,000.00 (1)'],
  },
  {
    title: 'Value waiting by stage',
    table: [
      ['Stage', 'Value waiting', 'Agreements'],
      ['Not viewed', '$71,000.00', '9'],
      ['Viewed', '$98,500.00', '10'],
      ['Signature saved', '$15,000.00', '2'],
    ],
    bars: ['$71,000.00 (9)', '$98,500.00 (10)', '$15,000.00 (2)'],
  },
  {
    title: 'Volume per week',
    table: [
      ['Week of', 'Sent', 'Signed', 'Declined'],
      ['Nov 9', '10', '6', '1'],
      ['Nov 16', '14', '9', '0'],
      ['Nov 23', '8', '7', '2'],
      ['Nov 30', '12', '5', '1'],
    ],
    // No label over an empty bar (the table says 0).
    bars: ['10', '6', '1', '14', '9', '8', '7', '2', '12', '5', '1'],
  },
  {
    title: 'Decline reasons',
    table: [
      ['Reason', 'Declines', 'In their words'],
      ['Price or fee', '5', '“Too expensive”; “=HYPERLINK("x")”'],
      ['Timing', '3', '“Not this year”'],
      ['No reason given', '1', ''],
    ],
    bars: ['5', '3', '1'],
  },
  {
    title: 'Invoices',
    table: [
      ['Invoices', 'Amount', 'Count'],
      ['Issued', '$96,250.50', '14'],
      ['Paid', '$61,000.00', '9'],
      ['Overdue', '$18,400.00', '3'],
    ],
    bars: ['$96,250.50 (14)', '$61,000.00 (9)', '$18,400.00 (3)'],
  },
];

describe('/insights', () => {
  it('is in the navigation of staff with insightsAccess, and "No access" for the others', async () => {
    const api = createFakeApi({
      session: staffSession({
        email: CSM,
        roles: ['csm'],
        isAdmin: false,
        access: createAccessFlags({ homeAccess: true, dashboardAccess: true }),
      }),
    });
    answerInsights(api);
    await renderShell('/insights', { api });
    const nav = screen.getByRole('navigation', { name: 'Staff navigation' });
    expect(within(nav).queryByRole('link', { name: 'Insights' })).not.toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'No access' })).toBeInTheDocument();
    expect(screen.getByText('Insights')).toBeInTheDocument();
    expect(insightsCalls(api)).toEqual([]);
  });

  it('asks for the filter in the address, shows it in the boxes, and writes each change back', async () => {
    const api = createFakeApi({ session: staffSession({ access: FULL_ACCESS }) });
    answerInsights(api);
    await openInsights(`/insights?${PERIOD}&owner=${CSM}`, api);
    expect(
      within(screen.getByRole('navigation', { name: 'Staff navigation' })).getByRole('link', {
        name: 'Insights',
      }),
    ).toHaveAttribute('aria-current', 'page');
    expect(insightsCalls(api).map((call) => call.path)).toEqual([
      `/api/insights?${PERIOD}&owner=csm%40prosign.example`,
    ]);
    const filters = screen.getByRole('form', { name: 'Filters' });
    expect(within(filters).getByLabelText('From')).toHaveValue('2026-09-09');
    expect(within(filters).getByLabelText('To')).toHaveValue('2026-12-07');
    expect(within(filters).getByLabelText('Owner')).toHaveValue(CSM);
    expect(within(filters).getByLabelText('Family')).toHaveValue('');

    await userEvent.selectOptions(within(filters).getByLabelText('Family'), 'SOW');
    const location = screen.getByTestId('location');
    await waitFor(() =>
      expect(location).toHaveAttribute(
        'data-search',
        `?${PERIOD}&family=sow&owner=csm%40prosign.example`,
      ),
    );
    await waitFor(() =>
      expect(insightsCalls(api).at(-1)?.path).toBe(
        `/api/insights?${PERIOD}&family=sow&owner=csm%40prosign.example`,
      ),
    );

    await userEvent.selectOptions(within(filters).getByLabelText('Owner'), 'All owners');
    await userEvent.selectOptions(within(filters).getByLabelText('Pipeline'), 'Sales pipeline');
    await waitFor(() =>
      expect(location).toHaveAttribute('data-search', `?${PERIOD}&family=sow&pipeline=default`),
    );
    // A period ending before it starts is refused where it was typed; the address stays.
    // (A date box's change, as the browser's date picker makes it.)
    fireEvent.change(within(filters).getByLabelText('From'), { target: { value: '2026-12-20' } });
    expect(await within(filters).findByRole('alert')).toHaveTextContent(
      'from must be on or before to.',
    );
    expect(location).toHaveAttribute('data-search', `?${PERIOD}&family=sow&pipeline=default`);

    await userEvent.click(within(filters).getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(location).toHaveAttribute('data-search', ''));
  });

  it('says why an address it cannot show is refused, and clears it', async () => {
    const api = createFakeApi();
    answerInsights(api);
    await renderShell('/insights?from=2026-12-07&to=2026-01-01', { api });
    expect(
      await screen.findByRole('heading', { name: 'These filters cannot be shown' }),
    ).toBeInTheDocument();
    expect(screen.getByText('from must be on or before to.')).toBeInTheDocument();
    expect(insightsCalls(api)).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(await screen.findByRole('region', { name: 'Funnel' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveAttribute('data-search', '');
  });

  it.each(CHARTS)(
    '$title: the bars carry the table’s figures, and the CSV is that table',
    async (chart) => {
      const api = createFakeApi();
      answerInsights(api);
      await openInsights(`/insights?${PERIOD}`, api);
      const region = panel(chart.title);
      const image = within(region).getByRole('img', { name: chart.title });
      // Described in words for screen readers: the same figures.
      const description = document.getElementById(image.getAttribute('aria-describedby') ?? '');
      expect(description).toHaveTextContent(`${chart.table[0][0]}: ${chart.table[1][0]}`);
      expect(barLabels(region)).toEqual(chart.bars);

      await showTable(region);
      expect(within(region).queryByRole('img')).not.toBeInTheDocument();
      expect(tableRows(region)).toEqual(chart.table);
      const csv = csvOf(region, chart.title);
      expect(csv.fileName).toMatch(/^insights-[a-z-]+\.csv$/);
      expect(csv.rows).toEqual(chart.table);
    },
  );

  it('writes the CSV as RFC 4180 text a spreadsheet reads', async () => {
    const api = createFakeApi();
    answerInsights(api);
    await openInsights(`/insights?${PERIOD}`, api);
    expect(csvOf(panel('Funnel'), 'Funnel').text).toBe(
      'Step,Agreements,Share of sent\r\nSent,120,100%\r\nViewed,96,80%\r\nSigned,70,58.3%\r\n' +
        'Declined,9,7.5%\r\nExpired,4,3.3%\r\nVoided,2,1.7%\r\n',
    );
    expect(csvOf(panel('Invoices'), 'Invoices').text).toContain('Issued,"$96,250.50",14\r\n');
  });

  it('marks the median and the 90th percentile on the time-to-sign chart, and says them', async () => {
    const api = createFakeApi();
    answerInsights(api);
    await openInsights(`/insights?${PERIOD}`, api);
    const region = panel('Time to sign');
    expect(region).toHaveTextContent('3.4 d median');
    expect(region).toHaveTextContent('12.5 d 90th percentile');
    const chart = within(region).getByRole('img');
    expect(chart).toHaveTextContent('Median');
    expect(chart).toHaveTextContent('90th percentile');
  });

  it('lists stalled agreements with on whom and since when, and reminds in one click', async () => {
    const api = createFakeApi();
    let version = 0;
    answerInsights(api, () => {
      version += 1;
      return insightsFigures();
    });
    api.on('POST', '/api/sow/send-reminder', () => ({
      status: 200,
      body: { message: 'Reminder sent successfully.' },
    }));
    await openInsights(`/insights?${PERIOD}`, api);
    const stalled = panel('Stalled agreements');
    expect(stalled).toHaveTextContent(
      '2 agreements with no view or signer action for 7 days or more',
    );
    const [header, first, second] = tableRows(stalled);
    expect(header).toEqual([
      'Agreement',
      'Family',
      'Waiting on',
      'Stalled because',
      'Since',
      'Days waiting',
      'Owner',
      'Reminder',
    ]);
    expect(first.slice(0, 7)).toEqual([
      'SOW #17 — Harbor Street retrofit',
      'Scope-of-Work contract',
      'Maria Alvarez (signer)',
      'Not opened',
      'Nov 20, 2026',
      '17',
      'pm@prosign.example',
    ]);
    expect(second[3]).toBe('No action from the signer');
    expect(
      within(stalled).getByRole('link', { name: 'SOW #17 — Harbor Street retrofit' }),
    ).toHaveAttribute('href', '/sow-dashboard');

    // Not allowed: disabled, with the action table's reason.
    const refused = within(stalled).getByRole('button', {
      name: 'Remind Luis Ortega about Structural Engineering Agreement — 2215 Larkin Street',
    });
    expect(refused).toBeDisabled();
    expect(refused).toHaveAccessibleDescription('A reminder was sent less than 24 hours ago.');

    const before = version;
    await userEvent.click(
      within(stalled).getByRole('button', {
        name: 'Remind Maria Alvarez about SOW #17 — Harbor Street retrofit',
      }),
    );
    expect(await screen.findByText('Reminder sent.')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/sow/send-reminder')).toEqual([
      { method: 'POST', path: '/api/sow/send-reminder', body: { id: 'sow-17' } },
    ]);
    // The figures are read again (the reminder lock, the list).
    await waitFor(() => expect(version).toBeGreaterThan(before));

    const csv = csvOf(stalled, 'Stalled agreements');
    expect(csv.rows[1]).toEqual(first.slice(0, 7));
  });

  it('says why a reminder failed', async () => {
    const api = createFakeApi();
    answerInsights(api);
    api.on('POST', '/api/sow/send-reminder', () => ({
      status: 409,
      body: { statusCode: 409, message: 'Reminder already sent today.', error: 'Conflict' },
    }));
    await openInsights(`/insights?${PERIOD}`, api);
    await userEvent.click(screen.getByRole('button', { name: /^Remind Maria Alvarez/ }));
    expect(
      await screen.findByText(/The reminder could not be sent\. Reminder already sent today\./),
    ).toBeInTheDocument();
  });

  it('cuts the stalled list at another number of quiet days through the address', async () => {
    const api = createFakeApi();
    answerInsights(api);
    await openInsights(`/insights?${PERIOD}`, api);
    await userEvent.selectOptions(
      within(panel('Stalled agreements')).getByLabelText('Quiet for'),
      '14',
    );
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveAttribute(
        'data-search',
        `?${PERIOD}&stalledDays=14`,
      ),
    );
  });

  it('says so when nothing matches, instead of empty charts', async () => {
    const api = createFakeApi();
    answerInsights(api, emptyFigures());
    await renderShell(`/insights?${PERIOD}`, { api });
    expect(
      await screen.findByText(
        'No agreements match these filters yet. Widen the period or clear a filter.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Filters' })).toBeInTheDocument();
  });

  it('shows a failed load with a retry', async () => {
    const api = createFakeApi();
    let fail = true;
    api.on('GET', /^\/api\/insights\?/, () =>
      fail
        ? {
            status: 500,
            body: { statusCode: 500, message: 'Internal server error', error: 'Error' },
          }
        : { status: 200, body: insightsFigures() },
    );
    api.on('GET', '/api/insights/digest', () => ({ status: 200, body: { weekly: false } }));
    await renderShell(`/insights?${PERIOD}`, { api });
    expect(
      await screen.findByRole('heading', { name: 'Insights could not be loaded' }),
    ).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('region', { name: 'Funnel' })).toBeInTheDocument();
  });

  it('reads the figures again when the staff room announces a change', async () => {
    const api = createFakeApi();
    let signed = 70;
    answerInsights(api, () => {
      const figures = insightsFigures();
      return {
        ...figures,
        funnel: figures.funnel.map((step) =>
          step.step === 'signed' ? { ...step, count: signed, rate: signed / 120 } : step,
        ),
      };
    });
    await openInsights(`/insights?${PERIOD}`, api);
    expect(barLabels(panel('Funnel'))).toContain('70 (58.3%)');
    signed = 71;
    act(() =>
      mockListeners.get(ServerEvent.AgreementChanged)?.({
        family: 'standard',
        id: 'c-1',
        status: 'signed',
        at: new Date().toISOString(),
      }),
    );
    await waitFor(() => expect(barLabels(panel('Funnel'))).toContain('71 (59.2%)'));
  });

  it('turns the Monday digest on', async () => {
    const api = createFakeApi();
    answerInsights(api);
    api.on('POST', '/api/insights/digest', (call) => ({ status: 201, body: call.body }));
    await openInsights(`/insights?${PERIOD}`, api);
    const digest = await screen.findByRole('checkbox', { name: 'Monday digest' });
    await waitFor(() => expect(digest).toBeEnabled());
    expect(digest).not.toBeChecked();
    await userEvent.click(digest);
    expect(await screen.findByText('You will get the Monday digest.')).toBeInTheDocument();
    expect(digest).toBeChecked();
    expect(api.callsTo('POST', '/api/insights/digest')).toEqual([
      { method: 'POST', path: '/api/insights/digest', body: { weekly: true } },
    ]);
  });

  it('has no serious accessibility violations, charts or tables, on a phone too', async () => {
    setViewportWidth(390);
    const api = createFakeApi();
    answerInsights(api);
    await openInsights(`/insights?${PERIOD}`, api);
    await expectNoSeriousAxeViolations(screen.getByRole('main'));
    for (const chart of CHARTS) await showTable(panel(chart.title));
    await expectNoSeriousAxeViolations(screen.getByRole('main'));
  });
});
