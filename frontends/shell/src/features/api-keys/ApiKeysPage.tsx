import { useApiKeyMutations, useApiKeys } from '@prosign/api-client';
import { formatPacificDateTime, type ApiKeyCreated, type ApiKeyView } from '@prosign/domain';
import {
  ConfirmDialog,
  ErrorPanel,
  LoadingState,
  OneTimeSecretDialog,
  PageHeader,
  useToast,
} from '@prosign/ui';
import { useState } from 'react';
import { AdminOnlyPage } from '../../pages/AdminOnlyPage';
import { useSignedInStaff } from '../../session/StaffSessionContext';
import { withServerReason } from '../user-access/utils/error-message';
import { ApiReferenceLink } from './components/ApiReferenceLink';
import { ApiKeyItem, apiKeyTitleId } from './components/ApiKeyItem';
import { CreateApiKeyForm } from './components/CreateApiKeyForm';
import { RotateApiKeyDialog } from './components/RotateApiKeyDialog';
import { useFocusLater } from '../../layout/hooks/useFocusLater';
import { API_KEY_TEXTS as T, keyCountText } from './utils/api-key-texts';
import '../integrations/integrations.css';
import './api-keys.css';

/** /api-keys, administrators only: the keys other systems call the public api with. */
export function ApiKeysPage() {
  const staff = useSignedInStaff();
  return staff.isAdmin ? <ApiKeys myEmail={staff.email} /> : <AdminOnlyPage page={T.adminOnly} />;
}

/** A key just created or rotated: the only moment its full text is on the screen. */
interface ShownKey {
  created: ApiKeyCreated;
  /** The key it replaces, and until when that one still works. */
  replaces?: { name: string; until: string | null };
}

function ApiKeys({ myEmail }: { myEmail: string }) {
  const keys = useApiKeys();
  const { create, revoke, rotate } = useApiKeyMutations();
  const toast = useToast();
  const focusLater = useFocusLater();
  const [shown, setShown] = useState<ShownKey | null>(null);
  const [rotating, setRotating] = useState<ApiKeyView | null>(null);
  const [revoking, setRevoking] = useState<ApiKeyView | null>(null);

  const onCreate = async (request: Parameters<typeof create.mutateAsync>[0]) => {
    try {
      setShown({ created: await create.mutateAsync(request) });
    } catch (error) {
      toast.error(withServerReason(T.createFailed, error));
      throw error;
    }
  };

  const onRotate = (overlapHours: number) => {
    const old = rotating;
    if (!old) return;
    rotate.mutate(
      { id: old.id, overlapHours },
      {
        onSuccess: (created, variables) => {
          setRotating(null);
          const until = new Date(Date.now() + (variables.overlapHours ?? 0) * 3_600_000);
          setShown({ created, replaces: { name: old.name, until: until.toISOString() } });
        },
      },
    );
  };

  const onRevoke = () => {
    const key = revoking;
    if (!key) return;
    revoke.mutate(key.id, {
      onSuccess: () => toast.success(T.revoked(key.name)),
      onError: (error) => toast.error(withServerReason(T.revokeFailed, error)),
      onSettled: () => {
        setRevoking(null);
        focusLater(apiKeyTitleId(key.id));
      },
    });
  };

  const closeShown = () => {
    const id = shown?.created.apiKey.id;
    setShown(null);
    if (id) focusLater(apiKeyTitleId(id));
  };

  const list = keys.data ?? [];
  const usable = list.filter((key) => key.state === 'active' || key.state === 'rotating').length;
  return (
    <div className="ps-page integration-page">
      <PageHeader title={T.title} description={T.description} actions={<ApiReferenceLink />} />
      <CreateApiKeyForm pending={create.isPending} onCreate={onCreate} myEmail={myEmail} />
      <section className="ak-list-section" aria-labelledby="ak-list-title">
        <div className="integration-list-head ak-list-head">
          <h2 id="ak-list-title" className="integration-section-title">
            {T.listTitle}
          </h2>
          <p className="integration-muted" role="status">
            {keys.data ? keyCountText(list.length, usable) : ''}
          </p>
        </div>
        {keys.isPending ? (
          <LoadingState label={T.loading} />
        ) : keys.isError ? (
          <ErrorPanel
            title={T.failed}
            detail={keys.error.message}
            onRetry={() => void keys.refetch()}
          />
        ) : list.length === 0 ? (
          <p className="ps-card integration-empty">{T.empty}</p>
        ) : (
          <ul className="integration-list" aria-labelledby="ak-list-title">
            {list.map((key) => (
              <ApiKeyItem
                key={key.id}
                apiKey={key}
                onRotate={(chosen) => {
                  rotate.reset();
                  setRotating(chosen);
                }}
                onRevoke={setRevoking}
              />
            ))}
          </ul>
        )}
      </section>

      <RotateApiKeyDialog
        apiKey={rotating}
        busy={rotate.isPending}
        problem={rotate.isError ? withServerReason(T.rotateFailed, rotate.error) : null}
        onRotate={onRotate}
        onClose={() => setRotating(null)}
      />
      <ConfirmDialog
        open={revoking !== null}
        title={`Revoke “${revoking?.name ?? ''}”?`}
        confirmLabel={T.revokeConfirm}
        danger
        busy={revoke.isPending}
        onCancel={() => setRevoking(null)}
        onConfirm={onRevoke}
      >
        {T.revokeWarning}
      </ConfirmDialog>
      <OneTimeSecretDialog
        secret={shown?.created.key ?? null}
        title={shown?.replaces ? T.rotatedTitle : T.createdTitle}
        label={T.keyLabel}
        onDone={closeShown}
      >
        {shown ? <ShownKeyText shown={shown} /> : null}
      </OneTimeSecretDialog>
    </div>
  );
}

function ShownKeyText({ shown }: { shown: ShownKey }) {
  const { apiKey } = shown.created;
  if (shown.replaces) {
    return (
      <p className="ak-dialog__text">
        {`“${shown.replaces.name}” has a new key with the same scopes. The old key keeps working until ${
          formatPacificDateTime(shown.replaces.until) || 'now'
        }, so the system using it can switch.`}
      </p>
    );
  }
  return (
    <p className="ak-dialog__text">
      {`“${apiKey.name}” acts with its scopes only (${apiKey.scopes.join(', ')}). A system sends it as `}
      <code>Authorization: Bearer psk_live_…</code>.
    </p>
  );
}
