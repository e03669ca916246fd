// The problem hash.

import { canonicalJson, sha256Hex } from '@navworld/core-types';

/**
 * SHA-256 (hex) of the canonical JSON of a problem without its `problemHash` field. Two problems hash alike
 * exactly when they are deep-equal apart from that field. The field is skipped without being read, so the
 * function is safe to call on a problem whose hash is computed lazily.
 */
export function problemHash(problem: object): string {
  const rest: Record<string, unknown> = {};
  for (const key of Object.keys(problem)) {
    if (key !== 'problemHash') rest[key] = (problem as Record<string, unknown>)[key];
  }
  return sha256Hex(canonicalJson(rest));
}
