import {
  useWebhookEndpointMutations,
  type CreateWebhookEndpointRequest,
} from '@prosign/api-client';
import type { WebhookEndpointCreated, WebhookEndpointView } from '@prosign/domain';
import { useToast } from '@prosign/ui';
import { useState } from 'react';
import { useFocusLater } from '../../../layout/hooks/useFocusLater';
import { withServerReason } from '../../user-access/utils/error-message';
import { endpointTitleId } from '../components/WebhookEndpointItem';
import { WEBHOOK_TEXTS as T } from '../utils/webhook-texts';

/** A secret just made: the only moment it is on the screen. */
export interface ShownSecret {
  created: WebhookEndpointCreated;
  rotated: boolean;
}

/** The id of the endpoints' heading, focused when the endpoint that had the focus is deleted. */
export const ENDPOINTS_TITLE_ID = 'wh-list-title';

/**
 * What the webhooks page does to endpoints, and the dialog each action opens: add, edit,
 * enable or disable, rotate the secret (after asking), delete (after asking). Focus goes to
 * the endpoint concerned when a dialog closes (its button may be gone), and results are
 * announced by a toast.
 */
export function useEndpointActions() {
  const { create, update, remove, rotateSecret } = useWebhookEndpointMutations();
  const toast = useToast();
  const focusLater = useFocusLater();
  const [shown, setShown] = useState<ShownSecret | null>(null);
  const [editing, setEditing] = useState<WebhookEndpointView | null>(null);
  const [rotating, setRotating] = useState<WebhookEndpointView | null>(null);
  const [removing, setRemoving] = useState<WebhookEndpointView | null>(null);

  const add = async ({ description, ...request }: CreateWebhookEndpointRequest) => {
    try {
      // An empty description is left out: the endpoint simply has none.
      const created = await create.mutateAsync(description ? { ...request, description } : request);
      setShown({ created, rotated: false });
    } catch (error) {
      toast.error(withServerReason(T.createFailed, error));
      throw error;
    }
  };

  const save = async (request: CreateWebhookEndpointRequest) => {
    const endpoint = editing;
    if (!endpoint) return;
    try {
      await update.mutateAsync({ id: endpoint.id, ...request });
    } catch (error) {
      toast.error(withServerReason(T.saveFailed, error));
      throw error;
    }
    toast.success(T.saved);
    setEditing(null);
    focusLater(endpointTitleId(endpoint.id));
  };

  const toggle = (endpoint: WebhookEndpointView) => {
    const enabled = endpoint.state !== 'enabled';
    update.mutate(
      { id: endpoint.id, enabled },
      {
        onSuccess: () => toast.success(enabled ? T.enabled : T.disabled),
        onError: (error) => toast.error(withServerReason(T.toggleFailed, error)),
      },
    );
  };

  const rotate = () => {
    const endpoint = rotating;
    if (!endpoint) return;
    rotateSecret.mutate(endpoint.id, {
      onSuccess: (created) => setShown({ created, rotated: true }),
      onError: (error) => {
        toast.error(withServerReason(T.rotateFailed, error));
        focusLater(endpointTitleId(endpoint.id));
      },
      onSettled: () => setRotating(null),
    });
  };

  const confirmRemove = () => {
    const endpoint = removing;
    if (!endpoint) return;
    remove.mutate(endpoint.id, {
      onSuccess: () => {
        toast.success(T.removed);
        focusLater(ENDPOINTS_TITLE_ID);
      },
      onError: (error) => {
        toast.error(withServerReason(T.removeFailed, error));
        focusLater(endpointTitleId(endpoint.id));
      },
      onSettled: () => setRemoving(null),
    });
  };

  const closeShown = () => {
    const id = shown?.created.endpoint.id;
    setShown(null);
    if (id) focusLater(endpointTitleId(id));
  };

  return {
    shown,
    editing,
    rotating,
    removing,
    pending: {
      add: create.isPending,
      save: update.isPending && editing !== null,
      rotate: rotateSecret.isPending,
      remove: remove.isPending,
      toggling: (id: string) =>
        update.isPending && update.variables?.id === id && update.variables.enabled !== undefined,
    },
    add,
    save,
    toggle,
    rotate,
    confirmRemove,
    closeShown,
    setEditing,
    setRotating,
    setRemoving,
  };
}
