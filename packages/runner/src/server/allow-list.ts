import { ERROR_CODES, NavworldError, REDACTED, redactSecrets } from '@navworld/core-types';

/** One allowed base URL, split for matching. */
export interface AllowedBase {
  /** Scheme, host and port, e.g. `https://api.openai.com`. */
  origin: string;
  /** Path prefix without a trailing slash, e.g. `/v1` (empty for the root). */
  path: string;
}

function trimSlash(path: string): string {
  return path.endsWith('/') ? path.slice(0, -1) : path;
}

/** The URL with any user name and password replaced by the redaction marker. */
function withoutCredentials(url: URL): string {
  if (url.username === '' && url.password === '') return url.href;
  return `${url.protocol}//${REDACTED}@${url.host}${url.pathname}${url.search}`;
}

/** Text that failed to parse as a URL, with anything between `//` and `@` (credentials) masked. */
function maskedEntry(entry: string): string {
  return redactSecrets(entry.replace(/\/\/[^/]*@/, `//${REDACTED}@`));
}

/** Parses a comma-separated allow-list (`NAVWORLD_ALLOWED_BASE_URLS`); bad entries are a CONFIG_ERROR. */
export function parseAllowList(value: string | readonly string[] | undefined): AllowedBase[] {
  if (value === undefined) return [];
  const entries = typeof value === 'string' ? value.split(',') : [...value];
  const out: AllowedBase[] = [];
  for (const raw of entries) {
    const entry = raw.trim();
    if (entry === '') continue;
    let url: URL;
    try {
      url = new URL(entry);
    } catch {
      throw new NavworldError(
        ERROR_CODES.CONFIG_ERROR,
        `allowed base URL is not a URL: ${maskedEntry(entry)}`,
        {
          hint: 'List absolute http(s) URLs separated by commas, e.g. https://api.openai.com/v1',
        },
      );
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      throw new NavworldError(
        ERROR_CODES.CONFIG_ERROR,
        `allowed base URL must be http(s): ${withoutCredentials(url)}`,
        { hint: 'List absolute http(s) URLs separated by commas, e.g. https://api.openai.com/v1' },
      );
    }
    if (url.username !== '' || url.password !== '') {
      // Never admitted (see isBaseUrlAllowed); said at once, without echoing the credentials.
      throw new NavworldError(
        ERROR_CODES.CONFIG_ERROR,
        `allowed base URL must not carry credentials: ${withoutCredentials(url)}`,
        { hint: 'List the endpoint without user:password@; clients send their key as api_key' },
      );
    }
    out.push({ origin: url.origin, path: trimSlash(url.pathname) });
  }
  return out;
}

/**
 * Whether `baseUrl` is on the allow-list: same scheme, host and port as an entry, and a path equal to the
 * entry's path or below it (segment-wise, so `/v1` does not admit `/v10`). Credentials in the URL are
 * never allowed. An empty list allows nothing.
 */
export function isBaseUrlAllowed(baseUrl: string, allowed: readonly AllowedBase[]): boolean {
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    return false;
  }
  if (url.username !== '' || url.password !== '') return false;
  const path = trimSlash(url.pathname);
  return allowed.some(
    (entry) =>
      entry.origin === url.origin && (path === entry.path || path.startsWith(`${entry.path}/`)),
  );
}
