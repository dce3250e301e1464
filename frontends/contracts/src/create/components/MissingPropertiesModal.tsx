import { crmApi, useApiClient } from '@prosign/api-client';
import {
  CLIENT_SIGNATORY_ROLE,
  CONTACT_ROLES,
  contactCheckMessage,
  CONTRACT_MESSAGES,
  fullNameOf,
  MISSING_CLIENT_SIGNATORY,
  type ContactRoleChange,
  type DealPropertiesCheck,
} from '@prosign/domain';
import { ConfirmDialog, useToast } from '@prosign/ui';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { ContractForm } from '../contract-draft';

export interface MissingPropertiesModalProps {
  dealId: string;
  check: DealPropertiesCheck;
  form: ContractForm;
  contractFormData: Record<string, unknown>;
  onUpdated(): void;
  onCancel(): void;
}

/**
 * Blocks creation while the CRM deal lacks what a contract needs (spec 2 §4,
 * §5): project type (multi-select), a role for each contact, a client
 * signatory. Saving updates the CRM, then creation continues.
 */
export function MissingPropertiesModal({
  dealId,
  check,
  form,
  contractFormData,
  onUpdated,
  onCancel,
}: MissingPropertiesModalProps) {
  const client = useApiClient();
  const toast = useToast();
  const id = useId();
  const needsProjectType = check.missingProperties.includes('project_type');
  const needsSignatory = check.missingProperties.includes(MISSING_CLIENT_SIGNATORY);
  const projectTypes = useQuery({
    queryKey: ['crm', 'property', 'deals', 'project_type'],
    enabled: needsProjectType,
    queryFn: () => crmApi.propertyOptions(client, 'deals', 'project_type'),
  });
  const [selectedTypes, setSelectedTypes] = useState<string[]>([]);
  const [roles, setRoles] = useState<Record<string, string>>({});
  const [signatory, setSignatory] = useState({
    email: form.email,
    name: form.full_name,
    phone: form.contact_number,
  });
  const [contactNote, setContactNote] = useState<string | null>(null);
  const update = useMutation({
    mutationFn: (body: Parameters<typeof crmApi.updateMissing>[2]) =>
      crmApi.updateMissing(client, dealId, body),
    onSuccess: () => {
      toast.success(CONTRACT_MESSAGES.dealUpdated, 6000);
      onUpdated();
    },
    onError: () => toast.error(CONTRACT_MESSAGES.dealUpdateFailed, 6000),
  });
  const [problem, setProblem] = useState<string | null>(null);

  const signatoryByRole = Object.values(roles).includes(CLIENT_SIGNATORY_ROLE);

  const checkContact = async () => {
    const email = signatory.email.trim();
    if (!email) return;
    try {
      const { count } = await crmApi.contactCountByEmail(client, email);
      setContactNote(contactCheckMessage(email, count));
    } catch {
      setContactNote(CONTRACT_MESSAGES.contactCheckFailed);
    }
  };

  const save = () => {
    if (needsProjectType && selectedTypes.length === 0) {
      setProblem('Choose at least one project type.');
      return;
    }
    const unassigned = check.contactsWithInvalidRoles.filter((contact) => !roles[contact.id]);
    if (unassigned.length) {
      setProblem(`Choose a project role for ${unassigned.map((c) => c.email ?? c.id).join(', ')}.`);
      return;
    }
    if (needsSignatory && !signatoryByRole && !signatory.email.trim()) {
      setProblem('Name the client signatory contact.');
      return;
    }
    setProblem(null);
    const updatedContactRoles: ContactRoleChange[] = check.contactsWithInvalidRoles.map(
      (contact) => ({ contactId: contact.id, email: contact.email ?? '', role: roles[contact.id] }),
    );
    if (needsSignatory && !signatoryByRole) {
      const [firstname = '', ...rest] = signatory.name.trim().split(/\s+/);
      updatedContactRoles.push({
        email: signatory.email.trim(),
        firstname,
        lastname: rest.join(' '),
        ...(signatory.phone ? { phone: signatory.phone } : {}),
        role: CLIENT_SIGNATORY_ROLE,
      });
    }
    update.mutate({
      missingProperties: needsProjectType ? { project_type: selectedTypes } : {},
      contractFormData,
      updatedContactRoles,
    });
  };

  return (
    <ConfirmDialog
      open
      title="Missing deal properties"
      confirmLabel="Update deal and continue"
      busy={update.isPending}
      onConfirm={save}
      onCancel={onCancel}
    >
      <p>The HubSpot deal needs these before a contract can be created.</p>
      {needsProjectType ? (
        <div className="ps-field">
          <label className="ps-field__label" htmlFor={`${id}-types`}>
            Project type *
          </label>
          <select
            id={`${id}-types`}
            className="ps-select"
            multiple
            value={selectedTypes}
            onChange={(event) =>
              setSelectedTypes(Array.from(event.target.selectedOptions, (o) => o.value))
            }
          >
            {(projectTypes.data?.options ?? []).map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      {check.contactsWithInvalidRoles.map((contact) => (
        <div className="ps-field" key={contact.id}>
          <label className="ps-field__label" htmlFor={`${id}-role-${contact.id}`}>
            Project role of {fullNameOf(contact) || contact.email} *
          </label>
          <select
            id={`${id}-role-${contact.id}`}
            className="ps-select"
            value={roles[contact.id] ?? ''}
            onChange={(event) => setRoles({ ...roles, [contact.id]: event.target.value })}
          >
            <option value="">--Select--</option>
            {CONTACT_ROLES.map((role) => (
              <option key={role} value={role}>
                {role}
              </option>
            ))}
          </select>
        </div>
      ))}
      {needsSignatory && !signatoryByRole ? (
        <fieldset className="ps-field">
          <legend className="ps-field__label">Client signatory contact *</legend>
          <label className="ps-field__label" htmlFor={`${id}-sig-name`}>
            Full name
          </label>
          <input
            id={`${id}-sig-name`}
            className="ps-input"
            value={signatory.name}
            onChange={(event) => setSignatory({ ...signatory, name: event.target.value })}
          />
          <label className="ps-field__label" htmlFor={`${id}-sig-email`}>
            Email
          </label>
          <input
            id={`${id}-sig-email`}
            className="ps-input"
            type="email"
            value={signatory.email}
            onChange={(event) => {
              setSignatory({ ...signatory, email: event.target.value });
              setContactNote(null);
            }}
            onBlur={() => void checkContact()}
          />
          {contactNote ? (
            <p className="ps-field__hint" role="status">
              {contactNote}
            </p>
          ) : null}
        </fieldset>
      ) : null}
      {problem ? (
        <p className="ps-field__error" role="alert">
          {problem}
        </p>
      ) : null}
    </ConfirmDialog>
  );
}
