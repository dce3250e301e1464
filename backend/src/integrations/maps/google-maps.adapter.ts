import { ConflictException } from '@nestjs/common';
import type { AddressSuggestion, MapsPort } from './maps.port';

/**
 * Google Places runs in the browser with GOOGLE_MAPS_API_KEY (served in the
 * frontends' runtime config); the server has nothing to suggest.
 */
export class GoogleMapsAdapter implements MapsPort {
  readonly adapter = 'google' as const;

  suggest(): Promise<AddressSuggestion[]> {
    return Promise.reject(
      new ConflictException(
        'Address suggestions come from Google Places in the browser when MAPS_ADAPTER=google',
      ),
    );
  }
}
