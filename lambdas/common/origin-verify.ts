/**
 * CloudFront's origin-verify header: the one proof a request came through the app's own address.
 * The secret holds the value CloudFront sends, or `{"current", "previous"}` while it is rotated
 * (both are accepted until the distribution sends the new one everywhere).
 */
import { timingSafeEqual } from 'node:crypto';
import { readSecret } from './secrets';

/** The last secret value read, and the values it accepts: read on every request, parsed once. */
let parsedSecret: { raw: string; values: string[] } | undefined;

function acceptedValues(raw: string): string[] {
  if (parsedSecret?.raw !== raw) parsedSecret = { raw, values: parseAccepted(raw) };
  return parsedSecret.values;
}

function parseAccepted(raw: string): string[] {
  try {
    const parsed = JSON.parse(raw) as unknown;
    if (parsed && typeof parsed === 'object') {
      const { current, previous } = parsed as { current?: unknown; previous?: unknown };
      return [current, previous].filter((v): v is string => typeof v === 'string' && v.length > 0);
    }
  } catch {
    // a plain string
  }
  return raw ? [raw] : [];
}

const same = (a: string, b: string) => {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
};

export async function originVerified(header: string | undefined): Promise<boolean> {
  if (!header) return false;
  const raw = await readSecret('originVerify');
  return raw !== undefined && acceptedValues(raw).some((value) => same(value, header));
}
