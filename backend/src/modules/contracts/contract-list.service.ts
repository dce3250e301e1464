import { BadRequestException, Injectable, NotFoundException } from '@nestjs/common';
import {
  filterCondition,
  pageCount,
  DEFAULT_PAGE_SIZE,
  PAGE_SIZE_OPTIONS,
  normalizeDashboardSearch,
  parseDashboardFilters,
  type ContractCardView,
  type ContractListResponse,
  type DashboardFilter,
} from '@prosign/domain';
import type { QueryFilter } from 'mongoose';
import { AgreementRepository } from '../agreements';
import type { Agreement } from '../agreements';
import { CARD_PROJECTION, contractCardView, type StoredContract } from './contract-card.view';
import type { StandardContractForm } from './standard-contract.form';
import type { ContractListQueryDto } from './dto/contract-lifecycle.dto';

/**
 * The dashboard list (GET /api/user/details): filters, search, paging and
 * the total all done by the database, newest first. Records without a status
 * (send not saved) and deleted ones are never listed.
 */
@Injectable()
export class ContractListService {
  constructor(private readonly repository: AgreementRepository) {}

  async list(query: ContractListQueryDto): Promise<ContractListResponse> {
    const page = query.page ?? 1;
    const limit = query.limit ?? DEFAULT_PAGE_SIZE;
    if (!(PAGE_SIZE_OPTIONS as readonly number[]).includes(limit)) {
      throw new BadRequestException(`limit must be one of ${PAGE_SIZE_OPTIONS.join(', ')}`);
    }
    const filter = listFilter(parseDashboardFilters(query.filters), query.search ?? '');
    const { rows, total } = await this.repository.page<StandardContractForm>(
      filter,
      (page - 1) * limit,
      limit,
      CARD_PROJECTION,
    );
    return {
      filteredClients: rows.map((row) => contractCardView(row as StoredContract)),
      totalPages: pageCount(total, limit),
      total,
      page,
      limit,
    };
  }

  /** GET /api/contracts/by-token/:token: one listed contract's card (details modal refresh). */
  async byToken(token: string): Promise<ContractCardView> {
    const agreement = await this.repository.findByKey<StandardContractForm>('sign', token);
    if (!agreement || agreement.family !== 'standard' || !agreement.status || agreement.deletedAt) {
      throw new NotFoundException('Contract not found.');
    }
    return contractCardView(agreement.toObject() as StoredContract);
  }
}

/** The query for the chosen filters (OR) and search term. */
export function listFilter(
  filters: readonly DashboardFilter[],
  search: string,
): QueryFilter<Agreement> {
  const conditions = filters.map((name) => {
    const condition = filterCondition('standard', name);
    return {
      status: { $in: [...condition.statuses] },
      ...(condition.viewed === undefined
        ? {}
        : condition.viewed
          ? { viewedTimes: { $gt: 0 } }
          : { viewedTimes: { $lte: 0 } }),
    };
  });
  const term = normalizeDashboardSearch(search);
  return {
    family: 'standard',
    deletedAt: null,
    ...(conditions.length === 1 ? conditions[0] : { $or: conditions }),
    ...(term ? { searchText: { $regex: escapeRegex(term) } } : {}),
  } as QueryFilter<Agreement>;
}

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
