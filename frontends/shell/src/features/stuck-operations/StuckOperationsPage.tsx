import { useStuckOperations } from '@prosign/api-client';
import type { StuckOperation } from '@prosign/domain';
import { ErrorPanel, LoadingState, PageHeader } from '@prosign/ui';
import { useState } from 'react';
import { AdminOnlyPage } from '../../pages/AdminOnlyPage';
import { useSignedInStaff } from '../../session/StaffSessionContext';
import { LowerSealDialog } from './components/LowerSealDialog';
import { StuckOperationItem } from './components/StuckOperationItem';
import { STUCK_TEXTS as T } from './utils/stuck-texts';
import './stuck-operations.css';

/** /stuck-operations, administrators only: stopped sends and finishes. */
export function StuckOperationsPage() {
  const staff = useSignedInStaff();
  return staff.isAdmin ? <StuckOperations /> : <AdminOnlyPage page="Stuck operations" />;
}

function StuckOperations() {
  const stuck = useStuckOperations();
  const [lowering, setLowering] = useState<StuckOperation | null>(null);
  const refreshing = stuck.isFetching && !stuck.isPending;
  return (
    <div className="ps-page so-page">
      <PageHeader title={T.title} description={T.description} />
      <div className="so-toolbar">
        <button
          type="button"
          className="ps-button"
          onClick={() => void stuck.refetch()}
          disabled={stuck.isFetching}
        >
          {refreshing ? T.refreshing : T.refresh}
        </button>
        <p className="so-muted" role="status">
          {stuck.data && !refreshing ? countText(stuck.data.operations.length) : ''}
        </p>
      </div>
      {stuck.isPending ? (
        <LoadingState label={T.loading} />
      ) : stuck.isError ? (
        <ErrorPanel
          title={T.failed}
          detail={stuck.error.message}
          onRetry={() => void stuck.refetch()}
        />
      ) : stuck.data.operations.length === 0 ? (
        <p className="ps-card so-empty">{T.empty}</p>
      ) : (
        <ul className="so-list" aria-label={T.title}>
          {stuck.data.operations.map((operation) => (
            <StuckOperationItem
              key={`${operation.agreementId}:${operation.operation}`}
              operation={operation}
              onLowerSeal={setLowering}
            />
          ))}
        </ul>
      )}
      <LowerSealDialog operation={lowering} onClose={() => setLowering(null)} />
    </div>
  );
}

function countText(count: number): string {
  if (count === 0) return '';
  return count === 1 ? '1 operation is stuck.' : `${count} operations are stuck.`;
}
