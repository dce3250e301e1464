import { useCoDeal, useCoProjectLabel } from '@prosign/api-client';
import {
  TOAST_DURATION_MS,
  type ChangeOrderLabel,
  type ClientSignatoryView,
  type CrmRecordView,
  type DealLookupView,
} from '@prosign/domain';
import { useToast } from '@prosign/ui';
import { projectAddress } from '@prosign/ui/controls';
import { useEffect, useRef } from 'react';
import { CO_NOTICES, saveSelectedSignatory } from '../utils/co-form-values';
import { dealLabelOf, type CoFormState } from './useCoFormState';

const LONG = TOAST_DURATION_MS.long;

export const messageOf = (error: unknown) =>
  error instanceof Error && error.message ? error.message : 'Something went wrong.';

/** A deal's site address ("12 Elm St, Oakland, CA 94610"), '' when it has none. */
function dealAddress(deal: CrmRecordView): string {
  const p = deal.properties;
  const street = p.address || p.site_address || '';
  const rest = [p.city, [p.state, p.zip || p.zipcode].filter(Boolean).join(' ')].filter(Boolean);
  return street ? [street, ...rest].join(', ') : '';
}

/**
 * Step 1's picks on the change-order screen: the deal (from Home, the search or
 * the resend), its project (signed date, labels already used) and the signatory.
 * `onNewDeal` runs when another deal is picked (the document made so far is dropped).
 */
export function useCoDealPicking(
  state: CoFormState,
  dealData: DealLookupView | null,
  onNewDeal: () => void,
) {
  const { form, patch, resend } = state;
  const toast = useToast();
  const deal = useCoDeal();
  const projectLabel = useCoProjectLabel();

  /** The project's signed date and used labels (spec 3 §2: choosing a project fills them). */
  const readProject = (picked: { id: string; address: string }) =>
    projectLabel.mutate(picked.id, {
      onSuccess: (info) => {
        state.setProject(picked);
        state.setNotAvailable(info.notAvailableLabels);
        patch({
          project_id: picked.address,
          main_contract_signed_date: (info.date ?? '').slice(0, 10),
        });
        // The project's address starts the project address (the user may still change it).
        if (!String(form.getValues('fields.project_address') ?? '').trim() && picked.address) {
          patch({ project_address: picked.address });
        }
        const chosen = form.getValues('associationLabel');
        if (chosen && info.notAvailableLabels.includes(chosen as ChangeOrderLabel)) {
          form.setValue('associationLabel', '');
        }
      },
      onError: () => toast.error(CO_NOTICES.labelFailed, LONG),
    });

  /** A deal found (from Home, the search or the resend): its id, project and label, its signatories. */
  const applyDeal = (found: DealLookupView) => {
    state.setLookup(found);
    const label = dealLabelOf(found);
    state.setLinkedLabel(label);
    form.setValue('projectLinked', Boolean(label));
    form.setValue('associationLabel', label ?? '');
    patch({ deal_id: found.deal.id, project_address: dealAddress(found.deal) });
    const linkedProject = found.project?.project ?? null;
    if (linkedProject) {
      readProject({ id: linkedProject.id, address: projectAddress(linkedProject) });
    } else if (!resend || resend.deal_id !== found.deal.id) {
      state.setProject(null);
      state.setNotAvailable([]);
      patch({ project_id: '', main_contract_signed_date: '' });
    }
  };

  // Home's deal, or the resend's deal read again from the CRM.
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    if (dealData) applyDeal(dealData);
    else if (resend) {
      patch({ deal_id: resend.deal_id });
      deal.mutate(resend.deal_id, {
        onSuccess: (found) => state.setLookup(found),
        onError: (error) => toast.error(`Error: ${messageOf(error)}`, LONG),
      });
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const pickSignatory = (contact: ClientSignatoryView | null) => {
    state.setSignatory(contact);
    saveSelectedSignatory(contact);
    if (contact) {
      patch({
        signatory_name: [contact.firstname, contact.middlename, contact.lastname]
          .filter(Boolean)
          .join(' '),
        signatory_email: contact.email ?? '',
        signatory_phone: contact.phone ?? '',
      });
      form.clearErrors(['fields.signatory_name', 'fields.signatory_email']);
    }
  };

  const pickDeal = (picked: CrmRecordView) =>
    deal.mutate(picked.id, {
      onSuccess: (found) => {
        pickSignatory(null);
        state.setDuplicateDealId(null);
        onNewDeal();
        applyDeal(found);
      },
      onError: (error) => toast.error(`Error: ${messageOf(error)}`, LONG),
    });

  const pickProject = (picked: CrmRecordView) =>
    readProject({ id: picked.id, address: projectAddress(picked) || picked.id });

  return { deal, projectLabel, pickDeal, pickProject, pickSignatory };
}
