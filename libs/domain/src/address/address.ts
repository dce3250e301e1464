/**
 * What an address suggestion fills in (spec 2 §2.1: address, city, state and
 * zipcode), whether it comes from Google Places or the local CRM.
 */
export interface AddressSuggestion {
  /** Street line, e.g. "1450 Harrison St". */
  address: string;
  city: string;
  /** Two-letter state, e.g. "CA". */
  state: string;
  zipcode: string;
}

/** `GET /api/maps/suggest?query=` (local maps adapter). */
export interface AddressSuggestResponse {
  suggestions: AddressSuggestion[];
}
