/** The error page (spec 1 §2.1): status and message come from the query string. */
const DEFAULT_ERROR_MESSAGE = 'Something went wrong.';
const DEFAULT_ERROR_STATUS = 500;

export interface ErrorPageContent {
  status: number;
  message: string;
}

function parseStatus(raw: string | null): number {
  if (raw === null || !/^\d{3}$/.test(raw.trim())) return DEFAULT_ERROR_STATUS;
  const status = Number(raw.trim());
  return status >= 100 && status <= 599 ? status : DEFAULT_ERROR_STATUS;
}

/** The part of `URLSearchParams` the parser needs (keeps this library free of DOM types). */
export interface QueryParamReader {
  get(name: string): string | null;
}

/** Reads `status` and `message` from the query, falling back to the defaults. */
export function parseErrorPageQuery(params: QueryParamReader): ErrorPageContent {
  const message = params.get('message')?.trim();
  return {
    status: parseStatus(params.get('status')),
    message: message ? message : DEFAULT_ERROR_MESSAGE,
  };
}

/** "500 Error": the status followed by "Error". */
export function errorPageTitle(status: number): string {
  return `${status} Error`;
}
