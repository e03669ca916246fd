import { TOOL_NAMES } from '@navworld/core-types';
import type { ScoringThreadStats } from '../environment/environment';
import { SERVER_CONFIG } from './config';

type Labels = Record<string, string>;

function labelKey(labels: Labels): string {
  const keys = Object.keys(labels);
  // Every request updates a few counters: skip the sort and the array work when there is one label or none.
  if (keys.length <= 1) {
    const k = keys[0];
    return k === undefined ? '' : `${k}="${escapeLabel(labels[k] ?? '')}"`;
  }
  return keys
    .sort()
    .map((k) => `${k}="${escapeLabel(labels[k] ?? '')}"`)
    .join(',');
}

/** Characters a label value must escape in the exposition format. */
const NEEDS_ESCAPE = /[\\\n"]/;

function escapeLabel(value: string): string {
  if (!NEEDS_ESCAPE.test(value)) return value;
  return value.replace(/\\/g, '\\\\').replace(/\n/g, '\\n').replace(/"/g, '\\"');
}

function formatNumber(value: number): string {
  if (value === Number.POSITIVE_INFINITY) return '+Inf';
  return Number.isInteger(value) ? String(value) : value.toPrecision(12).replace(/\.?0+$/, '');
}

class Counter {
  private readonly values = new Map<string, number>();
  constructor(
    readonly name: string,
    readonly help: string,
  ) {}
  inc(labels: Labels = {}, by = 1): void {
    const key = labelKey(labels);
    this.values.set(key, (this.values.get(key) ?? 0) + by);
  }
  get(labels: Labels = {}): number {
    return this.values.get(labelKey(labels)) ?? 0;
  }
  render(): string[] {
    const lines = [`# HELP ${this.name} ${this.help}`, `# TYPE ${this.name} counter`];
    if (this.values.size === 0) lines.push(`${this.name} 0`);
    for (const [key, value] of [...this.values.entries()].sort()) {
      lines.push(`${this.name}${key === '' ? '' : `{${key}}`} ${formatNumber(value)}`);
    }
    return lines;
  }
}

class Histogram {
  private readonly counts: number[];
  private sum = 0;
  private count = 0;
  constructor(
    readonly name: string,
    readonly help: string,
    readonly buckets: readonly number[],
  ) {
    this.counts = buckets.map(() => 0);
  }
  observe(value: number): void {
    this.sum += value;
    this.count += 1;
    for (let i = 0; i < this.buckets.length; i += 1) {
      if (value <= (this.buckets[i] ?? 0)) this.counts[i] = (this.counts[i] ?? 0) + 1;
    }
  }
  render(): string[] {
    const lines = [`# HELP ${this.name} ${this.help}`, `# TYPE ${this.name} histogram`];
    this.buckets.forEach((b, i) => {
      lines.push(`${this.name}_bucket{le="${formatNumber(b)}"} ${this.counts[i] ?? 0}`);
    });
    lines.push(`${this.name}_bucket{le="+Inf"} ${this.count}`);
    lines.push(`${this.name}_sum ${formatNumber(this.sum)}`);
    lines.push(`${this.name}_count ${this.count}`);
    return lines;
  }
}

function gauge(name: string, help: string, value: number): string[] {
  return sample('gauge', name, help, value);
}

/** A counter kept elsewhere (read at scrape time), as one unlabelled sample. */
function counter(name: string, help: string, value: number): string[] {
  return sample('counter', name, help, value);
}

function sample(type: string, name: string, help: string, value: number): string[] {
  return [`# HELP ${name} ${help}`, `# TYPE ${name} ${type}`, `${name} ${formatNumber(value)}`];
}

/** Gauges read from the environment at scrape time. */
export interface MetricsSnapshot {
  /** Episodes not yet finished. */
  episodesOpen: number;
  /** Episodes held in memory (open and finished). */
  episodesHeld: number;
  /** Requests being handled. */
  inFlight: number;
  /** Tool contexts the environment holds (one per week and salt resets asked for). */
  toolContexts?: number;
  /** The scoring worker pool (absent or zero when answers are scored in-process). */
  scoring?: ScoringThreadStats;
}

const KNOWN_TOOLS = new Set<string>(TOOL_NAMES);

/** The server's Prometheus metrics. */
export interface ServerMetrics {
  /** Records a finished reset. */
  episodeCreated(): void;
  /** Records a step: `kind` is `tool` or `final`. */
  step(kind: 'tool' | 'final'): void;
  /** Records one tool call: its tool, outcome (`ok` or error code) and whether it was a cache hit. */
  toolCall(tool: string, outcome: string, cached: boolean): void;
  /** Records how long a final (scoring) step took, in seconds. */
  scoring(seconds: number): void;
  /** Records an answered HTTP request. */
  request(route: string, status: number, seconds: number): void;
  /** Records a model evaluation by outcome. */
  evaluation(outcome: string): void;
  /** The Prometheus text exposition (format 0.0.4). */
  render(snapshot: MetricsSnapshot): string;
}

/** Creates the metrics registry of one server. */
export function createServerMetrics(): ServerMetrics {
  const created = new Counter('navworld_episodes_created_total', 'Episodes opened by reset.');
  const steps = new Counter('navworld_steps_total', 'Steps taken, by kind (tool or final).');
  const toolCalls = new Counter(
    'navworld_tool_calls_total',
    'Tool calls, by tool and outcome (ok or the error code).',
  );
  const cacheLookups = new Counter('navworld_tool_cache_lookups_total', 'Executed tool calls.');
  const cacheHits = new Counter(
    'navworld_tool_cache_hits_total',
    'Tool calls answered from the cache.',
  );
  const requests = new Counter(
    'navworld_http_requests_total',
    'HTTP requests, by route and status.',
  );
  const evaluations = new Counter('navworld_evaluations_total', 'Model evaluations, by outcome.');
  const scoring = new Histogram(
    'navworld_scoring_duration_seconds',
    'Latency of final steps (scoring an answer).',
    SERVER_CONFIG.latencyBuckets,
  );
  const latency = new Histogram(
    'navworld_http_request_duration_seconds',
    'Latency of HTTP requests.',
    SERVER_CONFIG.latencyBuckets,
  );
  return {
    episodeCreated: () => created.inc(),
    step: (kind) => steps.inc({ kind }),
    toolCall(tool, outcome, cached) {
      // Tool names come from the model: unknown ones share one label so cardinality stays bounded.
      const name = KNOWN_TOOLS.has(tool) ? tool : 'unknown';
      toolCalls.inc({
        tool: name,
        outcome: /^[A-Za-z0-9_]{1,40}$/.test(outcome) ? outcome : 'other',
      });
      cacheLookups.inc();
      if (cached) cacheHits.inc();
    },
    scoring: (seconds) => scoring.observe(seconds),
    request(route, status, seconds) {
      requests.inc({ route, status: String(status) });
      latency.observe(seconds);
    },
    evaluation: (outcome) => evaluations.inc({ outcome }),
    render(snapshot) {
      const lookups = cacheLookups.get();
      const lines = [
        ...gauge('navworld_episodes_open', 'Episodes not yet finished.', snapshot.episodesOpen),
        ...gauge('navworld_episodes_held', 'Episodes held in memory.', snapshot.episodesHeld),
        ...gauge('navworld_http_requests_in_flight', 'Requests being handled.', snapshot.inFlight),
        ...gauge(
          'navworld_tool_contexts',
          'Tool contexts held, one per week and salt resets asked for (at most maxToolContexts).',
          snapshot.toolContexts ?? 0,
        ),
        ...created.render(),
        ...steps.render(),
        ...toolCalls.render(),
        ...cacheLookups.render(),
        ...cacheHits.render(),
        ...gauge(
          'navworld_tool_cache_hit_ratio',
          'Share of executed tool calls answered from the cache.',
          lookups === 0 ? 0 : cacheHits.get() / lookups,
        ),
        ...scoring.render(),
        ...gauge(
          'navworld_scoring_threads',
          'Scoring worker threads running.',
          snapshot.scoring?.threads ?? 0,
        ),
        ...gauge(
          'navworld_scoring_pending',
          'Final answers queued for or being scored by a worker thread.',
          snapshot.scoring?.pending ?? 0,
        ),
        ...counter(
          'navworld_scoring_fallbacks_total',
          'Final answers a worker thread could not score, scored on the main thread instead.',
          snapshot.scoring?.fallbacks ?? 0,
        ),
        ...counter(
          'navworld_scoring_timeouts_total',
          'Final answers whose scoring passed its deadline on a worker thread (the episode ends as an infrastructure error).',
          snapshot.scoring?.timedOut ?? 0,
        ),
        ...counter(
          'navworld_scoring_batched_total',
          'Final answers that queued for a busy worker thread and were scored in a batch with others.',
          snapshot.scoring?.batched ?? 0,
        ),
        ...evaluations.render(),
        ...requests.render(),
        ...latency.render(),
      ];
      return `${lines.join('\n')}\n`;
    },
  };
}
