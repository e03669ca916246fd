import { bench, describe } from 'vitest';
import {
  buildJudgePrompt,
  buildStructuredSummary,
  parseJudgeResponse,
  sanitizeForJudge,
} from '../src/index';
import { intercityEpisode, multidayEpisode } from './fixtures/episodes';

const longAnswer = `${intercityEpisode.answer}\n`.repeat(10);
const reply = `好的：\n\`\`\`json\n${JSON.stringify({
  practicality: { score: 6, reason: '时间安排较完整' },
  analysis_depth: { score: 5, reason: '有一定比较' },
  logic: { score: 7, reason: '路线顺' },
  user_experience: { score: 6, reason: '约束大多覆盖' },
  factual_grounding: { score: 4, reason: '一个航班号无来源' },
})}\n\`\`\``;

// Target: building the whole prompt of a typical episode stays well under 5 ms, so the judge's cost is
// the model call, never the summary.
describe('judge prompt', () => {
  bench('buildStructuredSummary (intercity)', () => {
    buildStructuredSummary(intercityEpisode);
  });
  bench('buildJudgePrompt (multi-day, injection)', () => {
    buildJudgePrompt(multidayEpisode);
  });
  bench('buildJudgePrompt (10× answer)', () => {
    buildJudgePrompt({ ...intercityEpisode, answer: longAnswer });
  });
  bench('sanitizeForJudge (10× answer)', () => {
    sanitizeForJudge(longAnswer);
  });
  bench('parseJudgeResponse (fenced)', () => {
    parseJudgeResponse(reply);
  });
});
