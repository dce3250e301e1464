import type * as GooglePlacesModule from '../google-places';

type Page = Window & Record<string, unknown>;
const page = window as unknown as Page;

/** A fresh copy of the module: its one-load-per-page cache starts empty. */
function freshModule(): typeof GooglePlacesModule {
  let loaded!: typeof GooglePlacesModule;
  jest.isolateModules(() => {
    loaded = jest.requireActual<typeof GooglePlacesModule>('../google-places');
  });
  return loaded;
}

function mapsScripts(): HTMLScriptElement[] {
  return [...document.head.querySelectorAll('script')].filter((s) =>
    s.src.startsWith('https://maps.googleapis.com/maps/api/js'),
  );
}

afterEach(() => {
  document.head.innerHTML = '';
  delete page.google;
});

describe('loadGooglePlaces', () => {
  it('adds the Maps script once with the key and resolves with the places library', async () => {
    const { loadGooglePlaces } = freshModule();
    const library = { AutocompleteSuggestion: {}, AutocompleteSessionToken: class {} };
    const first = loadGooglePlaces('browser-key');
    const second = loadGooglePlaces('browser-key');
    expect(mapsScripts()).toHaveLength(1);
    const src = new URL(mapsScripts()[0].src);
    expect(src.searchParams.get('key')).toBe('browser-key');
    expect(src.searchParams.get('loading')).toBe('async');

    const importLibrary = jest.fn(() => Promise.resolve(library));
    page.google = { maps: { importLibrary } };
    (page[src.searchParams.get('callback') ?? ''] as () => void)();
    await expect(first).resolves.toBe(library);
    await expect(second).resolves.toBe(library);
    expect(importLibrary).toHaveBeenCalledWith('places');
  });

  it('forgets a failed load so the next search tries again', async () => {
    const { loadGooglePlaces } = freshModule();
    const failed = loadGooglePlaces('bad-key');
    mapsScripts()[0].dispatchEvent(new Event('error'));
    await expect(failed).rejects.toThrow('Google Maps could not be loaded (network or API key)');
    expect(mapsScripts()).toHaveLength(0);
    void loadGooglePlaces('bad-key').catch(() => undefined);
    expect(mapsScripts()).toHaveLength(1);
  });
});
