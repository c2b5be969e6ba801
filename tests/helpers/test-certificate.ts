/**
 * A self-signed TLS certificate for one host name, made when a test starts and never written to
 * disk: local HTTPS receivers serve it and the client under test trusts it as its only `ca`. The
 * key pair is Node's (RSA 2048); node-forge encodes and signs the X.509 certificate.
 */
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import forge from 'node-forge';

export interface TestCertificate {
  /** PEM: the certificate, also the trust anchor a client passes as `ca`. */
  cert: string;
  /** PEM (PKCS #8): its private key. */
  key: string;
}

const DAY_MS = 86_400_000;

export function selfSignedCertificate(host: string, now: Date = new Date()): TestCertificate {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  const certificate = forge.pki.createCertificate();
  certificate.publicKey = forge.pki.publicKeyFromPem(publicKey);
  // Positive: a serial's first byte under 0x80.
  certificate.serialNumber = `01${randomBytes(15).toString('hex')}`;
  certificate.validity.notBefore = new Date(now.getTime() - DAY_MS);
  certificate.validity.notAfter = new Date(now.getTime() + DAY_MS);
  const name = [{ name: 'commonName', value: host }];
  certificate.setSubject(name);
  certificate.setIssuer(name);
  certificate.setExtensions([
    { name: 'basicConstraints', cA: true },
    { name: 'keyUsage', digitalSignature: true, keyEncipherment: true, keyCertSign: true },
    { name: 'extKeyUsage', serverAuth: true },
    { name: 'subjectAltName', altNames: [{ type: 2, value: host }] },
  ]);
  certificate.sign(forge.pki.privateKeyFromPem(privateKey), forge.md.sha256.create());
  return { cert: forge.pki.certificateToPem(certificate), key: privateKey };
}
