import { useSowSearches, SOW_SEARCH_DEBOUNCE_MS } from '@prosign/api-client';
import { CrmContactPicker, type CrmContact } from '@prosign/ui/controls';
import { TextField } from '@prosign/ui/forms';
import { useRef } from 'react';
import { type Control } from 'react-hook-form';
import { type SowFormValues } from '../utils/sow-form-values';
import type { StoredPartner } from '../utils/sow-storage';

import { SOW_FORM_TEXTS } from './sow-form-texts';

/** The community partner: one found in the CRM (its blacklist flag kept), or a new one typed in. */
export function PartnerFields({
  control,
  partner,
  onPartnerPick,
  searchPartners,
}: {
  control: Control<SowFormValues>;
  partner: StoredPartner | null;
  onPartnerPick: (partner: StoredPartner | null) => void;
  searchPartners: ReturnType<typeof useSowSearches>['searchPartners'];
}) {
  const blacklisted = useRef(new Map<string, boolean>());
  const searchContacts = async (query: string, signal: AbortSignal): Promise<CrmContact[]> => {
    const cps = await searchPartners(query, signal);
    return cps.map((cp) => {
      blacklisted.current.set(cp.id, cp.blacklisted);
      return {
        id: cp.id,
        firstname: cp.properties.firstname ?? null,
        middlename: cp.properties.middlename ?? null,
        lastname: cp.properties.lastname ?? null,
        email: cp.properties.email ?? null,
        phone: cp.properties.phone ?? null,
      };
    });
  };

  return (
    <fieldset className="sow-form__group">
      <legend className="sow-form__legend">Community partner</legend>
      <CrmContactPicker
        label="Find a community partner"
        value={partner?.contact ?? null}
        onChange={(contact) =>
          onPartnerPick(
            contact
              ? {
                  contact,
                  blacklisted: blacklisted.current.get(contact.id) ?? partner?.blacklisted ?? false,
                }
              : null,
          )
        }
        searchContacts={searchContacts}
        debounceMs={SOW_SEARCH_DEBOUNCE_MS.partners}
        placeholder={SOW_FORM_TEXTS.partnerPlaceholder}
        searchLabel={SOW_FORM_TEXTS.partnerSearch}
        autoSelectSingleLinked={false}
        description="Or type a new partner's details below."
      />
      {partner ? (
        <button type="button" className="sow-link-button" onClick={() => onPartnerPick(null)}>
          Enter a new partner instead
        </button>
      ) : null}
      <div className="sow-form__grid">
        <TextField
          control={control}
          name="cp_name"
          label="Partner name"
          required
          autoComplete="off"
        />
        <TextField
          control={control}
          name="cp_email"
          label="Partner e-mail"
          type="email"
          required
          autoComplete="off"
        />
        <TextField control={control} name="cp_phone" label="Partner phone" type="tel" />
      </div>
    </fieldset>
  );
}
