// Masking of secrets in free text: what an endpoint echoes back (an error quoting the key it refused) must not
// reach results files, reports, logs or HTTP answers.

/** Marker written in place of a secret. */
export const REDACTED = '[REDACTED]';

/** Secret-looking substrings: OpenAI-style keys, bearer credentials, key-like query parameters. */
const SECRET_TEXT: readonly RegExp[] = [
  /\bsk-[A-Za-z0-9_-]{8,}/g,
  /\bBearer\s+[A-Za-z0-9._~+/=-]+/gi,
  /([?&](?:key|api_key|apikey|token)=)[^&\s]+/gi,
];

/** Secrets shorter than this are not masked by value: masking `ab` would shred ordinary text. */
const MIN_SECRET_LENGTH = 4;

/**
 * `text` with every given secret value (at least 4 characters) and every secret-looking substring (`sk-…`,
 * `Bearer …`, `?key=…`) replaced by {@link REDACTED}.
 */
export function redactSecrets(
  text: string,
  secrets: readonly (string | null | undefined)[] = [],
): string {
  let out = text;
  for (const secret of secrets) {
    if (typeof secret === 'string' && secret.length >= MIN_SECRET_LENGTH)
      out = out.split(secret).join(REDACTED);
  }
  for (const pattern of SECRET_TEXT) {
    out = out.replace(pattern, (match, prefix: unknown) =>
      typeof prefix === 'string' && match.startsWith(prefix) ? `${prefix}${REDACTED}` : REDACTED,
    );
  }
  return out;
}
