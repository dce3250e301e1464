import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/**
 * Decides whether a webhook endpoint may be called, before any connection: the URL's scheme, then
 * every address its host resolves to. The caller then connects to the address checked here and to
 * no other, so a DNS answer that changes between check and connect (rebinding) cannot reach inside.
 */

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** All addresses of a host name; injectable so tests never ask a real DNS server. */
export type ResolveHost = (hostname: string) => Promise<ResolvedAddress[]>;

export const resolveWithSystemDns: ResolveHost = async (hostname) => {
  const answers = await lookup(hostname, { all: true, verbatim: true });
  return answers.map(({ address, family }) => ({ address, family: family === 6 ? 6 : 4 }));
};

export interface EndpointPolicy {
  /** Loopback addresses, and plain http to them, for a local inbox (`npm start`) and tests. */
  allowLoopback: boolean;
}

export type EndpointCheck =
  { allowed: true; url: URL; address: ResolvedAddress } | { allowed: false; reason: string };

function ranges(entries: ReadonlyArray<readonly [string, number]>): BlockList {
  const list = new BlockList();
  for (const [network, prefix] of entries) {
    list.addSubnet(network, prefix, isIP(network) === 6 ? 'ipv6' : 'ipv4');
  }
  return list;
}

// First match names the reason, so the narrow ranges come before the ones that contain them.
// BlockList also matches IPv4-mapped IPv6 (::ffff:10.0.0.1) against the IPv4 ranges.
const FORBIDDEN_RANGES: ReadonlyArray<{ kind: string; list: BlockList }> = [
  {
    kind: 'a cloud metadata address',
    list: ranges([
      ['169.254.169.254', 32],
      ['fd00:ec2::254', 128],
    ]),
  },
  {
    kind: 'a loopback address',
    list: ranges([
      ['127.0.0.0', 8],
      ['::1', 128],
    ]),
  },
  {
    kind: 'an unspecified address',
    list: ranges([
      ['0.0.0.0', 8],
      ['::', 128],
    ]),
  },
  {
    kind: 'a private address',
    list: ranges([
      ['10.0.0.0', 8],
      ['172.16.0.0', 12],
      ['192.168.0.0', 16],
    ]),
  },
  { kind: 'a shared (CGNAT) address', list: ranges([['100.64.0.0', 10]]) },
  {
    kind: 'a link-local address',
    list: ranges([
      ['169.254.0.0', 16],
      ['fe80::', 10],
    ]),
  },
  { kind: 'a unique-local address', list: ranges([['fc00::', 7]]) },
  {
    kind: 'a multicast address',
    list: ranges([
      ['224.0.0.0', 4],
      ['ff00::', 8],
    ]),
  },
  { kind: 'the broadcast address', list: ranges([['255.255.255.255', 32]]) },
  { kind: 'a reserved address', list: ranges([['240.0.0.0', 4]]) },
];

const LOOPBACK_KIND = 'a loopback address';

/** Which forbidden range an address falls in, or null for a public address. */
function forbiddenKind(address: ResolvedAddress): string | null {
  const type = address.family === 6 ? 'ipv6' : 'ipv4';
  return FORBIDDEN_RANGES.find(({ list }) => list.check(address.address, type))?.kind ?? null;
}

function literalAddress(hostname: string): ResolvedAddress | null {
  const bare = hostname.replace(/^\[(.*)\]$/, '$1');
  const family = isIP(bare);
  return family === 0 ? null : { address: bare, family: family === 6 ? 6 : 4 };
}

export async function checkEndpoint(
  rawUrl: string,
  policy: EndpointPolicy,
  resolve: ResolveHost = resolveWithSystemDns,
): Promise<EndpointCheck> {
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    return { allowed: false, reason: 'The endpoint is not a valid URL.' };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    return { allowed: false, reason: `The endpoint must use https, not ${url.protocol}` };
  }
  if (url.protocol === 'http:' && !policy.allowLoopback) {
    return { allowed: false, reason: 'The endpoint must use https.' };
  }
  // Credentials in the URL would travel into delivery logs.
  if (url.username || url.password) {
    return { allowed: false, reason: 'The endpoint URL must not carry a user name or password.' };
  }

  let addresses: ResolvedAddress[];
  const literal = literalAddress(url.hostname);
  if (literal) {
    addresses = [literal];
  } else {
    try {
      addresses = await resolve(url.hostname);
    } catch {
      addresses = [];
    }
    if (addresses.length === 0) {
      return { allowed: false, reason: `The endpoint's host ${url.hostname} does not resolve.` };
    }
  }

  // Any one forbidden address refuses the endpoint: the check must not depend on which one a
  // connection would have picked.
  for (const address of addresses) {
    const kind = forbiddenKind(address);
    if (kind === LOOPBACK_KIND && policy.allowLoopback) continue;
    if (kind) {
      return {
        allowed: false,
        reason: `The endpoint's host ${url.hostname} resolves to ${address.address}, ${kind}.`,
      };
    }
    if (url.protocol === 'http:') {
      return { allowed: false, reason: 'Plain http is allowed only to a loopback address.' };
    }
  }
  return { allowed: true, url, address: addresses[0] };
}
