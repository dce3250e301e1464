import { ACCESS_FLAG_LABELS, isAccessFlag, type AccessAuditEntry } from '@prosign/domain';

function list(value: unknown): string {
  return Array.isArray(value) && value.length > 0 ? value.join(', ') : 'none';
}

/** One line a person can read for a change record entry: what was done to whom. */
export function describeChange(entry: AccessAuditEntry): string {
  const { details, target } = entry;
  switch (entry.action) {
    case 'user.added':
      return `added ${target} as ${list(details.role)}`;
    case 'user.deleted':
      return `deleted ${target}`;
    case 'roles.changed':
      return `changed the roles of ${target} from ${list(details.from)} to ${list(details.to)}`;
    case 'access.toggled': {
      const field = String(details.field);
      const label = isAccessFlag(field) ? ACCESS_FLAG_LABELS[field] : field;
      return `turned ${details.to ? 'on' : 'off'} ${label} for ${target}`;
    }
    case 'admin.bootstrapped':
      return `made ${target} an administrator (configured bootstrap admin)`;
    default:
      return `changed ${target}`;
  }
}
