import { useQuery } from '@tanstack/react-query';
import { useApiClient } from '../config/RuntimeConfigProvider';

export interface ServiceHealth {
  up: boolean;
  [detail: string]: unknown;
}

/** `GET /api/health`: the state of the api's dependencies and which adapter each port runs. */
export interface HealthStatus {
  status?: string;
  database?: ServiceHealth;
  redis?: ServiceHealth;
  adapters?: Record<string, string>;
  [detail: string]: unknown;
}

export const healthQueryKey = ['health'] as const;

export function useHealth() {
  const client = useApiClient();
  return useQuery({
    queryKey: healthQueryKey,
    queryFn: ({ signal }) => client.get<HealthStatus>('/api/health', { signal }),
  });
}
