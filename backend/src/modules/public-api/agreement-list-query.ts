import { BadRequestException } from '@nestjs/common';
import {
  agreementListQuery,
  familyFilters,
  familyIds,
  isAgreementFamily,
  type AgreementFilter,
  type AgreementListRequest,
  type PublicAgreementStatus,
} from '@prosign/domain';
import { Types } from 'mongoose';
import { storedStatusesOf } from './public-agreement.view';

/** Where a page of agreements ended: the last one's send time and id. */
export interface AgreementCursor {
  createdAt: Date;
  id: Types.ObjectId;
}

const commaValues = (text: string | undefined): string[] =>
  (text ?? '')
    .split(',')
    .map((value) => value.trim())
    .filter(Boolean);

/** The cursor after `row`: opaque to clients (base64url of its time and id). */
export function cursorAfter(row: { createdAt: Date | null; _id: Types.ObjectId }): string {
  return Buffer.from(`${row.createdAt?.getTime() ?? 0}.${String(row._id)}`).toString('base64url');
}

/** The position a cursor names; 400 for one this api did not make. */
export function cursorPosition(cursor: string | undefined): AgreementCursor | null {
  if (cursor === undefined) return null;
  const [millis, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('.');
  if (!/^\d{1,15}$/.test(millis ?? '') || !Types.ObjectId.isValid(id ?? '')) {
    throw new BadRequestException({
      message: 'The request is not valid.',
      errors: [{ path: 'cursor', message: 'is not a cursor of this list' }],
    });
  }
  return { createdAt: new Date(Number(millis)), id: new Types.ObjectId(id) };
}

/**
 * One family's part of a list: its listed agreements under the dashboard filters asked for
 * (any of them) and the search; null when none of those filters is one its dashboard has.
 */
function familyPart(
  family: string,
  filters: readonly string[],
  search: string,
): Record<string, unknown> | null {
  const own = familyFilters(family).filter((filter) => filters.includes(filter));
  if (filters.length > 0 && own.length === 0) return null;
  return agreementListQuery(family, own.length ? own : (['all'] as AgreementFilter[]), search);
}

/**
 * The database query of the public list: as the dashboards list them (sent, not deleted, their
 * filters and search) in one family or all, narrowed by status and by when they were sent.
 */
export function publicListFilter(query: AgreementListRequest): Record<string, unknown> {
  if (query.family !== undefined && !isAgreementFamily(query.family)) {
    throw new BadRequestException({
      message: 'The request is not valid.',
      errors: [{ path: 'family', message: `is not a family: ${familyIds().join(', ')}` }],
    });
  }
  const families = query.family ? [query.family] : familyIds();
  const filters = commaValues(query.filter);
  const statuses = commaValues(query.status) as PublicAgreementStatus[];
  const parts = families.flatMap((family) => {
    const part = familyPart(family, filters, query.search ?? '');
    if (!part) return [];
    if (statuses.length === 0) return [part];
    const stored = statuses.flatMap((status) => storedStatusesOf(family, status));
    return [{ $and: [part, { status: { $in: stored } }] }];
  });
  const sent: Record<string, Date> = {};
  if (query.sentAfter) sent.$gte = new Date(query.sentAfter);
  if (query.sentBefore) sent.$lt = new Date(query.sentBefore);
  // Filters no dashboard of these families has: a query that finds none.
  const anyFamily = parts.length === 0 ? { _id: null } : { $or: parts };
  return Object.keys(sent).length ? { $and: [anyFamily, { createdAt: sent }] } : anyFamily;
}
