import {
  contractFormErrors,
  SIGNING_ORDERS,
  type FormField,
  type SigningOrder,
  type CountersignerInput,
} from '@prosign/domain';
import { z } from 'zod';
import type { ContractForm } from './contract-draft';
import { countersignerProblem, DEFAULT_SIGNING_ORDER, type SignerRow } from '@prosign/ui/forms';
import { contractSignerErrors } from './signer-list';

const CREATE_STEP_MESSAGES = {
  service: 'Choose a service.',
  reports: 'Choose the number of Title 24 reports.',
  required: (label: string) => `${label} is required.`,
} as const;

/**
 * What the creation form holds: the service, its report count, the contract
 * fields, and the signers besides the form's own with their order.
 */
export interface CreateStepValues {
  serviceType: string;
  t24ReportCount: string;
  form: ContractForm;
  additionalSigners: SignerRow[];
  signingOrder: SigningOrder;
  /** The firm's countersigner (null: none). */
  countersigner: CountersignerInput | null;
  /** "Require an e-mail code"; null: the family's default. */
  requireEmailCode?: boolean | null;
}

/**
 * The check of "Create Contract" (spec 2 §5): a service and its report count,
 * the service's required fields (each message under its field), then the
 * domain's contract rules (`contractFormErrors`: deposit, cost, CSM, amounts
 * within the cost), shown together above the button; with additional signers,
 * the domain's recipient-list rule on every signer and the cc address, each
 * problem beside its field (`signerErrors`).
 * `fields`: the chosen service's form fields when the check runs (they load after the choice).
 */
export function createStepSchema(fields: () => readonly FormField[]) {
  return z
    .object({
      serviceType: z.string(),
      t24ReportCount: z.string(),
      form: z.custom<ContractForm>((value) => typeof value === 'object' && value !== null),
      // Optional: values from before several signers have none.
      additionalSigners: z
        .array(z.object({ name: z.string(), email: z.string(), phone: z.string() }))
        .optional(),
      signingOrder: z.enum(SIGNING_ORDERS).optional(),
      countersigner: z.custom<CountersignerInput | null>().optional(),
      requireEmailCode: z.boolean().nullable().optional(),
    })
    .superRefine(
      (
        { serviceType, t24ReportCount, form, additionalSigners, signingOrder, countersigner },
        ctx,
      ) => {
        const problem = (path: string[], message: string) =>
          ctx.addIssue({ code: 'custom', path, message });
        // The rules' summary first: react-hook-form nests the fields' errors under it.
        const problems = contractFormErrors(form);
        if (problems.length) problem(['form'], problems.join(' '));
        if (!serviceType) problem(['serviceType'], CREATE_STEP_MESSAGES.service);
        if (t24ReportCount === '') problem(['t24ReportCount'], CREATE_STEP_MESSAGES.reports);
        for (const field of fields()) {
          if (field.required && !String(form[field.name] ?? '').trim()) {
            problem(['form', field.name], CREATE_STEP_MESSAGES.required(field.label));
          }
        }
        const signers = additionalSigners ?? [];
        const order = signingOrder ?? DEFAULT_SIGNING_ORDER;
        for (const { path, message } of contractSignerErrors(form, signers, order)) {
          problem(path ? path.split('.') : ['additionalSigners'], message);
        }
        const firm = countersignerProblem(countersigner ?? null);
        if (firm) problem(['countersigner'], firm);
      },
    );
}
