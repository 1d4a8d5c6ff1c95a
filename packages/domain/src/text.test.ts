import { describe, expect, it } from 'vitest';
import { hasUnsafeChars, TEXT_MESSAGES, Text } from './text.ts';

describe('Text', () => {
  it('refuses NUL and unpaired surrogates with one clear message', () => {
    for (const bad of ['a\u0000b', '\u0000', 'x\uD800', '\uDC00y', 'a\uDBFFb']) {
      expect(hasUnsafeChars(bad)).toBe(true);
      const result = Text().trim().min(1).safeParse(bad);
      expect(result.success).toBe(false);
      expect(result.error?.issues.map((i) => i.message)).toEqual([TEXT_MESSAGES.invalidCharacter]);
    }
  });

  it('accepts any other text, including characters outside the basic plane', () => {
    for (const good of ['Salina', 'Zürich – 北京', 'pole 🗼 12', 'tab\tand\nnewline', '']) {
      expect(hasUnsafeChars(good)).toBe(false);
      expect(Text().safeParse(good).success).toBe(true);
    }
  });

  it('keeps the rules chained after it', () => {
    expect(Text().trim().min(2).safeParse('  a ').success).toBe(false);
    expect(Text().trim().parse('  ab ')).toBe('ab');
  });
});
