import type { AddressSuggestion } from '@prosign/domain';

/*
 * The few parts of the Google Maps JavaScript API ("places" library, Places API
 * New) the address autocomplete uses, typed here so no @types package or
 * global `google` is needed and tests can hand in a stand-in.
 */

interface GoogleFormattableText {
  text: string;
}

export interface GoogleAddressComponent {
  longText: string | null;
  shortText: string | null;
  types: string[];
}

export interface GooglePlace {
  addressComponents?: GoogleAddressComponent[] | null;
  formattedAddress?: string | null;
  fetchFields(options: { fields: string[] }): Promise<{ place: GooglePlace }>;
}

export interface GooglePlacePrediction {
  placeId: string;
  text: GoogleFormattableText;
  mainText?: GoogleFormattableText | null;
  secondaryText?: GoogleFormattableText | null;
  toPlace(): GooglePlace;
}

interface GoogleAutocompleteRequest {
  input: string;
  sessionToken?: unknown;
  includedRegionCodes?: string[];
  language?: string;
}

export interface GooglePlacesLibrary {
  AutocompleteSessionToken: new () => unknown;
  AutocompleteSuggestion: {
    fetchAutocompleteSuggestions(
      request: GoogleAutocompleteRequest,
    ): Promise<{ suggestions: Array<{ placePrediction?: GooglePlacePrediction | null }> }>;
  };
}

interface GoogleMapsGlobal {
  google?: { maps?: { importLibrary?: (name: string) => Promise<unknown> } };
  [callback: string]: unknown;
}

const SCRIPT_URL = 'https://maps.googleapis.com/maps/api/js';
const LOADED_CALLBACK = '__prosignGoogleMapsLoaded';
let loading: Promise<GooglePlacesLibrary> | null = null;

/**
 * Loads the Maps JavaScript API once per page with `apiKey` and resolves with
 * its places library. A failed load is forgotten, so the next attempt retries.
 */
export function loadGooglePlaces(apiKey: string): Promise<GooglePlacesLibrary> {
  loading ??= new Promise<GooglePlacesLibrary>((resolve, reject) => {
    const page = window as unknown as GoogleMapsGlobal;
    const importPlaces = () => {
      const importLibrary = page.google?.maps?.importLibrary;
      if (!importLibrary) throw new Error('Google Maps loaded without importLibrary');
      return importLibrary('places') as Promise<GooglePlacesLibrary>;
    };
    if (page.google?.maps?.importLibrary) {
      importPlaces().then(resolve, reject);
      return;
    }
    page[LOADED_CALLBACK] = () => {
      try {
        importPlaces().then(resolve, reject);
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    };
    const script = document.createElement('script');
    const query = new URLSearchParams({ key: apiKey, loading: 'async', callback: LOADED_CALLBACK });
    script.src = `${SCRIPT_URL}?${query.toString()}`;
    script.async = true;
    script.onerror = () => {
      script.remove();
      reject(new Error('Google Maps could not be loaded (network or API key)'));
    };
    document.head.appendChild(script);
  }).catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}

function component(components: readonly GoogleAddressComponent[], ...types: string[]) {
  for (const type of types) {
    const found = components.find((c) => c.types.includes(type));
    if (found) return found;
  }
  return undefined;
}

/**
 * The fields a Google place fills: street number and route as the address
 * (with the unit, if any), the locality as the city, the two-letter state and
 * the ZIP code. `fallbackAddress` (the prediction's main text) is used when the
 * place has no street, e.g. a named building.
 */
export function addressFromGooglePlace(
  components: readonly GoogleAddressComponent[],
  fallbackAddress = '',
): AddressSuggestion {
  const text = (c: GoogleAddressComponent | undefined, short = false) =>
    (short ? (c?.shortText ?? c?.longText) : (c?.longText ?? c?.shortText)) ?? '';
  const street = [
    text(component(components, 'street_number')),
    text(component(components, 'route'), true),
  ]
    .filter(Boolean)
    .join(' ');
  const unit = text(component(components, 'subpremise'));
  return {
    address: street ? (unit ? `${street} #${unit}` : street) : fallbackAddress,
    city: text(
      component(
        components,
        'locality',
        'postal_town',
        'sublocality_level_1',
        'sublocality',
        'administrative_area_level_3',
      ),
    ),
    state: text(component(components, 'administrative_area_level_1'), true),
    zipcode: text(component(components, 'postal_code')),
  };
}
