import { describe, expect, it } from 'vitest';
import { MIN_SECRET_LENGTH, REDACTED, redactSecrets } from '../src/index';

describe('redactSecrets', () => {
  it('masks given values and key-like text, and leaves the rest alone', () => {
    expect(redactSecrets('Incorrect API key provided: my-key-42.', ['my-key-42'])).toBe(
      `Incorrect API key provided: ${REDACTED}.`,
    );
    expect(redactSecrets('sent sk-abcdefghijkl and Bearer abc.def')).toBe(
      `sent ${REDACTED} and Bearer ${REDACTED}`,
    );
    expect(redactSecrets('GET /v3/weather?key=abc123&city=杭州')).toBe(
      `GET /v3/weather?key=${REDACTED}&city=杭州`,
    );
    // Short or missing secrets are not masked by value: they would shred ordinary text.
    expect(MIN_SECRET_LENGTH).toBe(4);
    expect(redactSecrets('a abc b', ['abc', undefined, null, ''])).toBe('a abc b');
    expect(redactSecrets('天气晴，sk-1 不是密钥')).toBe('天气晴，sk-1 不是密钥');
  });

  it('keeps ordinary words after "bearer"', () => {
    for (const text of [
      'missing or invalid bearer token',
      'using Bearer auth',
      'Send a Bearer token.',
      'Bearer Authentication is required',
      'scheme: BEARER JWT',
      'bearer tokens, bearer auth; Bearer.',
      'Send Authorization: Bearer <NAVWORLD_SERVER_TOKEN>.',
    ]) {
      expect(redactSecrets(text)).toBe(text);
    }
  });

  it('masks every credential shape after "bearer"', () => {
    const tokens = [
      'abc.def',
      'sk-proj-abcdefghijkl',
      'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U',
      '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08',
      'dGVzdDp0ZXN0',
      'bm90LWEtcmVhbC10b2tlbg==',
      'tok-shutdown-9f8e7d6c',
      'abc123',
      'k_~+/x',
      'aBcDeFgH',
      'abcdefghijklmnopqrstuvwxyz',
    ];
    for (const token of tokens) {
      expect(redactSecrets(`Authorization: Bearer ${token}`)).toBe(
        `Authorization: Bearer ${REDACTED}`,
      );
      // Any case of the scheme, any spacing, and a full stop after the token.
      expect(redactSecrets(`refused bearer  ${token}.`)).toBe(`refused bearer  ${REDACTED}.`);
      expect(redactSecrets(`a token (BEARER ${token}) was refused`)).not.toContain(token);
    }
    // A word that is kept does not hide the token after it.
    expect(redactSecrets('Bearer Bearer abc123')).toBe(`Bearer Bearer ${REDACTED}`);
  });
});
