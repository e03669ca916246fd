import { bench, describe } from 'vitest';
import { ToolTraceSchema } from '../src/index';
import { makeTrace } from './fixtures';

const json = JSON.stringify(makeTrace(15));

describe('ToolTraceEntry', () => {
  bench('parse a 15-entry trace from JSON', () => {
    ToolTraceSchema.parse(JSON.parse(json));
  });
});
