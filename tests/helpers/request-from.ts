/**
 * An HTTP request sent from a chosen loopback address (127.0.0.0/8), so a test can be several
 * viewers at once: the local server, like CloudFront, takes the viewer's address from the
 * connection, never from a header the caller writes.
 */
import { request } from 'node:http';

export interface FromResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  json: unknown;
}

export function requestFrom(
  localAddress: string,
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: string | Uint8Array<ArrayBuffer> } = {},
): Promise<FromResponse> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: init.method ?? 'GET', headers: init.headers, localAddress }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        const isJson = /json/.test(String(res.headers['content-type'] ?? ''));
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          text,
          json: isJson && text ? (JSON.parse(text) as unknown) : undefined,
        });
      });
    });
    req.on('error', reject);
    if (init.body !== undefined) req.write(init.body);
    req.end();
  });
}
