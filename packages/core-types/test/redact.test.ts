import { describe, expect, it } from 'vitest';
import { REDACTED, redactSecrets } from '../src/index';

describe('redactSecrets', () => {
  it('masks given values and key-like text, and leaves the rest alone', () => {
    expect(redactSecrets('Incorrect API key provided: my-key-42.', ['my-key-42'])).toBe(
      `Incorrect API key provided: ${REDACTED}.`,
    );
    expect(redactSecrets('sent sk-abcdefghijkl and Bearer abc.def')).toBe(
      `sent ${REDACTED} and ${REDACTED}`,
    );
    expect(redactSecrets('GET /v3/weather?key=abc123&city=杭州')).toBe(
      `GET /v3/weather?key=${REDACTED}&city=杭州`,
    );
    // Short or missing secrets are not masked by value: they would shred ordinary text.
    expect(redactSecrets('a abc b', ['abc', undefined, null, ''])).toBe('a abc b');
    expect(redactSecrets('天气晴，sk-1 不是密钥')).toBe('天气晴，sk-1 不是密钥');
  });
});
