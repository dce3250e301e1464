import {
  isApiError,
  useCoContactLookup,
  useCoDuplicateDeal,
  useCoMissingProperties,
  useCoUpdateCrm,
} from '@prosign/api-client';
import {
  CO_MESSAGES,
  isSplitPayment,
  signatoryDecision,
  TOAST_DURATION_MS,
  type CoContractInput,
} from '@prosign/domain';
import { useToast } from '@prosign/ui';
import { useState } from 'react';
import {
  CO_NOTICES,
  coInputOf,
  revertedTemplateFields,
  type CoFormValues,
} from '../utils/co-form-values';
import type { CoFormState } from './useCoFormState';
import { createFailedText, type CoTemplateStep } from './useCoTemplateStep';

const LONG = TOAST_DURATION_MS.long;

/**
 * Create Contract on the change-order screen (spec 3 §2, §5): the signatory
 * check, the CRM confirmation, then the label on the association, the split's
 * deal copy and the document, opening step 2.
 */
export function useCoSubmit(state: CoFormState, template: CoTemplateStep) {
  const { form } = state;
  const toast = useToast();
  const contactLookup = useCoContactLookup();
  const missing = useCoMissingProperties();
  const updateCrm = useCoUpdateCrm();
  const duplicate = useCoDuplicateDeal();
  const [askConfirm, setAskConfirm] = useState<CoContractInput | null>(null);

  /** The confirmation (spec 3 §2 "CRM update confirmation"), saying what the CRM deal lacks. */
  const confirm = (input: CoContractInput) => {
    setAskConfirm(input);
    missing.reset();
    missing.mutate({ dealId: input.deal_id });
  };

  /** Create Contract (spec 3 §5): a chosen signatory, or a typed e-mail no CRM contact has yet. */
  const submit = (values: CoFormValues) => {
    const input = coInputOf(values, state.contextOf(state.linkedLabel));
    if (state.signatory) return confirm(input);
    contactLookup.mutate(input.signatory_email, {
      onSuccess: (found) => {
        const decision = signatoryDecision({
          chosenSignatoryId: null,
          typedEmail: input.signatory_email,
          existingContacts: found.count,
        });
        if (decision.kind === 'blocked') {
          form.setError(
            'fields.signatory_email',
            { message: decision.message },
            { shouldFocus: true },
          );
          toast.error(decision.message, LONG);
          return;
        }
        confirm(input);
      },
      onError: () => toast.error(CO_MESSAGES.signatoryLookupFailed, LONG),
    });
  };

  /** The label on the deal's association with the project; false when the CRM refused. */
  const labelAssociation = async (input: CoContractInput): Promise<boolean> => {
    if (state.linkedLabel || !input.associationLabel || !state.project) return true;
    try {
      await updateCrm.mutateAsync({
        dealId: input.deal_id,
        projectId: state.project.id,
        label: input.associationLabel,
      });
    } catch (error) {
      toast.error(
        isApiError(error) && error.statusCode === 409
          ? `${CO_NOTICES.crmFailed} ${error.message}`
          : CO_NOTICES.crmFailed,
        LONG,
      );
      return false;
    }
    // The deal now carries the label: a second Create does not write it again.
    state.setLinkedLabel(input.associationLabel);
    form.setValue('projectLinked', true);
    return true;
  };

  /** The split payment's copy of the deal, made once; null when the CRM failed. */
  const withDealCopy = async (input: CoContractInput): Promise<CoContractInput | null> => {
    if (!isSplitPayment(input.payment_terms) || input.duplicateDealId) return input;
    try {
      const copy = await duplicate.mutateAsync({
        dealId: input.deal_id,
        amount: Number(input.secondPayment ?? 0),
      });
      state.setDuplicateDealId(copy.dealId);
      return { ...input, duplicateDealId: copy.dealId };
    } catch {
      toast.error(CO_NOTICES.crmFailed, LONG);
      return null;
    }
  };

  /** After the confirmation: the label on the association, the split's deal copy, the document. */
  const confirmCreate = async () => {
    const input = askConfirm;
    setAskConfirm(null);
    if (!input) return;
    if (!(await labelAssociation(input))) return;
    const ready = await withDealCopy(input);
    if (!ready) return;
    try {
      const created = await template.create.mutateAsync({
        ...ready,
        // The texts as edited so far (or as the resent change order had them).
        templateFields: revertedTemplateFields(template.currentTexts()),
        docLink: template.docLink,
      });
      toast.success(CO_NOTICES.created, LONG);
      template.open({ ...ready, associationLabel: created.coLabel }, created.docLink);
    } catch (error) {
      toast.error(createFailedText(error), LONG);
    }
  };

  const busy = updateCrm.isPending || duplicate.isPending || template.create.isPending;

  return {
    askConfirm,
    setAskConfirm,
    missing,
    submit,
    confirmCreate,
    busy,
    checking: contactLookup.isPending,
  };
}

export type CoSubmit = ReturnType<typeof useCoSubmit>;
