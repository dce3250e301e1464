import type { HealthReport } from '@prosign/domain';
import { useQuery } from '@tanstack/react-query';
import { useApiClient } from '../config/RuntimeConfigProvider';

const healthQueryKey = ['health'] as const;

/** `GET /api/health`: the state of the api's dependencies and which adapter each port runs. */
export function useHealth() {
  const client = useApiClient();
  return useQuery({
    queryKey: healthQueryKey,
    queryFn: ({ signal }) => client.get<HealthReport>('/api/health', { signal }),
  });
}
