import { useSowMissingProperties, useSowUpdateCrm } from '@prosign/api-client';
import { TOAST_DURATION_MS } from '@prosign/domain';
import { useToast } from '@prosign/ui';
import { useState } from 'react';
import { SOW_MESSAGES } from '../sow-messages';
import type { SowRequestInput } from '../utils/sow-form-values';
import type { SowFormState } from './useSowFormState';
import type { SowSendStep } from './useSowSendStep';

const LONG = TOAST_DURATION_MS.long;

/**
 * Create Contract on /sow (spec 3 §4): the optional CRM update (what the CRM
 * lacks is shown first), then the document, opening the template sections.
 */
export function useSowSubmit(state: SowFormState, sendStep: SowSendStep) {
  const toast = useToast();
  const updateCrm = useSowUpdateCrm();
  const missing = useSowMissingProperties();
  const [askCrm, setAskCrm] = useState<SowRequestInput | null>(null);

  const createDocument = (input: SowRequestInput) =>
    sendStep.create.mutate(
      { ...input, docLink: null },
      {
        onSuccess: (result) => {
          state.form.setValue('effective_date', result.effective_date);
          toast.success(SOW_MESSAGES.created, LONG);
          sendStep.openSections(
            { ...input, effective_date: result.effective_date },
            result.docLink,
          );
        },
        onError: (error) => sendStep.refused(error, SOW_MESSAGES.createFailed),
      },
    );

  /** The optional CRM update (spec 3 §4): says what the CRM lacks for this project and partner. */
  const askAboutCrm = (input: SowRequestInput) => {
    setAskCrm(input);
    missing.reset();
    missing.mutate({
      projectId: input.selectedHSProjectId || input.project_id,
      cpId: input.selectedCpId,
    });
  };

  const confirmCrm = (withUpdate: boolean) => {
    const input = askCrm;
    setAskCrm(null);
    if (!input) return;
    if (!withUpdate) return createDocument(input);
    updateCrm.mutate(
      {
        contractFormData: {
          cp_name: input.cp_name,
          cp_email: input.cp_email,
          cp_phone: input.cp_phone,
          cp_roles: input.cp_roles,
        },
        projectId: input.selectedHSProjectId || input.project_id,
        cpId: input.selectedCpId,
      },
      {
        onSuccess: () => createDocument(input),
        onError: () => toast.error(SOW_MESSAGES.crmFailed, LONG),
      },
    );
  };

  return {
    askCrm,
    setAskCrm,
    missing,
    askAboutCrm,
    confirmCrm,
    pending: sendStep.create.isPending || updateCrm.isPending,
  };
}

export type SowSubmit = ReturnType<typeof useSowSubmit>;
