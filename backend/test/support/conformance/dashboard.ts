import {
  dashboardRoutesOf,
  type AgreementCardCore,
  type AgreementFamily,
  type AgreementFilter,
  type DashboardCall,
} from '@prosign/domain';
import type request from 'supertest';
import type { StaffHttp } from '../staff-session';

/** An agreement as staff find it: its id, and what its signer is searched by on the dashboard. */
export interface StaffHandle {
  family: AgreementFamily;
  id: string;
  search: string;
}

/** A card as the family's list answers it (`token` on spec 2's contract cards). */
export type ListedCard = AgreementCardCore & { token?: string; customId?: string };

/**
 * The family's dashboard list, as the browser asks it: `search` and `filters` on the list
 * route the family's definition names (`dashboardRoutesOf`), under its list key.
 */
export async function listed(
  staff: StaffHttp,
  family: AgreementFamily,
  query: { search?: string; filters?: readonly AgreementFilter[] },
): Promise<ListedCard[]> {
  const routes = dashboardRoutesOf(family);
  const list = routes.calls.list?.[0];
  if (!list) throw new Error(`the ${family} dashboard has no list`);
  const res = await staff()
    .get(`/api/${list.path}`)
    .query({
      page: 1,
      limit: 100,
      ...(query.search ? { search: query.search } : {}),
      filters: (query.filters ?? ['all']).join(','),
    })
    .expect(200);
  return (res.body as Record<string, ListedCard[]>)[routes.listKey];
}

/**
 * The card of one agreement, fresh, as the details modal reads it: the family's card route
 * where it has one (by the card's token), else the list searched by its signer.
 */
export async function cardOf(staff: StaffHttp, handle: StaffHandle): Promise<ListedCard> {
  const rows = await listed(staff, handle.family, { search: handle.search });
  const row = rows.find((card) => card._id === handle.id);
  if (!row)
    throw new Error(`the ${handle.family} list finds no ${handle.id} by "${handle.search}"`);
  const card = dashboardRoutesOf(handle.family).calls.card?.[0];
  if (!card || !row.token) return row;
  const res = await staff()
    .get(`/api/${card.path.replace(':token', encodeURIComponent(row.token))}`)
    .expect(200);
  return res.body as ListedCard;
}

/**
 * A card action as the dashboard calls it: the first route of the call the family's
 * definition names, with the body naming the agreement as its routes do (`{id}`, or the
 * card's `{token}` on spec 2's routes).
 */
export async function cardAction(
  staff: StaffHttp,
  handle: StaffHandle,
  call: Exclude<DashboardCall, 'list' | 'card'>,
  extra: Record<string, unknown> = {},
): Promise<request.Response> {
  const routes = dashboardRoutesOf(handle.family);
  const route = routes.calls[call]?.[0];
  if (!route) throw new Error(`the ${handle.family} dashboard has no ${call} call`);
  const names =
    routes.namedBy === 'id' ? { id: handle.id } : { token: (await cardOf(staff, handle)).token };
  const http = staff();
  const path = `/api/${route.path}`;
  const test =
    route.method === 'GET'
      ? http.get(path)
      : route.method === 'PUT'
        ? http.put(path)
        : route.method === 'DELETE'
          ? http.delete(path)
          : http.post(path);
  return test.send({ ...names, ...extra });
}
