import type {
  AccessAuditEntry,
  AccessFlags,
  SignInOptions,
  StaffSession,
  StaffUserRow,
} from '@prosign/domain';
import { staffSession } from '@prosign/ui/testing';

export { staffSession };

export interface FakeApiCall {
  method: string;
  path: string;
  body: unknown;
}

type Answer = { status: number; body?: unknown };
type Handler = (call: FakeApiCall) => Answer | Promise<Answer> | undefined;

export function userRow(
  email: string,
  role: StaffUserRow['role'],
  access: AccessFlags,
): StaffUserRow {
  return { email, role, ...access };
}

/**
 * A stand-in for the API behind the shell's fetch: the session, sign-in
 * options and whatever a test adds with `on()`. Records every call.
 */
export function createFakeApi({
  session = staffSession(),
  options = { identity: 'local', companyEmailDomain: 'prosign.example' },
}: { session?: StaffSession | null; options?: SignInOptions } = {}) {
  const calls: FakeApiCall[] = [];
  const handlers: Handler[] = [];
  let current = session;

  const fakeFetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input));
    const call: FakeApiCall = {
      method: init?.method ?? 'GET',
      path: `${url.pathname}${url.search}`,
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
    };
    calls.push(call);
    // jsdom has no fetch Response; this is the part of one the API client reads.
    const reply = (status: number, body?: unknown) =>
      ({
        ok: status >= 200 && status < 300,
        status,
        statusText: '',
        headers: { get: (name: string) => (name === 'content-type' ? 'application/json' : null) },
        text: async () => (body === undefined ? '' : JSON.stringify(body)),
      }) as unknown as Response;
    for (const handler of handlers) {
      const answer = await handler(call);
      if (answer) return reply(answer.status, answer.body);
    }
    if (call.path === '/api/auth/session') {
      return current
        ? reply(200, current)
        : reply(401, { statusCode: 401, message: 'Sign in to continue.', error: 'Unauthorized' });
    }
    if (call.path === '/api/auth/options') return reply(200, options);
    if (call.path === '/api/auth/logout') {
      current = null;
      return reply(200, { success: true });
    }
    return reply(404, { statusCode: 404, message: `No fake for ${call.path}`, error: 'Not Found' });
  }) as typeof fetch;

  return {
    fetch: jest.fn(fakeFetch),
    calls,
    /**
     * Answers matching calls (before the defaults; a newer answer for the same call wins).
     * An answer may be a promise, to hold a call back while the test acts.
     */
    on(
      method: string,
      path: string | RegExp,
      answer: (call: FakeApiCall) => Answer | Promise<Answer>,
    ) {
      handlers.unshift((call) =>
        call.method === method &&
        (typeof path === 'string' ? call.path === path : path.test(call.path))
          ? answer(call)
          : undefined,
      );
    },
    setSession(next: StaffSession | null) {
      current = next;
    },
    callsTo(method: string, path: string) {
      return calls.filter((call) => call.method === method && call.path === path);
    },
  };
}

export type FakeApi = ReturnType<typeof createFakeApi>;

export function auditEntry(overrides: Partial<AccessAuditEntry>): AccessAuditEntry {
  return {
    id: Math.random().toString(36).slice(2),
    at: '2026-03-04T17:05:00.000Z',
    actor: 'admin@prosign.example',
    action: 'access.toggled',
    target: 'csm@prosign.example',
    details: { field: 'servicesAccess', from: false, to: true },
    ...overrides,
  };
}
