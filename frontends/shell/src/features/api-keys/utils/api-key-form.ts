import type { CreateApiKeyRequest } from '@prosign/api-client';
import { API_KEY_SCOPES, apiKeyRequestProblems, formatPacificDateTime } from '@prosign/domain';
import { z } from 'zod';

/** How long a new key lives: a preset, a chosen date, or no end. */
export const EXPIRY_CHOICES = [
  { value: 'never', label: 'Never' },
  { value: '30', label: 'In 30 days' },
  { value: '90', label: 'In 90 days' },
  { value: '365', label: 'In 1 year' },
  { value: 'date', label: 'On a date…' },
] as const;

type ExpiryChoice = (typeof EXPIRY_CHOICES)[number]['value'];

const DAY_MS = 86_400_000;

/** The instant a key expires for the admin's choice; null when it never does or no date is given. */
function expiryOf(choice: ExpiryChoice, date: string, now: Date): Date | null {
  if (choice === 'never') return null;
  if (choice !== 'date') return new Date(now.getTime() + Number(choice) * DAY_MS);
  // The end of the chosen day where the admin is: the hint shows it in the product's time.
  const end = date ? new Date(`${date}T23:59:59`) : null;
  return end && !Number.isNaN(end.getTime()) ? end : null;
}

/** "Expires 2027-01-31 23:59 PST." for the form's hint; what a chosen expiry means. */
export function expiryHint(choice: ExpiryChoice, date: string, now: Date): string {
  const at = expiryOf(choice, date, now);
  if (choice === 'never') return 'The key works until it is revoked.';
  return at ? `Expires ${formatPacificDateTime(at)}.` : 'Choose the last day the key works.';
}

/** Which field a problem of the domain rule (`field: message`) belongs to. */
const PROBLEM_FIELDS = { name: 'name', scopes: 'scopes', expiresAt: 'expiryDate' } as const;

function sentence(message: string): string {
  return `${message.charAt(0).toUpperCase()}${message.slice(1)}.`;
}

/**
 * The create form: the domain rule (apiKeyRequestProblems) decides on the name, the scopes
 * and the expiry, as the server does; the owner is an address or left empty (the admin).
 */
export function createApiKeySchema(now: () => Date = () => new Date()) {
  return z
    .object({
      name: z.string(),
      scopes: z.array(z.enum(API_KEY_SCOPES)),
      expiry: z.enum(EXPIRY_CHOICES.map((choice) => choice.value)),
      expiryDate: z.string(),
      ownerEmail: z
        .string()
        .trim()
        .pipe(z.union([z.literal(''), z.email('Enter an e-mail address, or leave it empty.')])),
    })
    .superRefine((values, ctx) => {
      const at = now();
      const expiresAt = expiryOf(values.expiry, values.expiryDate, at);
      if (values.expiry === 'date' && !expiresAt) {
        ctx.addIssue({ code: 'custom', path: ['expiryDate'], message: 'Choose a date.' });
      }
      const problems = apiKeyRequestProblems({ ...values, expiresAt, now: at });
      for (const problem of problems) {
        const [field, message] = problem.split(/:\s*/, 2) as [string, string | undefined];
        const path = PROBLEM_FIELDS[field as keyof typeof PROBLEM_FIELDS] ?? 'name';
        ctx.addIssue({ code: 'custom', path: [path], message: sentence(message ?? problem) });
      }
    })
    .transform((values): CreateApiKeyRequest => ({
      name: values.name.trim(),
      scopes: values.scopes,
      ...(values.ownerEmail ? { ownerEmail: values.ownerEmail } : {}),
      ...expiresAtOf(expiryOf(values.expiry, values.expiryDate, now())),
    }));
}

function expiresAtOf(at: Date | null): Pick<CreateApiKeyRequest, 'expiresAt'> {
  return at ? { expiresAt: at.toISOString() } : {};
}

export type CreateApiKeyForm = z.input<ReturnType<typeof createApiKeySchema>>;

export const EMPTY_CREATE_FORM: CreateApiKeyForm = {
  name: '',
  scopes: [],
  expiry: 'never',
  expiryDate: '',
  ownerEmail: '',
};
