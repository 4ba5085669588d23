import { isIPv4, isIPv6 } from 'node:net';

/**
 * The network an address is in, never the address: an IPv4 address cut to its /24 (`203.0.113.0`), an IPv6 one
 * to its /48 (`2001:db8:abcd::`). An IPv4 address written as IPv6 (`::ffff:203.0.113.7`, a dual-stack socket) is
 * cut as IPv4. Anything else is `unknown`.
 */
export function networkOf(address: string): string {
  const plain = address.replace(/%.*$/, '');
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(plain);
  const v4 = mapped ? mapped[1]! : plain;
  if (isIPv4(v4)) return `${v4.split('.').slice(0, 3).join('.')}.0`;
  if (!isIPv6(plain)) return 'unknown';
  const groups = expandIPv6(plain);
  return `${groups
    .slice(0, 3)
    .map((group) => parseInt(group, 16).toString(16))
    .join(':')}::`;
}

/** The eight groups of an IPv6 address (`::` filled with zeros; a trailing IPv4 part as two groups). */
function expandIPv6(address: string): string[] {
  const withoutV4 = address.replace(/(\d+)\.(\d+)\.(\d+)\.(\d+)$/, (_all, a, b, c, d) => {
    const [w, x, y, z] = [a, b, c, d].map(Number) as [number, number, number, number];
    return `${((w << 8) | x).toString(16)}:${((y << 8) | z).toString(16)}`;
  });
  const [head, tail] = withoutV4.split('::') as [string, string | undefined];
  const left = head ? head.split(':') : [];
  if (tail === undefined) return left;
  const right = tail ? tail.split(':') : [];
  return [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right];
}
