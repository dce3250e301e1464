import { BadRequestException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
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
import type { QueryFilter, Model } from 'mongoose';
import { CARD_PROJECTION, contractCardView, type StoredContract } from './contract-card.view';
import { Contract } from './contract.schema';
import type { ContractListQueryDto } from './dto/contract-lifecycle.dto';

/**
 * The dashboard list (GET /api/user/details): filters, search, paging and
 * the total all done by the database, newest first. Records without a status
 * (send not saved) and deleted ones are never listed.
 */
@Injectable()
export class ContractListService {
  constructor(@InjectModel(Contract.name) private readonly contracts: Model<Contract>) {}

  async list(query: ContractListQueryDto): Promise<ContractListResponse> {
    const page = query.page ?? 1;
    const limit = query.limit ?? DEFAULT_PAGE_SIZE;
    if (!(PAGE_SIZE_OPTIONS as readonly number[]).includes(limit)) {
      throw new BadRequestException(`limit must be one of ${PAGE_SIZE_OPTIONS.join(', ')}`);
    }
    const filter = listFilter(parseDashboardFilters(query.filters), query.search ?? '');
    const [rows, total] = await Promise.all([
      this.contracts
        .find(filter, CARD_PROJECTION)
        .sort({ createdAt: -1, _id: -1 })
        .skip((page - 1) * limit)
        .limit(limit)
        .lean<StoredContract[]>(),
      this.contracts.countDocuments(filter),
    ]);
    return {
      filteredClients: rows.map(contractCardView),
      totalPages: pageCount(total, limit),
      total,
      page,
      limit,
    };
  }

  /** GET /api/contracts/by-token/:token: one listed contract's card (details modal refresh). */
  async byToken(token: string): Promise<ContractCardView> {
    const contract = await this.contracts
      .findOne({ token, status: { $ne: null }, deletedAt: null }, CARD_PROJECTION)
      .lean<StoredContract>();
    if (!contract) throw new NotFoundException('Contract not found.');
    return contractCardView(contract);
  }
}

/** The query for the chosen filters (OR) and search term. */
export function listFilter(
  filters: readonly DashboardFilter[],
  search: string,
): QueryFilter<Contract> {
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
    deletedAt: null,
    ...(conditions.length === 1 ? conditions[0] : { $or: conditions }),
    ...(term ? { searchText: { $regex: escapeRegex(term) } } : {}),
  } as QueryFilter<Contract>;
}

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
