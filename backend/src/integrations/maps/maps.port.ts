/** Injection token of the active maps adapter. */
export const MAPS_PORT = Symbol('MAPS_PORT');

/** What an address suggestion fills in (spec 2 §2.1: address, city, state, zipcode). */
export interface AddressSuggestion {
  address: string;
  city: string;
  state: string;
  zipcode: string;
}

export interface MapsPort {
  /** `google`: the browser asks Google Places itself; `local`: addresses the local CRM knows. */
  readonly adapter: 'local' | 'google';
  suggest(query: string, limit: number): Promise<AddressSuggestion[]>;
}
