// HubSpot's shapes as the CRM port's, and the port's as HubSpot's.
import type { CrmAssociationKind, CrmCondition, CrmOwner, CrmRecord } from './crm.port';

interface SearchFilter {
  propertyName: string;
  operator: string;
  value?: string;
}

export function toRecord(object: {
  id: string;
  properties: Record<string, string | null>;
}): CrmRecord {
  return { id: object.id, properties: { ...object.properties } };
}

export function toOwner(owner: {
  id: string;
  email?: string;
  firstName?: string;
  lastName?: string;
}): CrmOwner {
  return {
    id: owner.id,
    email: owner.email ?? '',
    firstName: owner.firstName ?? null,
    lastName: owner.lastName ?? null,
  };
}

export function toSpec(kind: CrmAssociationKind) {
  return { associationCategory: kind.category as never, associationTypeId: kind.typeId as number };
}

export function toFilter(condition: CrmCondition): SearchFilter {
  if ('id' in condition)
    return { propertyName: 'hs_object_id', operator: 'EQ', value: condition.id };
  if ('equals' in condition)
    return { propertyName: condition.property, operator: 'EQ', value: condition.equals };
  return {
    propertyName: condition.property,
    operator: 'CONTAINS_TOKEN',
    value: `*${condition.contains}*`,
  };
}
