import { useLatestTerms, useServiceMutations, useServices } from '@prosign/api-client';
import {
  copiedServiceName,
  SERVICE_MESSAGES,
  type ServiceInput,
  type ServiceRecord,
} from '@prosign/domain';
import { LoadingState, PageHeader } from '@prosign/ui';
import { useMemo, useState } from 'react';
import { DeleteServiceDialog } from '../services/components/DeleteServiceDialog';
import { errorText, useLongToast } from '../services/service-toast';
import {
  draftOf,
  EMPTY_DRAFT,
  ServiceForm,
  type ServiceDraft,
} from '../services/components/ServiceForm';
import { ServiceSidebar } from '../services/components/ServiceSidebar';
import '../services/services.css';

/** /services (spec 1 §2.5, §4.5): the agreement templates. */
export function ServicesPage() {
  const services = useServices();
  const latestTerms = useLatestTerms();
  const mutations = useServiceMutations();
  const show = useLongToast();
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [copyDraft, setCopyDraft] = useState<ServiceDraft | null>(null);
  /** Counts fresh create-mode drafts (Add New Service, Copy): each starts a new form. */
  const [draftNo, setDraftNo] = useState(0);
  const [deleting, setDeleting] = useState<ServiceRecord | null>(null);

  const list = services.data ?? [];
  const editing = list.find((service) => service._id === selectedId) ?? null;
  const initial = useMemo(
    () => (editing ? draftOf(editing) : (copyDraft ?? EMPTY_DRAFT)),
    [editing, copyDraft],
  );

  const submit = (input: ServiceInput) =>
    editing
      ? mutations.update.mutateAsync(
          { id: editing._id, input },
          {
            onSuccess: () => show(SERVICE_MESSAGES.updated, 'success'),
            onError: (error) =>
              show(`${SERVICE_MESSAGES.updateError} ${errorText(error)}`, 'error'),
          },
        )
      : mutations.create.mutateAsync(input, {
          onSuccess: ({ service }) => {
            show(SERVICE_MESSAGES.created, 'success');
            setCopyDraft(null);
            setSelectedId(service._id);
          },
          onError: (error) => show(`${SERVICE_MESSAGES.createError} ${errorText(error)}`, 'error'),
        });

  const copy = (service: ServiceRecord) => {
    setSelectedId(null);
    setDraftNo((n) => n + 1);
    setCopyDraft({
      ...draftOf(service),
      serviceName: copiedServiceName(service.serviceName),
      defaultTnC: true,
      termsAndConditions: latestTerms.data?.data.content ?? service.termsAndConditions,
    });
  };

  /** Resolves with a wrong password's message for the dialog, else null (deleted or failed). */
  const confirmDelete = async (service: ServiceRecord, password: string) => {
    try {
      const check = await mutations.verifyPassword.mutateAsync(password);
      if (!check.valid) return check.message || SERVICE_MESSAGES.wrongPassword;
      await mutations.remove.mutateAsync(service._id);
      show(SERVICE_MESSAGES.deleted, 'success');
      if (selectedId === service._id) setSelectedId(null);
    } catch (error) {
      show(`${SERVICE_MESSAGES.deleteError}: ${errorText(error)}`, 'error');
    }
    setDeleting(null);
    return null;
  };

  return (
    <div className="ps-page">
      <PageHeader
        title="Services"
        description="Maintain the agreement templates: add, update, reorder, copy and delete services."
      />
      {services.isPending ? (
        <LoadingState label="Loading services…" />
      ) : services.isError ? (
        <p role="alert">Failed to load services: {errorText(services.error)}</p>
      ) : (
        <div className="services-layout">
          <ServiceSidebar
            services={list}
            selectedId={selectedId}
            busy={mutations.reorder.isPending}
            onSelect={(service) => {
              setCopyDraft(null);
              setSelectedId(service._id);
            }}
            onAdd={() => {
              setSelectedId(null);
              setDraftNo((n) => n + 1);
              setCopyDraft(null);
            }}
            onCopy={copy}
            onDelete={setDeleting}
            onReorder={(ids) =>
              mutations.reorder.mutate(ids, {
                onSuccess: () => show(SERVICE_MESSAGES.reordered, 'success'),
                onError: (error) =>
                  show(`${SERVICE_MESSAGES.updateError} ${errorText(error)}`, 'error'),
              })
            }
          />
          <ServiceForm
            key={editing?._id ?? `new-${draftNo}`}
            editing={editing}
            initial={initial}
            latestTerms={latestTerms.data?.data.content}
            saving={mutations.create.isPending || mutations.update.isPending}
            onSubmit={submit}
            onInvalid={(message) =>
              show(
                `${editing ? SERVICE_MESSAGES.updateError : SERVICE_MESSAGES.createError} ${message}`,
                'error',
              )
            }
          />
        </div>
      )}
      {deleting ? (
        <DeleteServiceDialog
          service={deleting}
          pending={mutations.verifyPassword.isPending || mutations.remove.isPending}
          onConfirm={(password) => confirmDelete(deleting, password)}
          onCancel={() => setDeleting(null)}
        />
      ) : null}
    </div>
  );
}
