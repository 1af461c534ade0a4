import { describe, expect, it } from 'vitest';
import { validateAnnotationRequest } from './request.ts';

describe('validateAnnotationRequest', () => {
  it.each([
    ['a string', 'hola', 'invalid_body'],
    ['null', null, 'invalid_body'],
    ['an array', [{ text: 'x' }], 'invalid_body'],
    ['no text', {}, 'missing_text'],
    ['a number as text', { text: 3 }, 'invalid_text'],
    ['null as text', { text: null }, 'invalid_text'],
    ['config as a string', { text: 'x', config: 'y' }, 'invalid_config'],
    ['config as an array', { text: 'x', config: [] }, 'invalid_config'],
    ['config as null', { text: 'x', config: null }, 'invalid_config'],
    ['nested_sites as a string', { text: 'x', config: { nested_sites: 'true' } }, 'invalid_config'],
    ['nested_sites as a number', { text: 'x', config: { nested_sites: 1 } }, 'invalid_config'],
    ['a date with a space', { text: 'x', config: { text_datetime: '2024-06-10 12:00:00' } }, 'invalid_text_datetime'],
    ['month 13', { text: 'x', config: { text_datetime: '2024-13-01T00:00:00' } }, 'invalid_text_datetime'],
    ['30 February', { text: 'x', config: { text_datetime: '2024-02-30T10:00:00' } }, 'invalid_text_datetime'],
    ['29 February of a common year', { text: 'x', config: { text_datetime: '2023-02-29T10:00:00' } }, 'invalid_text_datetime'],
    ['hour 24', { text: 'x', config: { text_datetime: '2024-06-10T24:00:00' } }, 'invalid_text_datetime'],
    ['a timezone suffix', { text: 'x', config: { text_datetime: '2024-06-10T12:00:00Z' } }, 'invalid_text_datetime'],
    ['a number', { text: 'x', config: { text_datetime: 20240610 } }, 'invalid_text_datetime'],
  ])('rejects %s with a stable code', (_what, body, code) => {
    const result = validateAnnotationRequest(body);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error.code).toBe(code);
      expect(result.error.message.length).toBeGreaterThan(10);
    }
  });

  it('accepts the spec forms and ignores unknown config entries', () => {
    for (const body of [
      { text: '' },
      { text: 'dolor', config: {} },
      { text: 'dolor', config: { text_datetime: '2024-02-29T23:59:59', other: 1 } },
    ]) {
      const result = validateAnnotationRequest(body);
      expect(result.ok).toBe(true);
      if (result.ok) expect(result.request.text).toBe(body.text);
    }
  });
});
