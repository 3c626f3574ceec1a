import { describe, expect, it } from 'vitest';
import { redactUrl } from './redact-url.ts';

describe('redactUrl', () => {
  it('hides the password and keeps the rest of the URL', () => {
    expect(redactUrl('postgres://rain:s3cret@db.example.com:5432/test')).toBe('postgres://rain:***@db.example.com:5432/test');
  });

  it('leaves a URL without a password as it is', () => {
    expect(redactUrl('postgres://postgres@127.0.0.1:5432/test')).toBe('postgres://postgres@127.0.0.1:5432/test');
  });

  it('answers text that is no URL unchanged', () => {
    expect(redactUrl('not a url')).toBe('not a url');
  });
});
