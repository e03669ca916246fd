/* eslint-disable @typescript-eslint/no-explicit-any -- HTTP answers are untyped JSON checked by assertions. */
import { request as httpRequest } from 'node:http';

/** A decoded HTTP answer. */
export interface HttpAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  json: any;
}

/**
 * One HTTP request over a real socket (node:http, so raw bodies and odd methods are possible). The body is
 * sent as given: strings and buffers verbatim, anything else as JSON.
 */
export function http(
  base: string,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<HttpAnswer> {
  const url = new URL(path, base);
  const payload =
    body === undefined
      ? undefined
      : typeof body === 'string' || Buffer.isBuffer(body)
        ? body
        : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      url,
      {
        method,
        headers: {
          ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
          ...headers,
        },
        agent: keepAlive,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let json: unknown;
          try {
            json = JSON.parse(text);
          } catch {
            json = undefined;
          }
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text, json });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    if (payload !== undefined) req.write(payload);
    req.end();
  });
}

import { Agent } from 'node:http';
const keepAlive = new Agent({ keepAlive: true, maxSockets: 256 });

/** POST JSON. */
export function post(base: string, path: string, body: unknown, headers?: Record<string, string>) {
  return http(base, 'POST', path, body, headers);
}

/** GET. */
export function get(base: string, path: string, headers?: Record<string, string>) {
  return http(base, 'GET', path, undefined, headers);
}
