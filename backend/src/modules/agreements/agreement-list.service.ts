import { Injectable } from '@nestjs/common';
import {
  agreementListQuery,
  pageCount,
  parseAgreementFilters,
  type AgreementFamily,
  type AgreementListParams,
  type FamilyListResponse,
} from '@prosign/domain';
import type { QueryFilter } from 'mongoose';
import type { StoredAgreement } from './agreement-card.view';
import type { Agreement } from './agreement.schema';
import { AgreementRepository } from './agreement.repository';

/**
 * How a family's dashboard lists its agreements: which family, what a card
 * leaves out of the stored record (long template texts), and how a stored
 * agreement becomes the family's card.
 */
export interface FamilyListView<TForm extends object, TCard> {
  family: AgreementFamily;
  /** Fields no card needs (`CARD_CORE_PROJECTION` plus the family's long texts). */
  projection: Record<string, 0>;
  cardView(agreement: StoredAgreement<TForm>): TCard;
}

/**
 * A family dashboard's list (`GET /api/{sow|co}/get-contracts`, spec 2 §7,
 * spec 3 §2, §9): the shared list query of the family's filters and search,
 * newest first, paged by the database.
 */
@Injectable()
export class AgreementListService {
  constructor(private readonly repository: AgreementRepository) {}

  async list<TForm extends object, TCard>(
    view: FamilyListView<TForm, TCard>,
    query: AgreementListParams & { page: number; limit: number },
  ): Promise<FamilyListResponse<TCard>> {
    const filter = agreementListQuery(
      view.family,
      parseAgreementFilters(view.family, query.filters),
      query.search ?? '',
    ) as QueryFilter<Agreement>;
    const { rows, total } = await this.repository.page<TForm>(
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
}
