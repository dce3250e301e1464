import { crmApi, useApiClient } from '@prosign/api-client';
import {
  CLIENT_SIGNATORY_ROLE,
  CONTACT_ROLES,
  contactCheckMessage,
  CONTRACT_MESSAGES,
  fullNameOf,
  isContactRole,
  MISSING_CLIENT_SIGNATORY,
  type ContactRoleChange,
  type DealContactRoles,
  type DealPropertiesCheck,
} from '@prosign/domain';
import { ConfirmDialog, LoadingState, useToast } from '@prosign/ui';
import { MultiSelect, Select } from '@prosign/ui/controls';
import { RequiredMarker, TextField, useFormControl, useZodForm } from '@prosign/ui/forms';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { Control } from 'react-hook-form';
import { z } from 'zod';
import type { ContractForm } from '../contract-draft';

const MISSING_PROPERTIES_MESSAGES = {
  projectType: 'Choose at least one project type.',
  role: (contact: DealContactRoles) => `Choose a project role for ${contact.email ?? contact.id}.`,
  signatory: 'Name the client signatory contact.',
} as const;

/**
 * What the deal still needs (spec 2 §4, §5), checked by the domain's CRM rules:
 * project types when the deal has none, a contact role (`isContactRole`) for
 * each contact without one, and a client signatory unless a role names one.
 */
function missingPropertiesSchema(check: DealPropertiesCheck) {
  const needsProjectType = check.missingProperties.includes('project_type');
  const needsSignatory = check.missingProperties.includes(MISSING_CLIENT_SIGNATORY);
  return z
    .object({
      projectTypes: z.array(z.string()),
      roles: z.array(z.string()),
      signatory: z.object({ name: z.string(), email: z.string(), phone: z.string() }),
    })
    .superRefine(({ projectTypes, roles, signatory }, ctx) => {
      const problem = (path: (string | number)[], message: string) =>
        ctx.addIssue({ code: 'custom', path, message });
      if (needsProjectType && projectTypes.length === 0) {
        problem(['projectTypes'], MISSING_PROPERTIES_MESSAGES.projectType);
      }
      check.contactsWithInvalidRoles.forEach((contact, index) => {
        if (!isContactRole(roles[index] ?? '')) {
          problem(['roles', index], MISSING_PROPERTIES_MESSAGES.role(contact));
        }
      });
      if (needsSignatory && !roles.includes(CLIENT_SIGNATORY_ROLE) && !signatory.email.trim()) {
        problem(['signatory', 'email'], MISSING_PROPERTIES_MESSAGES.signatory);
      }
    });
}
type MissingPropertiesValues = z.input<ReturnType<typeof missingPropertiesSchema>>;

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
  const contacts = check.contactsWithInvalidRoles;
  const needsProjectType = check.missingProperties.includes('project_type');
  const needsSignatory = check.missingProperties.includes(MISSING_CLIENT_SIGNATORY);
  const projectTypes = useQuery({
    queryKey: ['crm', 'property', 'deals', 'project_type'],
    enabled: needsProjectType,
    queryFn: () => crmApi.propertyOptions(client, 'deals', 'project_type'),
  });
  const [schema] = useState(() => missingPropertiesSchema(check));
  const { control, watch, handleSubmit } = useZodForm(schema, {
    defaultValues: {
      projectTypes: [],
      roles: contacts.map(() => ''),
      signatory: { name: form.full_name, email: form.email, phone: form.contact_number },
    },
  });
  const types = useFormControl({ control, name: 'projectTypes' });
  const roles = watch('roles');
  const signatoryEmail = watch('signatory.email').trim();
  const asksSignatory = needsSignatory && !roles.includes(CLIENT_SIGNATORY_ROLE);
  // Whether the CRM knows the signatory's address: asked when the field is left.
  const contactCheck = useMutation({
    mutationFn: (email: string) => crmApi.contactCountByEmail(client, email),
  });
  const contactNote =
    contactCheck.variables !== signatoryEmail
      ? null
      : contactCheck.isError
        ? CONTRACT_MESSAGES.contactCheckFailed
        : contactCheck.data
          ? contactCheckMessage(signatoryEmail, contactCheck.data.count)
          : null;
  const update = useMutation({
    mutationFn: (body: Parameters<typeof crmApi.updateMissing>[2]) =>
      crmApi.updateMissing(client, dealId, body),
    onSuccess: () => {
      toast.success(CONTRACT_MESSAGES.dealUpdated, 6000);
      onUpdated();
    },
    onError: () => toast.error(CONTRACT_MESSAGES.dealUpdateFailed, 6000),
  });

  const save = handleSubmit((values) => {
    const updatedContactRoles: ContactRoleChange[] = contacts.map((contact, index) => ({
      contactId: contact.id,
      email: contact.email ?? '',
      role: values.roles[index],
    }));
    if (asksSignatory) {
      const [firstname = '', ...rest] = values.signatory.name.trim().split(/\s+/);
      updatedContactRoles.push({
        email: values.signatory.email.trim(),
        firstname,
        lastname: rest.join(' '),
        ...(values.signatory.phone ? { phone: values.signatory.phone } : {}),
        role: CLIENT_SIGNATORY_ROLE,
      });
    }
    update.mutate({
      missingProperties: needsProjectType ? { project_type: values.projectTypes } : {},
      contractFormData,
      updatedContactRoles,
    });
  });

  return (
    <ConfirmDialog
      open
      title="Missing deal properties"
      confirmLabel="Update deal and continue"
      busy={update.isPending}
      onConfirm={() => void save()}
      onCancel={onCancel}
    >
      <p>The HubSpot deal needs these before a contract can be created.</p>
      {needsProjectType && projectTypes.isPending ? (
        <LoadingState label="Loading the project types" />
      ) : needsProjectType ? (
        <MultiSelect
          label="Project type"
          isRequired
          options={projectTypes.data?.options ?? []}
          value={types.value}
          onChange={types.onChange}
          errorMessage={types.errorMessage}
        />
      ) : null}
      {contacts.map((contact, index) => (
        <RoleSelect key={contact.id} control={control} index={index} contact={contact} />
      ))}
      {asksSignatory ? (
        <fieldset
          className="ps-field"
          onBlur={(event) => {
            const left = (event.target as Element).getAttribute('name') === 'signatory.email';
            if (left && signatoryEmail) contactCheck.mutate(signatoryEmail);
          }}
        >
          <legend className="ps-field__label">
            Client signatory contact
            <RequiredMarker />
          </legend>
          <TextField control={control} name="signatory.name" label="Full name" />
          <TextField
            control={control}
            name="signatory.email"
            label="Email"
            type="email"
            hint={contactNote}
          />
        </fieldset>
      ) : null}
    </ConfirmDialog>
  );
}

function RoleSelect({
  control,
  index,
  contact,
}: {
  control: Control<MissingPropertiesValues>;
  index: number;
  contact: DealContactRoles;
}) {
  const role = useFormControl({ control, name: `roles.${index}` });
  return (
    <Select
      label={`Project role of ${fullNameOf(contact) || contact.email}`}
      isRequired
      placeholder="--Select--"
      options={CONTACT_ROLES.map((name) => ({ value: name, label: name }))}
      value={role.value || null}
      onChange={(next) => role.onChange(next ?? '')}
      errorMessage={role.errorMessage}
    />
  );
}
