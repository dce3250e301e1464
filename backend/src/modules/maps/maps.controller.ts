import { Controller, Get, Inject, Query } from '@nestjs/common';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { MAPS_PORT, type AddressSuggestion, type MapsPort } from '../../integrations/maps';

export class SuggestQuery {
  @IsString()
  @MaxLength(200)
  query: string;

  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'limit must be between 1 and 20' })
  @Min(1, { message: 'limit must be between 1 and 20' })
  @Max(20, { message: 'limit must be between 1 and 20' })
  limit: number = 8;
}

/** Address autocomplete for the embedded default (Google Places runs in the browser instead). */
@Controller('maps')
export class MapsController {
  constructor(@Inject(MAPS_PORT) private readonly maps: MapsPort) {}

  @Get('suggest')
  async suggest(
    @Query() { query, limit }: SuggestQuery,
  ): Promise<{ suggestions: AddressSuggestion[] }> {
    return { suggestions: await this.maps.suggest(query, limit) };
  }
}
