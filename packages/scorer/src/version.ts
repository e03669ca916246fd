/**
 * Version of the scoring rules. Bumped whenever any rule or constant changes a score, so results scored by
 * different rules are never compared.
 */
export const SCORER_VERSION = '1.14.0';
