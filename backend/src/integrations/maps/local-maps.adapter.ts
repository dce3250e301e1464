import { ADDRESS_SEARCH_MIN_LENGTH } from '@prosign/domain';
import type { Connection } from 'mongoose';
import { containsPattern, localCrmCollections } from '../crm';
import type { AddressSuggestion, MapsPort } from './maps.port';

/** Address suggestions from the deals and projects of the local CRM: autocomplete with no account anywhere. */
export class LocalMapsAdapter implements MapsPort {
  readonly adapter = 'local' as const;

  constructor(
    private readonly connection: Connection,
    private readonly dealAddressProperty: string,
  ) {}

  async suggest(query: string, limit: number): Promise<AddressSuggestion[]> {
    const text = query.trim();
    if (text.length < ADDRESS_SEARCH_MIN_LENGTH) return [];
    const db = localCrmCollections(this.connection);
    const pattern = containsPattern(text);
    const dealAddress = `properties.${this.dealAddressProperty}`;
    const [deals, projects] = await Promise.all([
      db.deals
        .find({ [dealAddress]: pattern })
        .limit(limit * 3)
        .toArray(),
      db.projects
        .find({ 'properties.property_address': pattern })
        .limit(limit * 3)
        .toArray(),
    ]);
    const suggestions = new Map<string, AddressSuggestion>();
    const add = (address: string | null | undefined, p: Record<string, string | null>) => {
      if (!address) return;
      const suggestion = {
        address,
        city: p.city ?? '',
        state: p.state ?? '',
        zipcode: p.zip ?? '',
      };
      const key = `${address}|${suggestion.city}|${suggestion.zipcode}`.toLowerCase();
      if (!suggestions.has(key)) suggestions.set(key, suggestion);
    };
    for (const deal of deals) add(deal.properties[this.dealAddressProperty], deal.properties);
    for (const project of projects) add(project.properties.property_address, project.properties);
    // Addresses starting with the query first, then alphabetical.
    const lower = text.toLowerCase();
    return [...suggestions.values()]
      .sort(
        (a, b) =>
          Number(!a.address.toLowerCase().startsWith(lower)) -
            Number(!b.address.toLowerCase().startsWith(lower)) ||
          a.address.localeCompare(b.address),
      )
      .slice(0, limit);
  }
}
