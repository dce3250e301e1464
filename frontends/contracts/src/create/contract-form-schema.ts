import { contractFormErrors, type FormField } from '@prosign/domain';
import { z } from 'zod';
import type { ContractForm } from './contract-draft';

export const CREATE_STEP_MESSAGES = {
  service: 'Choose a service.',
  reports: 'Choose the number of Title 24 reports.',
  required: (label: string) => `${label} is required.`,
} as const;

/** What the creation form holds: the service, its report count and the contract fields. */
export interface CreateStepValues {
  serviceType: string;
  t24ReportCount: string;
  form: ContractForm;
}

/**
 * The check of "Create Contract" (spec 2 §5): a service and its report count,
 * the service's required fields (each message under its field), then the
 * domain's contract rules (`contractFormErrors`: deposit, cost, CSM, amounts
 * within the cost), shown together above the button.
 * `fields`: the chosen service's form fields when the check runs (they load after the choice).
 */
export function createStepSchema(fields: () => readonly FormField[]) {
  return z
    .object({
      serviceType: z.string(),
      t24ReportCount: z.string(),
      form: z.custom<ContractForm>((value) => typeof value === 'object' && value !== null),
    })
    .superRefine(({ serviceType, t24ReportCount, form }, ctx) => {
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
    });
}
