import { isApiError, useCrmRecord } from '@prosign/api-client';
import { CRM_RECORD_VIEW_TYPES, type CrmRecordViewType } from '@prosign/domain';
import { ErrorPanel, LoadingState, PageHeader } from '@prosign/ui';
import { useSearchParams } from 'react-router';
import { useSignedInStaff } from '../../session/StaffSessionContext';
import { AdminOnlyPage } from '../../pages/AdminOnlyPage';
import { CrmRecordActivity } from './components/CrmRecordActivity';
import { RecordLookupForm } from './components/RecordLookupForm';
import { CRM_RECORD_TEXTS as T } from './utils/crm-texts';
import './crm.css';

/** /crm-record?type=deals&id=…, administrators only. */
export function CrmRecordPage() {
  const staff = useSignedInStaff();
  return staff.isAdmin ? <CrmRecord /> : <AdminOnlyPage page={T.title} />;
}

function recordTypeOf(value: string | null): CrmRecordViewType {
  return (CRM_RECORD_VIEW_TYPES as readonly string[]).includes(value ?? '')
    ? (value as CrmRecordViewType)
    : 'deals';
}

function CrmRecord() {
  const [params] = useSearchParams();
  const type = recordTypeOf(params.get('type'));
  const id = params.get('id')?.trim() || null;
  const record = useCrmRecord(type, id);
  const status = isApiError(record.error) ? record.error.statusCode : null;

  return (
    <div className="ps-page crm-page">
      <PageHeader title={T.title} description={T.description} />
      <RecordLookupForm key={`${type}/${id ?? ''}`} type={type} id={id ?? ''} />
      {!id ? (
        <p className="crm-muted">{T.pickOne}</p>
      ) : record.isPending ? (
        <LoadingState label={T.loading} />
      ) : record.isError ? (
        status === 400 || status === 404 || status === 409 ? (
          <ErrorPanel
            title={status === 409 ? T.hubspotTitle : T.notFoundTitle}
            message={record.error.message}
            headingLevel={2}
          />
        ) : (
          <ErrorPanel
            title={T.failed}
            detail={record.error.message}
            headingLevel={2}
            onRetry={() => void record.refetch()}
          />
        )
      ) : (
        <CrmRecordActivity record={record.data} />
      )}
    </div>
  );
}
