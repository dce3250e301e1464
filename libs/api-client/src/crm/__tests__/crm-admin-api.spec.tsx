import {
  noStageRules,
  type CrmRecordActivityView,
  type CrmStageMappingView,
} from '@prosign/domain';
import { QueryClient } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { ApiError } from '../../client/ApiError';
import {
  ApiProvider,
  crmAdminApi,
  crmAdminKeys,
  useCrmRecord,
  useCrmStageMappings,
  useSaveCrmStageRules,
  type RuntimeConfig,
} from '../../index';
import { fakeApiClient } from '../../testing/fake-api-client';

const config: RuntimeConfig = {
  apiUrl: 'http://api.test',
  remotes: { contracts: 'c', sowCo: 's', invoices: 'i', signing: 'g' },
};

function mappingView(signedStage: string | null, isDefault = true): CrmStageMappingView {
  return {
    pipelines: [
      {
        id: 'default',
        label: 'Sales Pipeline',
        stages: [
          { id: 'contractsent', label: 'Contract Sent', displayOrder: 1 },
          { id: 'closedwon', label: 'Contract Signed', displayOrder: 2 },
        ],
        rules: { ...noStageRules(), signed: { stageId: signedStage, allowBackward: false } },
        isDefault,
        updatedBy: isDefault ? null : 'admin@prosign.example',
        updatedAt: isDefault ? null : '2026-11-27T18:00:00.000Z',
      },
    ],
  };
}

const RECORD: CrmRecordActivityView = {
  type: 'deals',
  id: '40000007',
  name: '12 Main St remodel',
  properties: {},
  pipeline: { id: 'default', label: 'Sales Pipeline' },
  stage: { id: 'closedwon', label: 'Contract Signed' },
  notes: [],
  files: [],
  stageHistory: [],
};

function setup(routes: Parameters<typeof fakeApiClient>[0] = {}) {
  const client = fakeApiClient(routes);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children?: ReactNode }) => (
    <ApiProvider config={config} client={client} queryClient={queryClient}>
      {children}
    </ApiProvider>
  );
  return { client, queryClient, wrapper };
}

describe('the admins’ CRM calls', () => {
  it('reads the stage mappings and puts one pipeline’s rules under its id', async () => {
    const rules = noStageRules();
    const client = fakeApiClient({
      'GET /api/admin/crm/stage-mappings': () => mappingView('closedwon'),
      'PUT /api/admin/crm/stage-mappings/co%2Fpipeline': () => mappingView(null, false),
    });
    expect((await crmAdminApi.stageMappings(client)).pipelines).toHaveLength(1);
    await crmAdminApi.saveStageRules(client, 'co/pipeline', rules);
    expect(client.calls[1]).toMatchObject({
      method: 'PUT',
      path: '/api/admin/crm/stage-mappings/co%2Fpipeline',
      body: { rules },
    });
  });

  it('asks a record by its type and id', async () => {
    const client = fakeApiClient({
      'GET /api/admin/crm/records/projects/50000001': () => ({ ...RECORD, type: 'projects' }),
    });
    expect((await crmAdminApi.record(client, 'projects', '50000001')).type).toBe('projects');
    expect(client.calls[0]).toMatchObject({
      method: 'GET',
      path: '/api/admin/crm/records/projects/50000001',
    });
  });

  it('saving a pipeline puts the server’s new view in the cache without a re-read', async () => {
    const { client, queryClient, wrapper } = setup({
      'GET /api/admin/crm/stage-mappings': () => mappingView('closedwon'),
      'PUT /api/admin/crm/stage-mappings/default': () => mappingView(null, false),
    });
    const { result } = renderHook(
      () => ({ view: useCrmStageMappings(), save: useSaveCrmStageRules() }),
      { wrapper },
    );
    await waitFor(() => expect(result.current.view.data?.pipelines[0]?.isDefault).toBe(true));
    await act(() =>
      result.current.save.mutateAsync({ pipelineId: 'default', rules: noStageRules() }),
    );
    expect(queryClient.getQueryData<CrmStageMappingView>(crmAdminKeys.stageMappings)).toEqual(
      mappingView(null, false),
    );
    await waitFor(() => expect(result.current.view.data?.pipelines[0]?.isDefault).toBe(false));
    expect(client.calls.filter((call) => call.method === 'GET')).toHaveLength(1);
  });

  it('hands a refusal (400 with its problems) to the caller and keeps the cached view', async () => {
    const { queryClient, wrapper } = setup({
      'GET /api/admin/crm/stage-mappings': () => mappingView('closedwon'),
      'PUT /api/admin/crm/stage-mappings/default': () => {
        throw new ApiError(400, 'signed: co_new is not a stage of this pipeline', 'Bad Request', [
          'signed: co_new is not a stage of this pipeline',
        ]);
      },
    });
    const { result } = renderHook(
      () => ({ view: useCrmStageMappings(), save: useSaveCrmStageRules() }),
      { wrapper },
    );
    await waitFor(() => expect(result.current.view.isSuccess).toBe(true));
    await act(async () => {
      await expect(
        result.current.save.mutateAsync({ pipelineId: 'default', rules: noStageRules() }),
      ).rejects.toMatchObject({
        statusCode: 400,
        messages: ['signed: co_new is not a stage of this pipeline'],
      });
    });
    expect(queryClient.getQueryData(crmAdminKeys.stageMappings)).toEqual(mappingView('closedwon'));
  });

  it('asks nothing without a record id, and reads the record once there is one', async () => {
    const { client, wrapper } = setup({
      'GET /api/admin/crm/records/deals/40000007': () => RECORD,
    });
    const { result, rerender } = renderHook(
      ({ id }: { id: string | null }) => useCrmRecord('deals', id),
      { wrapper, initialProps: { id: null as string | null } },
    );
    expect(result.current.fetchStatus).toBe('idle');
    expect(client.calls).toHaveLength(0);
    rerender({ id: '40000007' });
    await waitFor(() => expect(result.current.data?.name).toBe('12 Main St remodel'));
  });
});
