import { MIN_SECRET_LENGTH, REDACTED, redactSecrets } from '@navworld/core-types';

/** Severity of a log entry. */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error';

/** One structured log entry. */
export interface LogEntry {
  /** Severity. */
  level: LogLevel;
  /** Short event name (`request`, `listening`, `shutdown` …). */
  msg: string;
  /** Structured fields. */
  [field: string]: unknown;
}

/** Receives log entries that are already redacted. */
export type LogSink = (entry: LogEntry) => void;

const LEVELS: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40 };

/** Field names whose values are always secret. */
const SECRET_KEY =
  /(api[-_]?key|apikey|token|secret|password|passwd|authorization|cookie|credential)/i;

/** A deep copy of `value` with every string passed through `text`, and values under keys `secretKey` matches replaced. */
function mapStrings(
  value: unknown,
  text: (s: string) => string,
  secretKey: RegExp | undefined,
  depth: number,
): unknown {
  // Bounded depth, so that hostile structures cannot blow the stack.
  if (depth > 8) return '[…]';
  if (typeof value === 'string') return text(value);
  if (Array.isArray(value)) return value.map((v) => mapStrings(v, text, secretKey, depth + 1));
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, member] of Object.entries(value)) {
      out[key] =
        secretKey?.test(key) === true ? REDACTED : mapStrings(member, text, secretKey, depth + 1);
    }
    return out;
  }
  return value;
}

/**
 * A deep copy of `value` with secrets removed: values under secret-looking keys are replaced, and key-like
 * substrings (and every string in `secrets`) are masked inside text. Meant for logs, where a value of
 * unknown origin may hold a credential; it also masks a credential-shaped word after "Bearer" (and any
 * `sk-…` string), so use `maskSecretValues` for text that must stay word for word.
 */
export function redact(value: unknown, secrets: readonly string[] = [], depth = 0): unknown {
  return mapStrings(value, (s) => redactSecrets(s, secrets), SECRET_KEY, depth);
}

/**
 * A deep copy of `value` in which only the given secret values are masked, in every string; the rest stays
 * word for word. Values under `MIN_SECRET_LENGTH` characters are skipped (masking `ab` would shred the
 * text), so a caller whose secret must never show refuses such short values when it is configured.
 */
export function maskSecretValues(value: unknown, secrets: readonly string[]): unknown {
  const masked = secrets.filter((s) => s.length >= MIN_SECRET_LENGTH);
  return mapStrings(
    value,
    (s) => masked.reduce((text, secret) => text.split(secret).join(REDACTED), s),
    undefined,
    0,
  );
}

/** Options of {@link createLogger}. */
export interface LoggerOptions {
  /** Where entries go. @default JSON lines on stderr */
  sink?: LogSink;
  /** Lowest level written. @default 'info' */
  level?: LogLevel;
  /** Exact secret values to mask in every entry: the server's own tokens and keys. */
  secrets?: readonly string[];
}

/** A structured logger whose every entry is redacted before it reaches the sink. */
export interface Logger {
  /**
   * Writes one entry. `scoped` are secret values masked in this entry only (a client's key is masked in the
   * lines of its own request, and never turns into a mask over everyone else's lines).
   */
  log(
    level: LogLevel,
    msg: string,
    fields?: Record<string, unknown>,
    scoped?: readonly string[],
  ): void;
}

/** JSON lines on stderr, one object per entry. */
export const stderrSink: LogSink = (entry) => {
  process.stderr.write(`${JSON.stringify(entry)}\n`);
};

/** Creates a redacting structured logger. */
export function createLogger(options: LoggerOptions = {}): Logger {
  const sink = options.sink ?? stderrSink;
  const min = LEVELS[options.level ?? 'info'];
  const secrets = [...new Set(options.secrets ?? [])];
  return {
    log(level, msg, fields = {}, scoped = []) {
      if (LEVELS[level] < min) return;
      const clean = redact(fields, scoped.length === 0 ? secrets : [...secrets, ...scoped]);
      sink({ time: new Date().toISOString(), level, msg, ...(clean as Record<string, unknown>) });
    },
  };
}
