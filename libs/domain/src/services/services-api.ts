/**
 * The service, terms and form calls of spec 1 §7 and spec 2 §7: the shapes the
 * server answers in and takes, declared once for the backend's DTOs and
 * services and the api-client. A service itself is `ServiceRecord`.
 */
import type { FormDefinition } from './form-definition';
import type { ServiceRecord, ServiceTextField } from './service-rules';

/** What the service form sends on create and update (spec 1 §7). */
export type ServiceInput = Partial<Record<ServiceTextField, string>> & {
  changeBasicServices?: boolean;
  defaultTnC?: boolean;
};

/** `PUT /api/service/update/{id}`: the form's fields, or a position alone (reordering, spec 1 §7). */
export type ServiceUpdateInput = ServiceInput & {
  /** A whole number as a string. */
  position?: string;
};

/** `POST /api/service/create` and `PUT /api/service/update/{id}`. */
export interface ServiceSaved {
  message: string;
  service: ServiceRecord;
}

/** `PUT /api/service/reorder {ids}`: every service id in the new order. */
export interface ReorderServicesRequest {
  ids: string[];
}

/** `PUT /api/service/reorder` */
export interface ServicesReordered {
  message: string;
  services: ServiceRecord[];
}

/** `POST /api/service/verify-password {password}` */
export interface VerifyPasswordRequest {
  password: string;
}

/** `POST /api/service/verify-password` */
export interface PasswordCheck {
  valid: boolean;
  message: string;
}

/** `DELETE /api/service/delete/{id}` */
export interface ServiceDeleted {
  message: string;
  _id: string;
}

/** `GET /api/form/{serviceType}`: the contract form of a service type. */
export type ServiceFormDefinition = FormDefinition & { serviceType: string };

/** The current default terms and conditions. */
interface TermsVersion {
  content: string;
  /** ISO 8601. */
  createdAt: string;
  createdBy: string;
}

/** `GET /api/tnc/latest` */
export interface LatestTerms {
  data: TermsVersion;
}

/** `POST /api/tnc/save {content}` */
export interface SaveTermsRequest {
  content: string;
  /** Accepted for compatibility; the acting user comes from the session. */
  performedBy?: string;
}

/** `POST /api/tnc/save`: the new version and how many services with defaultTnC took it. */
export interface TermsSaved extends LatestTerms {
  message: string;
  updated: number;
  failed: number;
}
