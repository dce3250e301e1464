import { useCrmStageMappings } from '@prosign/api-client';
import { ErrorPanel, LoadingState, PageHeader } from '@prosign/ui';
import { useSignedInStaff } from '../../session/StaffSessionContext';
import { AdminOnlyPage } from '../../pages/AdminOnlyPage';
import { PipelineRulesForm } from './components/PipelineRulesForm';
import { CRM_STAGES_TEXTS as T } from './utils/crm-texts';
import './crm.css';

/** /crm-stages, administrators only: the stage each event moves a deal to. */
export function CrmStagesPage() {
  const staff = useSignedInStaff();
  return staff.isAdmin ? <CrmStages /> : <AdminOnlyPage page={T.title} />;
}

function CrmStages() {
  const mappings = useCrmStageMappings();
  return (
    <div className="ps-page crm-page">
      <PageHeader title={T.title} description={T.description} />
      {mappings.isPending ? (
        <LoadingState label={T.loading} />
      ) : mappings.isError ? (
        <ErrorPanel
          title={T.failed}
          detail={mappings.error.message}
          onRetry={() => void mappings.refetch()}
        />
      ) : mappings.data.pipelines.length === 0 ? (
        <p className="crm-muted">{T.empty}</p>
      ) : (
        mappings.data.pipelines.map((pipeline) => (
          <PipelineRulesForm
            key={`${pipeline.id}@${pipeline.updatedAt ?? ''}`}
            pipeline={pipeline}
          />
        ))
      )}
    </div>
  );
}
