import type { CreateWebhookEndpointRequest } from '@prosign/api-client';
import { WEBHOOK_EVENT_TYPES } from '@prosign/domain';
import { domainRule } from '@prosign/ui/forms';
import { z } from 'zod';

/** Addresses that are this machine: plain http is accepted to them (the local stack's inbox). */
const LOOPBACK_HOSTS = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\])$/i;

/**
 * What is wrong with an endpoint address, before the server checks where it resolves: it is
 * `https`, or plain `http` to this machine (which the server accepts only when its setting
 * allows, as `npm start` does for its inbox); no user name or password in it.
 */
function webhookUrlProblem(text: string): string | null {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    return 'Enter the full address, starting with https://.';
  }
  if (
    url.protocol !== 'https:' &&
    !(url.protocol === 'http:' && LOOPBACK_HOSTS.test(url.hostname))
  ) {
    return 'Use an https:// address (plain http only to this machine, for the local inbox).';
  }
  if (url.username || url.password) return 'Leave the user name and password out of the address.';
  return null;
}

const DESCRIPTION_MAX = 500;

/** The endpoint form (adding and editing): an address, a description, and at least one event. */
export const webhookEndpointSchema = z.object({
  url: z.string().trim().superRefine(domainRule(webhookUrlProblem)),
  description: z.string().trim().max(DESCRIPTION_MAX, `At most ${DESCRIPTION_MAX} characters.`),
  events: z.array(z.enum(WEBHOOK_EVENT_TYPES)).min(1, 'Choose at least one event.'),
}) satisfies z.ZodType<CreateWebhookEndpointRequest, unknown>;

export type WebhookEndpointFormValues = z.input<typeof webhookEndpointSchema>;

export const EMPTY_ENDPOINT_FORM: WebhookEndpointFormValues = {
  url: '',
  description: '',
  events: [],
};
