import { isApiError, useApiUrl, useWebhookInbox } from '@prosign/api-client';
import { ROUTES } from '@prosign/domain';
import { ErrorPanel, LoadingState, PageHeader } from '@prosign/ui';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { AdminOnlyPage } from '../../pages/AdminOnlyPage';
import { useSignedInStaff } from '../../session/StaffSessionContext';
import { InboxEntryItem } from './components/InboxEntryItem';
import '../integrations/integrations.css';
import './webhook-inbox.css';

/** Deliveries appear within this time, as caught mail does in the mailbox. */
const POLL_INTERVAL_MS = 5_000;

/**
 * /webhook-inbox, administrators only (as the mailbox): what the local webhook receiver of
 * `npm start` got, so an endpoint pointed at it shows what a customer's system would receive.
 */
export function WebhookInboxPage() {
  const staff = useSignedInStaff();
  return staff.isAdmin ? <WebhookInbox /> : <AdminOnlyPage page="The webhook inbox" />;
}

function WebhookInbox() {
  const inbox = useWebhookInbox(POLL_INTERVAL_MS);
  const receiveUrl = `${useApiUrl().replace(/\/+$/, '')}/api/webhook-inbox/receive/local`;
  const entries = useMemo(
    () =>
      [...(inbox.data ?? [])].sort((a, b) => Date.parse(b.receivedAt) - Date.parse(a.receivedAt)),
    [inbox.data],
  );
  return (
    <div className="ps-page integration-page">
      <PageHeader
        title="Webhook inbox"
        description="Deliveries the local stack's webhook receiver got, with their headers and whether their signature verified. Nothing here left this machine."
        actions={
          <>
            <Link className="ps-button" to={ROUTES.webhooks}>
              Webhooks
            </Link>
            <Link className="ps-button" to={ROUTES.mailbox}>
              Mailbox
            </Link>
          </>
        }
      />
      <p className="integration-muted wi-muted">
        Point an endpoint at <code className="wi-code">{receiveUrl}</code> (any name in place of{' '}
        <code>local</code>) to see its deliveries here.
      </p>
      <div className="integration-list-head wi-head">
        <h2 id="wi-list-title" className="integration-section-title">
          Received
        </h2>
        <p className="integration-muted wi-muted" role="status">
          {inbox.data ? countText(entries.length) : ''}
        </p>
      </div>
      {inbox.isPending ? (
        <LoadingState label="Loading the webhook inbox…" />
      ) : inbox.isError ? (
        <ErrorPanel
          title="The webhook inbox could not be loaded"
          message={
            isApiError(inbox.error) && inbox.error.statusCode === 404
              ? 'The webhook inbox exists only in the local stack (npm start).'
              : undefined
          }
          detail={inbox.error.message}
          onRetry={() => void inbox.refetch()}
        />
      ) : entries.length === 0 ? (
        <p className="ps-card integration-empty">
          Nothing received yet. Deliveries to the inbox appear here within a few seconds.
        </p>
      ) : (
        <ul className="integration-list wi-list" aria-labelledby="wi-list-title">
          {entries.map((entry, index) => (
            <InboxEntryItem key={entry.id} entry={entry} initiallyOpen={index === 0} />
          ))}
        </ul>
      )}
    </div>
  );
}

function countText(count: number): string {
  if (count === 0) return '';
  return count === 1 ? '1 delivery received.' : `${count} deliveries received.`;
}
