/**
 * Which addresses an outbound fetch may connect to. Everything that is not the public internet is
 * refused: loopback, private, link-local (cloud metadata), CGNAT, multicast, reserved and
 * documentation ranges, and the IPv6 forms that embed an IPv4 address (mapped, NAT64, 6to4),
 * unless the operator's allow-list names it (tests, intranets: docs/deploy.md, "Outbound fetches").
 */
import { BlockList, isIP } from 'node:net';

const REFUSED_V4 = [
  '0.0.0.0/8', // "this network"
  '10.0.0.0/8', // private
  '100.64.0.0/10', // CGNAT
  '127.0.0.0/8', // loopback
  '169.254.0.0/16', // link-local, cloud metadata (169.254.169.254)
  '172.16.0.0/12', // private
  '192.0.0.0/24', // IETF protocol assignments
  '192.0.2.0/24', // documentation
  '192.88.99.0/24', // 6to4 relay
  '192.168.0.0/16', // private
  '198.18.0.0/15', // benchmarking
  '198.51.100.0/24', // documentation
  '203.0.113.0/24', // documentation
  '224.0.0.0/4', // multicast
  '240.0.0.0/4', // reserved, broadcast
];

const REFUSED_V6 = [
  '::/127', // unspecified, loopback
  '::ffff:0:0/96', // IPv4-mapped
  '::/96', // IPv4-compatible (deprecated)
  '64:ff9b::/96', // NAT64
  '64:ff9b:1::/48', // local NAT64
  '100::/64', // discard
  '2001::/23', // IETF protocol assignments (Teredo, benchmarking…)
  '2001:db8::/32', // documentation
  '2002::/16', // 6to4 (embeds an IPv4 address)
  'fc00::/7', // unique local (AWS metadata fd00:ec2::254)
  'fe80::/10', // link-local
  'fec0::/10', // site-local (deprecated)
  'ff00::/8', // multicast
];

function blockList(entries: readonly string[]): BlockList {
  const list = new BlockList();
  for (const entry of entries) {
    const [address = '', bits] = entry.split('/');
    const family = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (bits === undefined) list.addAddress(address, family);
    else list.addSubnet(address, Number(bits), family);
  }
  return list;
}

// One list per family: Node's BlockList matches an IPv4 address against IPv6 rules through its
// mapped form, so `::ffff:0:0/96` in a shared list would refuse every IPv4 address.
const refused = { ipv4: blockList(REFUSED_V4), ipv6: blockList(REFUSED_V6) };

/** An IP literal without the brackets a URL puts around IPv6, lower-cased. */
export const bareAddress = (host: string): string => host.replace(/^\[(.*)\]$/, '$1').toLowerCase();

/** Whether `entry` is an address or CIDR range the allow-list accepts. */
export function isAddressOrRange(entry: string): boolean {
  const [address = '', bits, extra] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || extra !== undefined) return false;
  if (bits === undefined) return true;
  const n = Number(bits);
  return /^\d{1,3}$/.test(bits) && n <= (family === 4 ? 32 : 128);
}

export class AddressPolicy {
  private readonly allowed: { ipv4: BlockList; ipv6: BlockList };

  /** `allow`: addresses and CIDR ranges let through although they are not public. */
  constructor(allow: readonly string[] = []) {
    const v6 = (entry: string) => isIP(entry.split('/')[0] ?? '') === 6;
    this.allowed = {
      ipv4: blockList(allow.filter((e) => !v6(e))),
      ipv6: blockList(allow.filter(v6)),
    };
  }

  /** Whether a connection to this IP address may be made. Anything that is not an IP is refused. */
  permits(address: string): boolean {
    const ip = bareAddress(address);
    const family = isIP(ip);
    if (family === 0) return false;
    const type = family === 4 ? 'ipv4' : 'ipv6';
    if (this.allowed[type].check(ip, type)) return true;
    return !refused[type].check(ip, type);
  }
}
