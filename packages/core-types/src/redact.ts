// Masking of secrets in free text: what an endpoint echoes back (an error quoting the key it refused) must not
// reach results files, reports, logs or HTTP answers.

/** Marker written in place of a secret. */
export const REDACTED = '[REDACTED]';

/**
 * Whether the word after "Bearer" looks like a credential rather than a word of prose ("bearer token",
 * "Bearer auth", "Bearer JWT"). Generated tokens are recognised by what prose words lack: a digit or one of
 * the token symbols `-_~+/=.` (keys, JWTs, hex and base64 strings), a change from lower to upper case inside
 * the word (random letters mix case; words and acronyms do not), or a length of 20 or more (longer than
 * nearly every word, and a long random string is a credential even without digits). A letters-only token of
 * one case and under 20 characters stays visible: a weak token, and the price of readable messages.
 */
function isCredentialShaped(word: string): boolean {
  return word.length >= 20 || /[0-9_~+/=.-]/.test(word) || /[a-z][A-Z]/.test(word);
}

/** Secret-looking substrings and how each is masked. */
const SECRET_TEXT: ReadonlyArray<{
  pattern: RegExp;
  mask: (match: string, prefix?: string) => string;
}> = [
  // OpenAI-style keys.
  { pattern: /\bsk-[A-Za-z0-9_-]{8,}/g, mask: () => REDACTED },
  // The word after "Bearer": token characters (RFC 6750), not ending in a dot, which ends a sentence. Only the
  // word is matched (a lookbehind), so "Bearer" stays readable and a word that is kept is not consumed.
  {
    pattern: /(?<=\bBearer\s+)[A-Za-z0-9._~+/=-]*[A-Za-z0-9_~+/=-]/gi,
    mask: (word) => (isCredentialShaped(word) ? REDACTED : word),
  },
  // Key-like query parameters: the name stays, the value goes.
  {
    pattern: /([?&](?:key|api_key|apikey|token)=)[^&\s]+/gi,
    mask: (_match, prefix) => `${prefix ?? ''}${REDACTED}`,
  },
];

/** Secrets shorter than this are not masked by value: masking `ab` would shred ordinary text. */
export const MIN_SECRET_LENGTH = 4;

/**
 * `text` with every given secret value (at least {@link MIN_SECRET_LENGTH} characters) and every
 * secret-looking substring replaced by {@link REDACTED}: `sk-…` keys, `?key=…` parameters, and a
 * credential after "Bearer" (a word with a digit or one of `-_~+/=.`, mixed case, or 20 or more
 * characters; ordinary words such as "bearer token" stay readable).
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
  for (const { pattern, mask } of SECRET_TEXT) out = out.replace(pattern, mask);
  return out;
}
