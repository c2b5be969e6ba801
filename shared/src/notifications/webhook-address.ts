/**
 * Where a webhook may be sent (no SSRF): https only, to a public address. An address literal is
 * judged here; a host name is judged on every address it resolves to (the worker resolves it,
 * then calls this for each). `allowLocal` (ALLOW_LOCAL_WEBHOOKS, local runtime only) admits
 * http and 127.0.0.1 so tests can run a receiver.
 */

export type UrlVerdict = { ok: true; url: URL } | { ok: false; reason: string };

function ipv4Parts(address: string): number[] | null {
  const parts = address.split('.');
  if (parts.length !== 4) return null;
  const numbers = parts.map((part) => (/^\d{1,3}$/.test(part) ? Number(part) : NaN));
  return numbers.every((n) => Number.isInteger(n) && n >= 0 && n <= 255) ? numbers : null;
}

/** Private, loopback, link-local, shared, multicast, reserved or unspecified IPv4. */
function privateIpv4([a, b]: number[]): boolean {
  return (
    a === 0 ||
    a === 10 ||
    a === 127 ||
    (a === 100 && b! >= 64 && b! <= 127) ||
    (a === 169 && b === 254) ||
    (a === 172 && b! >= 16 && b! <= 31) ||
    (a === 192 && b === 168) ||
    (a === 192 && b === 0) ||
    (a === 198 && (b === 18 || b === 19)) ||
    a! >= 224
  );
}

/** The eight 16-bit groups of an IPv6 address, or null. */
function ipv6Groups(address: string): number[] | null {
  let text = address.toLowerCase().replace(/%.*$/, '');
  const v4 = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (v4) {
    const parts = ipv4Parts(v4[1]!);
    if (!parts) return null;
    const hex = (hi: number, lo: number) => ((hi << 8) | lo).toString(16);
    text = `${text.slice(0, -v4[1]!.length)}${hex(parts[0]!, parts[1]!)}:${hex(parts[2]!, parts[3]!)}`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const parse = (half: string) =>
    half === '' ? [] : half.split(':').map((g) => (/^[0-9a-f]{1,4}$/.test(g) ? parseInt(g, 16) : NaN));
  const head = parse(halves[0]!);
  const rest = halves.length === 2 ? parse(halves[1]!) : [];
  const known = head.length + rest.length;
  if ([...head, ...rest].some(Number.isNaN)) return null;
  if (halves.length === 1 ? known !== 8 : known > 7) return null;
  return [...head, ...Array<number>(8 - known).fill(0), ...rest];
}

/** Loopback, unspecified, unique-local (fc00::/7), link-local (fe80::/10), multicast, or a mapped private IPv4. */
function privateIpv6(groups: number[]): boolean {
  const [g0 = 0] = groups;
  const allZeroBefore = (n: number) => groups.slice(0, n).every((g) => g === 0);
  if (allZeroBefore(7) && (groups[7] === 0 || groups[7] === 1)) return true;
  if ((g0 & 0xfe00) === 0xfc00 || (g0 & 0xffc0) === 0xfe80 || (g0 & 0xff00) === 0xff00) return true;
  // ::ffff:a.b.c.d (mapped) and ::a.b.c.d (compatible): judged as the IPv4 address.
  if (allZeroBefore(5) && (groups[5] === 0xffff || groups[5] === 0))
    return privateIpv4([groups[6]! >> 8, groups[6]! & 0xff, groups[7]! >> 8, groups[7]! & 0xff]);
  return false;
}

/** Whether an IP address literal is one a webhook may never reach (not a literal: true, refused). */
export function isPrivateAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '');
  const v4 = ipv4Parts(bare);
  if (v4) return privateIpv4(v4);
  const v6 = ipv6Groups(bare);
  return v6 ? privateIpv6(v6) : true;
}

export const isIpLiteral = (host: string) => {
  const bare = host.replace(/^\[|\]$/g, '');
  return ipv4Parts(bare) !== null || ipv6Groups(bare) !== null;
};

const LOCAL_HOST = '127.0.0.1';

/** Whether a webhook URL may be used (before its host name is resolved). */
export function checkWebhookUrl(raw: string, options: { allowLocal: boolean }): UrlVerdict {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { ok: false, reason: 'not a URL' };
  }
  if (url.username || url.password) return { ok: false, reason: 'credentials in the URL' };
  const local = options.allowLocal && url.hostname === LOCAL_HOST;
  if (local) return url.protocol === 'http:' || url.protocol === 'https:' ? { ok: true, url } : bad();
  if (url.protocol !== 'https:') return { ok: false, reason: 'only https URLs' };
  const host = url.hostname.toLowerCase();
  if (
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    host.endsWith('.internal') ||
    (!host.includes('.') && !isIpLiteral(host))
  )
    return { ok: false, reason: 'a private address' };
  if (isIpLiteral(host) && isPrivateAddress(host)) return { ok: false, reason: 'a private address' };
  return { ok: true, url };
}

const bad = (): UrlVerdict => ({ ok: false, reason: 'only https URLs' });

/** Whether a resolved address may be connected to (the local runtime's 127.0.0.1 when allowed). */
export function addressAllowed(address: string, options: { allowLocal: boolean }): boolean {
  if (options.allowLocal && address === LOCAL_HOST) return true;
  return !isPrivateAddress(address);
}
