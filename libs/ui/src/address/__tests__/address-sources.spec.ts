import type { AddressSuggestion } from '@prosign/domain';
import { fakeApiClient } from '../../test-support/fake-api';
import { selectAddressSource } from '../address-sources';
import {
  addressFromGooglePlace,
  type GoogleAddressComponent,
  type GooglePlace,
  type GooglePlacePrediction,
  type GooglePlacesLibrary,
} from '../google-places';

const harrison: AddressSuggestion = {
  address: '1450 Harrison St',
  city: 'Oakland',
  state: 'CA',
  zipcode: '94612',
};

const signal = new AbortController().signal;

function c(types: string[], longText: string, shortText = longText): GoogleAddressComponent {
  return { types, longText, shortText };
}

const harrisonComponents = [
  c(['street_number'], '1450'),
  c(['route'], 'Harrison Street', 'Harrison St'),
  c(['locality', 'political'], 'Oakland'),
  c(['administrative_area_level_2', 'political'], 'Alameda County'),
  c(['administrative_area_level_1', 'political'], 'California', 'CA'),
  c(['country', 'political'], 'United States', 'US'),
  c(['postal_code'], '94612'),
];

/** A stand-in for the Maps "places" library, recording what Google would be asked. */
function fakePlaces(predictions: GooglePlacePrediction[]) {
  const requests: Array<{ input: string; sessionToken?: unknown; includedRegionCodes?: string[] }> =
    [];
  let tokens = 0;
  const library: GooglePlacesLibrary = {
    AutocompleteSessionToken: class {
      readonly id = ++tokens;
    },
    AutocompleteSuggestion: {
      fetchAutocompleteSuggestions: (request) => {
        requests.push(request);
        return Promise.resolve({
          suggestions: [
            ...predictions.map((placePrediction) => ({ placePrediction })),
            { placePrediction: null }, // a query prediction: not a place, skipped
          ],
        });
      },
    },
  };
  return { library, requests };
}

function prediction(
  placeId: string,
  main: string,
  secondary: string,
  components: GoogleAddressComponent[],
) {
  const fetchFields = jest.fn((_: { fields: string[] }): Promise<{ place: GooglePlace }> =>
    Promise.resolve({ place: { addressComponents: components, fetchFields } }),
  );
  const value: GooglePlacePrediction = {
    placeId,
    text: { text: `${main}, ${secondary}` },
    mainText: { text: main },
    secondaryText: { text: secondary },
    toPlace: () => ({ fetchFields }),
  };
  return { value, fetchFields };
}

describe('selectAddressSource', () => {
  it('uses the local suggestions when the configuration has no maps section or says local', () => {
    const client = fakeApiClient({});
    expect(selectAddressSource(undefined, client).kind).toBe('local');
    expect(selectAddressSource({ adapter: 'local' }, client).kind).toBe('local');
  });

  it('uses Google Places with the browser key, loading it only when a search needs it', async () => {
    const { library } = fakePlaces([]);
    const loadPlaces = jest.fn(() => Promise.resolve(library));
    const source = selectAddressSource(
      { adapter: 'google', apiKey: 'browser-key' },
      fakeApiClient({}),
      loadPlaces,
    );
    expect(source.kind).toBe('google');
    expect(loadPlaces).not.toHaveBeenCalled();
    await source.suggest('1450 Harr', signal);
    expect(loadPlaces).toHaveBeenCalledWith('browser-key');
  });

  it('says what is missing when Google is selected without a key', async () => {
    const loadPlaces = jest.fn();
    const source = selectAddressSource({ adapter: 'google' }, fakeApiClient({}), loadPlaces);
    await expect(source.suggest('1450', signal)).rejects.toThrow(
      'Address suggestions are not configured: MAPS_ADAPTER=google needs GOOGLE_MAPS_API_KEY',
    );
    expect(loadPlaces).not.toHaveBeenCalled();
  });
});

describe('local address source', () => {
  it('asks GET /api/maps/suggest and offers each address with its city, state and ZIP', async () => {
    const client = fakeApiClient({
      'GET /api/maps/suggest': () => ({
        suggestions: [harrison, { address: '12 Elm Ct', city: '', state: 'CA', zipcode: '' }],
      }),
    });
    const source = selectAddressSource({ adapter: 'local' }, client);
    const options = await source.suggest('Harr', signal);
    expect(client.calls).toEqual([
      expect.objectContaining({
        method: 'GET',
        path: '/api/maps/suggest',
        query: { query: 'Harr', limit: 8 },
      }),
    ]);
    expect(options.map(({ label, detail }) => ({ label, detail }))).toEqual([
      { label: '1450 Harrison St', detail: 'Oakland, CA 94612' },
      { label: '12 Elm Ct', detail: 'CA' },
    ]);
    await expect(options[0].resolve()).resolves.toEqual(harrison);
  });
});

describe('Google address source', () => {
  it('maps predictions to options and a picked place to address, city, state and zipcode', async () => {
    const first = prediction('place-1', '1450 Harrison St', 'Oakland, CA, USA', harrisonComponents);
    const { library, requests } = fakePlaces([first.value]);
    const source = selectAddressSource({ adapter: 'google', apiKey: 'k' }, fakeApiClient({}), () =>
      Promise.resolve(library),
    );

    const options = await source.suggest('1450 Harr', signal);
    expect(options.map(({ id, label, detail }) => ({ id, label, detail }))).toEqual([
      { id: 'place-1', label: '1450 Harrison St', detail: 'Oakland, CA, USA' },
    ]);
    expect(requests[0]).toMatchObject({ input: '1450 Harr', includedRegionCodes: ['us'] });

    await expect(options[0].resolve()).resolves.toEqual(harrison);
    expect(first.fetchFields).toHaveBeenCalledWith({
      fields: ['addressComponents', 'formattedAddress'],
    });
  });

  it('keeps one session token for a search and starts a new one after a pick', async () => {
    const first = prediction('place-1', '1450 Harrison St', 'Oakland', harrisonComponents);
    const { library, requests } = fakePlaces([first.value]);
    const source = selectAddressSource({ adapter: 'google', apiKey: 'k' }, fakeApiClient({}), () =>
      Promise.resolve(library),
    );
    await source.suggest('14', signal);
    const options = await source.suggest('1450', signal);
    await options[0].resolve();
    await source.suggest('99', signal);
    expect(requests[0].sessionToken).toBe(requests[1].sessionToken);
    expect(requests[2].sessionToken).not.toBe(requests[0].sessionToken);
  });

  it('fails the search with the loader’s reason when Maps cannot load', async () => {
    const source = selectAddressSource({ adapter: 'google', apiKey: 'k' }, fakeApiClient({}), () =>
      Promise.reject(new Error('Google Maps could not be loaded (network or API key)')),
    );
    await expect(source.suggest('1450', signal)).rejects.toThrow(/could not be loaded/);
  });
});

describe('addressFromGooglePlace', () => {
  it('builds the street line from number and short route name', () => {
    expect(addressFromGooglePlace(harrisonComponents)).toEqual(harrison);
  });

  it('adds the unit and takes the postal town when there is no locality', () => {
    expect(
      addressFromGooglePlace([
        c(['subpremise'], '4B'),
        c(['street_number'], '77'),
        c(['route'], 'Ocean Avenue', 'Ocean Ave'),
        c(['postal_town'], 'Carmel-by-the-Sea'),
        c(['administrative_area_level_1'], 'California', 'CA'),
        c(['postal_code'], '93921'),
      ]),
    ).toEqual({
      address: '77 Ocean Ave #4B',
      city: 'Carmel-by-the-Sea',
      state: 'CA',
      zipcode: '93921',
    });
  });

  it('falls back to the suggestion text for a place without a street', () => {
    expect(
      addressFromGooglePlace(
        [c(['locality'], 'San Jose'), c(['administrative_area_level_1'], 'California', 'CA')],
        'SAP Center',
      ),
    ).toEqual({ address: 'SAP Center', city: 'San Jose', state: 'CA', zipcode: '' });
  });
});
