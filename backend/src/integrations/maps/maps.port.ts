import type { AddressSuggestion } from '@prosign/domain';

/** Injection token of the active maps adapter. */
export const MAPS_PORT = Symbol('MAPS_PORT');

/** What an address suggestion fills in (shared with the address autocomplete). */
export type { AddressSuggestion };

export interface MapsPort {
  /** `google`: the browser asks Google Places itself; `local`: addresses the local CRM knows. */
  readonly adapter: 'local' | 'google';
  suggest(query: string, limit: number): Promise<AddressSuggestion[]>;
}
