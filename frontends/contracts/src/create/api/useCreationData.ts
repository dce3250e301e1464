import { accessApi, useApiClient } from '@prosign/api-client';
import { useQuery } from '@tanstack/react-query';

/** A service of the dropdown (spec 2 §3 Service). */
export interface ServiceOption {
  _id: string;
  serviceName: string;
  position: string | number;
  changeBasicServices: boolean;
  engineerBasicService?: string;
}

/** One field of a service's form definition (spec 2 §3). */
export interface FormFieldDefinition {
  name: string;
  label: string;
  type: 'text' | 'email' | 'dropdown' | 'checkbox';
  required: boolean;
  isNotEditable: boolean;
  options: string[];
}

export interface FormDefinitionView {
  fields: FormFieldDefinition[];
  additionalFields: Record<string, string>;
}

/** `GET /api/service/get-services`, in their stored order. */
export function useServiceOptions() {
  const client = useApiClient();
  return useQuery({
    queryKey: ['services'],
    queryFn: ({ signal }) => client.get<ServiceOption[]>('/api/service/get-services', { signal }),
  });
}

/** `GET /api/form/{serviceType}`: fields and clause texts of the chosen service. */
export function useFormDefinition(serviceType: string) {
  const client = useApiClient();
  return useQuery({
    queryKey: ['form', serviceType],
    enabled: serviceType !== '',
    queryFn: ({ signal }) =>
      client.get<FormDefinitionView>(`/api/form/${encodeURIComponent(serviceType)}`, { signal }),
  });
}

/** CSM and PM pickers: users loaded by role (`GET /api/access/user?role=`). */
export function useUsersByRole(role: 'csm' | 'pm') {
  const client = useApiClient();
  return useQuery({
    queryKey: ['access', 'users', role],
    queryFn: ({ signal }) => accessApi.listUsers(client, role, signal),
    select: (data) => data.users.map((user) => user.email),
  });
}
