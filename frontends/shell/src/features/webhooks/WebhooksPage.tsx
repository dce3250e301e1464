import { useWebhookEndpoints } from '@prosign/api-client';
import { formatPacificDateTime, ROUTES, WEBHOOK_OLD_SECRETS_KEPT } from '@prosign/domain';
import {
  ConfirmDialog,
  Dialog,
  ErrorPanel,
  LoadingState,
  OneTimeSecretDialog,
  PageHeader,
} from '@prosign/ui';
import { Link } from 'react-router';
import { AdminOnlyPage } from '../../pages/AdminOnlyPage';
import { useSignedInStaff } from '../../session/StaffSessionContext';
import { WebhookEndpointForm } from './components/WebhookEndpointForm';
import { WebhookEndpointItem } from './components/WebhookEndpointItem';
import {
  ENDPOINTS_TITLE_ID,
  useEndpointActions,
  type ShownSecret,
} from './hooks/useEndpointActions';
import { WEBHOOK_TEXTS as T } from './utils/webhook-texts';
import '../integrations/integrations.css';
import './webhooks.css';

/** /webhooks, administrators only: the endpoints told of events, and each one's delivery log. */
export function WebhooksPage() {
  const staff = useSignedInStaff();
  return staff.isAdmin ? <Webhooks /> : <AdminOnlyPage page={T.adminOnly} />;
}

function Webhooks() {
  const endpoints = useWebhookEndpoints();
  const actions = useEndpointActions();
  const list = endpoints.data ?? [];
  return (
    <div className="ps-page integration-page">
      <PageHeader
        title={T.title}
        description={T.description}
        actions={
          <Link className="ps-button" to={ROUTES.webhookInbox}>
            {T.inboxLink}
          </Link>
        }
      />
      <WebhookEndpointForm
        className="ps-card"
        heading={<h2 className="integration-section-title wh-section-title">{T.createTitle}</h2>}
        label={T.createTitle}
        submitLabel={T.create}
        pendingLabel={T.creating}
        pending={actions.pending.add}
        onSave={actions.add}
        resetOnSave
      />
      <section className="wh-list-section" aria-labelledby={ENDPOINTS_TITLE_ID}>
        <div className="integration-list-head wh-list-head">
          <h2
            id={ENDPOINTS_TITLE_ID}
            className="integration-section-title wh-section-title"
            tabIndex={-1}
          >
            {T.listTitle}
          </h2>
          <p className="integration-muted" role="status">
            {endpoints.data ? countText(list.length) : ''}
          </p>
        </div>
        {endpoints.isPending ? (
          <LoadingState label={T.loading} />
        ) : endpoints.isError ? (
          <ErrorPanel
            title={T.failed}
            detail={endpoints.error.message}
            onRetry={() => void endpoints.refetch()}
          />
        ) : list.length === 0 ? (
          <p className="ps-card integration-empty">{T.empty}</p>
        ) : (
          <ul className="integration-list" aria-labelledby={ENDPOINTS_TITLE_ID}>
            {list.map((endpoint) => (
              <WebhookEndpointItem
                key={endpoint.id}
                endpoint={endpoint}
                toggling={actions.pending.toggling(endpoint.id)}
                onEdit={actions.setEditing}
                onToggle={actions.toggle}
                onRotate={actions.setRotating}
                onRemove={actions.setRemoving}
              />
            ))}
          </ul>
        )}
      </section>
      <EndpointDialogs actions={actions} />
    </div>
  );
}

function EndpointDialogs({ actions }: { actions: ReturnType<typeof useEndpointActions> }) {
  const { editing, rotating, removing, shown, pending } = actions;
  return (
    <>
      <Dialog
        open={editing !== null}
        title={T.editTitle}
        onClose={pending.save ? undefined : () => actions.setEditing(null)}
        describeBody={false}
        size="wide"
      >
        {editing ? (
          <WebhookEndpointForm
            key={editing.id}
            initial={{
              url: editing.url,
              description: editing.description,
              events: editing.events,
            }}
            label={T.editTitle}
            submitLabel={T.save}
            pendingLabel={T.saving}
            pending={pending.save}
            onSave={actions.save}
            extraActions={
              <button
                type="button"
                className="ps-button"
                disabled={pending.save}
                onClick={() => actions.setEditing(null)}
              >
                Cancel
              </button>
            }
          />
        ) : null}
      </Dialog>
      <ConfirmDialog
        open={rotating !== null}
        title={T.rotateTitle}
        confirmLabel={T.rotateConfirm}
        busy={pending.rotate}
        onCancel={() => actions.setRotating(null)}
        onConfirm={actions.rotate}
      >
        <span className="wh-dialog__subject">{rotating?.url}</span> {T.rotateWarning}
      </ConfirmDialog>
      <ConfirmDialog
        open={removing !== null}
        title={T.removeTitle}
        confirmLabel={T.removeConfirm}
        danger
        busy={pending.remove}
        onCancel={() => actions.setRemoving(null)}
        onConfirm={actions.confirmRemove}
      >
        <span className="wh-dialog__subject">{removing?.url}</span> {T.removeWarning}
      </ConfirmDialog>
      <OneTimeSecretDialog
        secret={shown?.created.secret ?? null}
        title={shown?.rotated ? T.rotatedTitle : T.createdTitle}
        label={T.secretLabel}
        onDone={actions.closeShown}
      >
        {shown ? <ShownSecretText shown={shown} /> : null}
      </OneTimeSecretDialog>
    </>
  );
}

function ShownSecretText({ shown }: { shown: ShownSecret }) {
  const { endpoint } = shown.created;
  const until = formatPacificDateTime(endpoint.previousSecretUntil);
  const older = (endpoint.previousSecretsUntil ?? []).length - 1;
  return (
    <p className="wh-dialog__text">
      <span className="wh-dialog__subject">{endpoint.url}</span>{' '}
      {shown.rotated
        ? `The old secret stays valid until ${until || '24 hours from now'} alongside this one, so deliveries keep verifying while the receiver switches.${older > 0 ? ` ${older === 1 ? 'One older secret is' : `${older} older secrets are`} still valid too, each until 24 hours after its own rotation (at most ${WEBHOOK_OLD_SECRETS_KEPT} old secrets are kept).` : ''}`
        : T.createdText}
    </p>
  );
}

function countText(count: number): string {
  if (count === 0) return '';
  return count === 1 ? '1 endpoint' : `${count} endpoints`;
}
