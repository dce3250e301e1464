import type { FamilyCard, FamilyResults, ListedFamily } from '@prosign/api-client';
import { TOAST_DURATION_MS } from '@prosign/domain';
import { useNavigate } from 'react-router';
import { useToast } from '@prosign/ui';
import { agreementMessages } from './agreement-messages';

export interface EditAndResendTarget<F extends ListedFamily> {
  /** The local-storage key the family's creation screen is prefilled from. */
  storageKey: string;
  /** The family's creation screen (`/`, `/sow`, `/co`). */
  route: string;
  /** What is stored; the record the server answered (`result.contract`) unless given. */
  stored?: (result: FamilyResults<F>['editAndResend'], card: FamilyCard<F>) => unknown;
}

/**
 * Edit and Resend of any family (spec 2 §4, spec 3 §4): the record the server
 * answered is kept under the family's storage key and its creation screen
 * opens prefilled from it. When it cannot be kept the screen would open empty,
 * so the dashboard stays and says so in the family's words.
 */
export function useEditAndResend<F extends ListedFamily>(
  family: F,
  { storageKey, route, stored }: EditAndResendTarget<F>,
) {
  const navigate = useNavigate();
  const toast = useToast();
  return (result: FamilyResults<F>['editAndResend'], card: FamilyCard<F>) => {
    try {
      const value = stored ? stored(result, card) : result.contract;
      window.localStorage.setItem(storageKey, JSON.stringify(value));
    } catch {
      toast.error(agreementMessages(family).editResendFailed, TOAST_DURATION_MS.long);
      return;
    }
    void navigate(route);
  };
}
