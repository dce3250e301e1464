import { FULL_ACCESS, NO_ACCESS, createAccessFlags } from '../../access/access-flags';
import { registerFamily, unregisterFamily } from '../../families/families';
import { SOW_FAMILY_DEFINITION } from '../../families/sow.family';
import {
  buildNavModel,
  isNavItemActive,
  isNavLinkActive,
  requiredFlagForPath,
  showsCountersignEntry,
  type NavItem,
} from '../nav-model';

function labels(model: NavItem[]): string[] {
  return model.map((item) =>
    item.kind === 'link'
      ? item.label
      : `${item.label} [${item.items.map((link) => link.label).join(', ')}]`,
  );
}

describe('buildNavModel', () => {
  it('shows every entry, the SOW ones grouped, when every flag is true', () => {
    expect(labels(buildNavModel(FULL_ACCESS))).toEqual([
      'Home',
      'Dashboard',
      'Services',
      'Terms',
      'SOW Management [SOW Home, SOW Dashboard, SOW/CO Services]',
      'Document Dashboard',
      'Invoices',
      'Insights',
      'New document',
      'Document templates',
      'User Access',
    ]);
  });

  it('shows nothing when no flag is true', () => {
    expect(buildNavModel(NO_ACCESS)).toEqual([]);
  });

  it('gives each link the path of its screen', () => {
    const paths = buildNavModel(FULL_ACCESS).flatMap((item) =>
      item.kind === 'link' ? [item.path] : item.items.map((link) => link.path),
    );
    expect(paths).toEqual([
      '/',
      '/dashboard',
      '/services',
      '/terms',
      '/sow',
      '/sow-dashboard',
      '/sow-template-edit',
      '/documents',
      '/invoices',
      '/insights',
      '/documents/new',
      '/documents/templates',
      '/user-access',
    ]);
  });

  it('groups two permitted SOW entries under "SOW Management"', () => {
    const model = buildNavModel(
      createAccessFlags({ sowAccess: true, sowServicesEditAccess: true }),
    );
    expect(labels(model)).toEqual(['SOW Management [SOW Home, SOW/CO Services]']);
  });

  it.each([
    ['sowAccess', 'SOW Home', '/sow'],
    ['sowDashboardAccess', 'SOW Dashboard', '/sow-dashboard'],
    ['sowServicesEditAccess', 'SOW/CO Services', '/sow-template-edit'],
  ] as const)('shows a single permitted SOW entry (%s) directly', (flag, label, path) => {
    const model = buildNavModel(createAccessFlags({ homeAccess: true, [flag]: true }));
    expect(model).toEqual([
      { kind: 'link', id: 'home', label: 'Home', path: '/' },
      expect.objectContaining({ kind: 'link', label, path }),
      // Home staff prepare documents from any PDF too.
      expect.objectContaining({ kind: 'link', label: 'New document', path: '/documents/new' }),
      expect.objectContaining({ kind: 'link', label: 'Document templates' }),
    ]);
  });

  it('adds the Integrations menu for administrators, the API reference last', () => {
    const model = buildNavModel(FULL_ACCESS, { isAdmin: true });
    expect(labels(model).slice(-2)).toEqual([
      'User Access',
      'Integrations [API keys, Webhooks, API reference]',
    ]);
    const integrations = model.at(-1);
    expect(integrations?.kind === 'group' && integrations.items).toEqual([
      { kind: 'link', id: 'apiKeys', label: 'API keys', path: '/api-keys' },
      { kind: 'link', id: 'webhooks', label: 'Webhooks', path: '/webhooks' },
      // Served by the api, on its own origin: the bar opens it in a new tab.
      {
        kind: 'link',
        id: 'apiReference',
        label: 'API reference',
        path: '/api/v1/reference',
        apiPage: true,
      },
    ]);
  });

  it('shows the administrators their entries whatever their section flags', () => {
    expect(labels(buildNavModel(NO_ACCESS, { isAdmin: true }))).toEqual([
      'Integrations [API keys, Webhooks, API reference]',
    ]);
  });

  it('drops each entry whose flag is false', () => {
    const model = buildNavModel(
      createAccessFlags({ dashboardAccess: true, tncAccess: true, userAccessAccess: true }),
    );
    expect(labels(model)).toEqual(['Dashboard', 'Terms', 'Invoices', 'User Access']);
  });
});

describe('active entry', () => {
  const home = { path: '/' };

  it('treats / and any path beginning /co as Home', () => {
    expect(isNavLinkActive(home, '/')).toBe(true);
    expect(isNavLinkActive(home, '/co')).toBe(true);
    expect(isNavLinkActive(home, '/co/123')).toBe(true);
    expect(isNavLinkActive(home, '/dashboard')).toBe(false);
  });

  it('matches a section and its sub-paths only', () => {
    expect(isNavLinkActive({ path: '/sow' }, '/sow')).toBe(true);
    expect(isNavLinkActive({ path: '/sow' }, '/sow/draft')).toBe(true);
    expect(isNavLinkActive({ path: '/sow' }, '/sow-dashboard')).toBe(false);
    // A screen with its own entry below another's is that entry's only.
    expect(isNavLinkActive({ path: '/documents' }, '/documents')).toBe(true);
    expect(isNavLinkActive({ path: '/documents' }, '/documents/new')).toBe(false);
    expect(isNavLinkActive({ path: '/documents/new' }, '/documents/new')).toBe(true);
    expect(isNavLinkActive({ path: '/documents' }, '/documents/templates')).toBe(false);
  });

  it('never marks a page of the api (it opens in its own tab)', () => {
    const reference = { path: '/api/v1/reference', apiPage: true } as const;
    expect(isNavLinkActive(reference, '/api/v1/reference')).toBe(false);
    const integrations = buildNavModel(FULL_ACCESS, { isAdmin: true }).at(-1)!;
    expect(isNavItemActive(integrations, '/webhooks')).toBe(true);
    expect(isNavItemActive(integrations, '/user-access')).toBe(false);
  });

  it('marks the SOW menu active when one of its entries is current', () => {
    const group = buildNavModel(FULL_ACCESS).find((item) => item.kind === 'group');
    expect(group).toBeDefined();
    expect(isNavItemActive(group!, '/sow-dashboard')).toBe(true);
    expect(isNavItemActive(group!, '/dashboard')).toBe(false);
  });
});

describe('requiredFlagForPath', () => {
  it('names the flag of each staff section, /co counting as Home', () => {
    expect(requiredFlagForPath('/')).toBe('homeAccess');
    expect(requiredFlagForPath('/co')).toBe('homeAccess');
    expect(requiredFlagForPath('/user-access')).toBe('userAccessAccess');
    expect(requiredFlagForPath('/insights')).toBe('insightsAccess');
    expect(requiredFlagForPath('/sow-template-edit')).toBe('sowServicesEditAccess');
    expect(requiredFlagForPath('/portal')).toBeUndefined();
  });

  it("names none for the administrators' pages, which check for an administrator themselves", () => {
    expect(requiredFlagForPath('/api-keys')).toBeUndefined();
    expect(requiredFlagForPath('/webhooks')).toBeUndefined();
  });
});

describe('showsCountersignEntry', () => {
  const none = { standard: null, sow: null, co: null, document: null };
  const dana = { email: 'Dana@ProSign.example', name: 'Dana Whitfield', title: 'Principal' };

  it('hides "Waiting for my signature" from staff nobody named countersigner', () => {
    expect(
      showsCountersignEntry('csm@prosign.example', { defaults: none, namedOnOpenAgreement: false }),
    ).toBe(false);
    // Another person's default is not theirs.
    expect(
      showsCountersignEntry('csm@prosign.example', {
        defaults: { ...none, sow: dana },
        namedOnOpenAgreement: false,
      }),
    ).toBe(false);
  });

  it("shows it to a family's default countersigner, whatever the case of the address", () => {
    expect(
      showsCountersignEntry('dana@prosign.example', {
        defaults: { ...none, co: dana },
        namedOnOpenAgreement: false,
      }),
    ).toBe(true);
    // The documents' default countersigner too.
    expect(
      showsCountersignEntry('dana@prosign.example', {
        defaults: { ...none, document: dana },
        namedOnOpenAgreement: false,
      }),
    ).toBe(true);
  });

  it('shows it to staff an open agreement names countersigner', () => {
    expect(
      showsCountersignEntry('pm@prosign.example', { defaults: none, namedOnOpenAgreement: true }),
    ).toBe(true);
  });
});

describe('a family registered at start', () => {
  beforeAll(() =>
    registerFamily({
      ...SOW_FAMILY_DEFINITION,
      id: 'lease',
      label: 'Lease',
      apiPrefix: 'lease',
      dashboard: { ...SOW_FAMILY_DEFINITION.dashboard, path: '/lease-dashboard' },
      signing: { ...SOW_FAMILY_DEFINITION.signing, segment: 'lease-signature' },
      creationPath: '/lease',
    }),
  );
  afterAll(() => unregisterFamily('lease'));

  it('has a navigation entry for its dashboard, behind its flag', () => {
    expect(labels(buildNavModel(createAccessFlags({ sowDashboardAccess: true })))).toEqual([
      'SOW Dashboard',
      'Lease Dashboard',
    ]);
    expect(requiredFlagForPath('/lease-dashboard')).toBe('sowDashboardAccess');
  });

  it('counts its creation screen, which has no entry, as Home', () => {
    expect(requiredFlagForPath('/lease')).toBe('homeAccess');
    expect(isNavLinkActive({ path: '/' }, '/lease/x')).toBe(true);
  });
});
