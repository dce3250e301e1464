import { ApiError, ApiProvider, type RuntimeConfig } from '@prosign/api-client';
import { fakeApiClient, type FakeCall, type FakeRoute } from '@prosign/api-client/testing';
import {
  CP_ROLE_LABELS,
  CP_ROLES,
  feeFieldOf,
  isScopeCoRole,
  needsSiteVisit,
  type SowFormFieldsResponse,
  type SowServicesTemplateView,
} from '@prosign/domain';
import { PdfLoaderProvider, ToastProvider, type PdfLoader } from '@prosign/ui';
import { QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';

/** Answers one call from its body and query; a thrown `{ statusCode, message }` is that HTTP error. */
export type Handler = (body: unknown, query: Record<string, unknown>, path: string) => unknown;

const CONFIG = { apiUrl: 'http://api.test', remotes: {} } as unknown as RuntimeConfig;

function asApiError(thrown: unknown): Error {
  if (thrown instanceof Error) return thrown;
  const { statusCode = 500, message = 'Something went wrong.' } = (thrown ?? {}) as {
    statusCode?: number;
    message?: string | string[];
  };
  const messages = Array.isArray(message) ? message : [message];
  return new ApiError(statusCode, messages.join('; '), 'Error', messages);
}

function routeOf(handler: Handler): FakeRoute {
  return async (call: FakeCall) => {
    try {
      return await handler(call.body, { ...call.query }, call.path);
    } catch (thrown) {
      throw asApiError(thrown);
    }
  };
}

/** A PDF stand-in: one page, nothing drawn (jsdom has no canvas). */
const fakePdf: PdfLoader = async () =>
  ({
    numPages: 1,
    getPage: async () => ({
      getViewport: ({ scale }: { scale: number }) => ({ width: 600 * scale, height: 800 * scale }),
      render: () => ({ promise: Promise.resolve(), cancel: () => undefined }),
      cleanup: () => undefined,
    }),
    destroy: async () => undefined,
  }) as never;

/** The sow-co pages against the fake API client ("METHOD /path" → handler), inside the shell's providers. */
export function fakeApi(routes: Record<string, Handler>) {
  const client = fakeApiClient(
    Object.fromEntries(Object.entries(routes).map(([key, handler]) => [key, routeOf(handler)])),
    CONFIG.apiUrl,
  );
  const wrapper = ({ children }: { children?: ReactNode }) => (
    <ApiProvider
      config={CONFIG}
      client={client}
      queryClient={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
    >
      <PdfLoaderProvider loader={fakePdf}>
        <ToastProvider>{children}</ToastProvider>
      </PdfLoaderProvider>
    </ApiProvider>
  );
  return { calls: client.calls, wrapper };
}

export const RESIDENTIAL: SowServicesTemplateView = {
  _id: 'tpl-1',
  name: 'Residential',
  services: {
    designer_cp: 'Design drawings for permit.',
    ose_cp: 'On-site inspection of the framing.',
  },
  updatedAt: null,
  updatedBy: null,
};

export const FORM_FIELDS: SowFormFieldsResponse = {
  template: RESIDENTIAL,
  roles: CP_ROLES.map((role) => ({
    role,
    label: CP_ROLE_LABELS[role],
    feeField: feeFieldOf(role),
    needsSiteVisit: needsSiteVisit([role]),
    isScopeCo: isScopeCoRole(role),
  })),
  sections: [
    {
      key: 'template_start',
      heading: 'Agreement',
      body: 'This SOW is between the Firm and $cp_name for $project_address.',
    },
    { key: 'template_payment', heading: 'Payment', body: 'The Firm pays $payment_amount.' },
  ],
  ccChoices: ['pm@prosign.example', 'lee.park@prosign.example'],
  defaultPmEmail: 'pm@prosign.example',
};
