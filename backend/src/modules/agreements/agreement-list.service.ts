import { Injectable, NotFoundException } from '@nestjs/common';
import {
  agreementListQuery,
  pageCount,
  parseAgreementFilters,
  type AgreementFamily,
  type AgreementListParams,
  type FamilyListResponse,
} from '@prosign/domain';
import type { QueryFilter } from 'mongoose';
import { familyConfig } from './agreement-family';
import type { Agreement } from './agreement.schema';
import { AgreementRepository } from './agreement.repository';
import { AgreementLinkRepository } from './agreement-links.repository';

/**
 * A family dashboard's list (`GET /api/{sow|co}/get-contracts`, spec 2 §7,
 * spec 3 §2, §9): the shared list query of the family's filters and search,
 * newest first, paged by the database.
 */
@Injectable()
export class AgreementListService {
  constructor(
    private readonly repository: AgreementRepository,
    private readonly links: AgreementLinkRepository,
  ) {}

  async list<TCard>(
    family: AgreementFamily,
    query: AgreementListParams & { page: number; limit: number },
  ): Promise<FamilyListResponse<TCard>> {
    const view = familyConfig<object, TCard>(family).list;
    const filter = agreementListQuery(
      family,
      parseAgreementFilters(family, query.filters),
      query.search ?? '',
    ) as QueryFilter<Agreement>;
    const { rows, total } = await this.repository.page(
      filter,
      (query.page - 1) * query.limit,
      query.limit,
      view.projection,
    );
    return {
      filteredContracts: rows.map((row) => view.cardView(row)),
      totalPages: pageCount(total, query.limit),
      total,
      page: query.page,
      limit: query.limit,
    };
  }

  /** The card of a listed agreement of the family, by its signing token (details modal refresh). */
  async cardByToken<TCard>(family: AgreementFamily, token: string): Promise<TCard> {
    const agreement = await this.links.findByKey('sign', token);
    if (!agreement || agreement.family !== family || !agreement.status || agreement.deletedAt) {
      throw new NotFoundException(`${capitalised(familyConfig(family).noun)} not found.`);
    }
    return familyConfig<object, TCard>(family).list.cardView(agreement.toObject());
  }
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
