/**
 * The site password gate. The password never reaches the client: the secret holds a scrypt hash
 * of it and a key that signs the HttpOnly cookie proving the gate was passed.
 *
 * Secret value (JSON): {"passwordHash": "scrypt$<N>$<r>$<p>$<salt b64>$<hash b64>", "cookieKey": "<b64>"}
 * `npm run site-gate-secret -- <password>` prints one.
 */
import { randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import type { SiteGateSecret } from '../common/site-gate';

const scrypt = (password: string, salt: Buffer, length: number, options: ScryptOptions) =>
  new Promise<Buffer>((resolve, reject) =>
    scryptCallback(password, salt, length, options, (error, key) => (error ? reject(error) : resolve(key))),
  );

const KEY_LENGTH = 32;
const COST = { N: 16384, r: 8, p: 1 };

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const hash = await scrypt(password, salt, KEY_LENGTH, COST);
  return `scrypt$${COST.N}$${COST.r}$${COST.p}$${salt.toString('base64')}$${hash.toString('base64')}`;
}

export async function newSiteGateSecret(password: string): Promise<SiteGateSecret> {
  return { passwordHash: await hashPassword(password), cookieKey: randomBytes(32).toString('base64') };
}

export async function passwordMatches(password: string, passwordHash: string): Promise<boolean> {
  const [, n, r, p, salt, expected] = passwordHash.split('$');
  const expectedBytes = Buffer.from(expected ?? '', 'base64');
  const actual = await scrypt(password, Buffer.from(salt ?? '', 'base64'), expectedBytes.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
  });
  return actual.length === expectedBytes.length && timingSafeEqual(actual, expectedBytes);
}
