import type { ApiClient, MapsRuntimeConfig } from '@prosign/api-client';
import type { AddressSuggestResponse, AddressSuggestion } from '@prosign/domain';
import {
  addressFromGooglePlace,
  loadGooglePlaces,
  type GooglePlacesLibrary,
} from './google-places';

/** One entry of the suggestion list. */
export interface AddressOption {
  id: string;
  /** First line: the street address. */
  label: string;
  /** Second line: city, state and ZIP code. */
  detail: string;
  /** The fields picking it fills (a Google suggestion needs one more request for them). */
  resolve(): Promise<AddressSuggestion>;
}

/** Where suggestions come from: the API's local suggestions or Google Places in the browser. */
export interface AddressSource {
  readonly kind: 'local' | 'google';
  suggest(query: string, signal: AbortSignal): Promise<AddressOption[]>;
  /** Starts loading what the first search needs (called when the field gets focus). */
  prepare?(): void;
}

/** How many suggestions the list shows. */
const ADDRESS_SUGGESTION_LIMIT = 8;

function detailOf({ city, state, zipcode }: AddressSuggestion): string {
  return [city, [state, zipcode].filter(Boolean).join(' ')].filter(Boolean).join(', ');
}

/** `GET /api/maps/suggest`: addresses the local CRM knows, complete with city, state and ZIP. */
function createLocalAddressSource(client: ApiClient): AddressSource {
  return {
    kind: 'local',
    async suggest(query, signal) {
      const { suggestions } = await client.get<AddressSuggestResponse>('/api/maps/suggest', {
        query: { query, limit: ADDRESS_SUGGESTION_LIMIT },
        signal,
      });
      return suggestions.map((suggestion, index) => ({
        id: `local-${index}`,
        label: suggestion.address,
        detail: detailOf(suggestion),
        resolve: () => Promise.resolve(suggestion),
      }));
    },
  };
}

interface GoogleAddressSourceOptions {
  /** Restricts suggestions to these regions (CLDR codes). */
  regionCodes?: string[];
}

/**
 * Google Places (new) in the browser: predictions while typing, the place's
 * address components once one is picked. One session token covers a search
 * and the pick that ends it, as Google bills them.
 */
function createGoogleAddressSource(
  loadPlaces: () => Promise<GooglePlacesLibrary>,
  { regionCodes = ['us'] }: GoogleAddressSourceOptions = {},
): AddressSource {
  let sessionToken: unknown = null;
  return {
    kind: 'google',
    prepare() {
      loadPlaces().catch(() => undefined); // a failure shows on the first search
    },
    async suggest(query) {
      const places = await loadPlaces();
      sessionToken ??= new places.AutocompleteSessionToken();
      const { suggestions } = await places.AutocompleteSuggestion.fetchAutocompleteSuggestions({
        input: query,
        sessionToken,
        includedRegionCodes: regionCodes,
      });
      const options: AddressOption[] = [];
      for (const { placePrediction: prediction } of suggestions) {
        if (!prediction) continue;
        const label = prediction.mainText?.text ?? prediction.text.text;
        options.push({
          id: prediction.placeId,
          label,
          detail: prediction.secondaryText?.text ?? '',
          resolve: async () => {
            sessionToken = null;
            const { place } = await prediction
              .toPlace()
              .fetchFields({ fields: ['addressComponents', 'formattedAddress'] });
            return addressFromGooglePlace(place.addressComponents ?? [], label);
          },
        });
      }
      return options;
    },
  };
}

/** A source that explains a configuration mistake instead of suggesting. */
function misconfiguredSource(kind: AddressSource['kind'], message: string): AddressSource {
  return { kind, suggest: () => Promise.reject(new Error(message)) };
}

/**
 * The source the runtime configuration asks for: Google Places when the maps
 * adapter is `google` (it needs the browser key), the API's local suggestions
 * otherwise (also when the configuration has no maps section).
 */
export function selectAddressSource(
  maps: MapsRuntimeConfig | undefined,
  client: ApiClient,
  loadPlaces: (apiKey: string) => Promise<GooglePlacesLibrary> = loadGooglePlaces,
): AddressSource {
  if (maps?.adapter !== 'google') return createLocalAddressSource(client);
  const { apiKey } = maps;
  if (!apiKey) {
    return misconfiguredSource(
      'google',
      'Address suggestions are not configured: MAPS_ADAPTER=google needs GOOGLE_MAPS_API_KEY',
    );
  }
  return createGoogleAddressSource(() => loadPlaces(apiKey));
}
