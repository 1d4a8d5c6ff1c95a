/**
 * zod's default type messages ('Invalid input: expected number, received NaN') are written for developers; a
 * client sees them on every bad query or body. Schemas with messages of their own keep them: only the default
 * type message is reworded here, once, for every route.
 */
const DEFAULT_TYPE_MESSAGE = /^Invalid input: expected (\w+), received (\w+)$/;

const EXPECTED_WORDS: Record<string, string> = {
  number: 'Must be a number',
  int: 'Must be a whole number',
  string: 'Must be text',
  boolean: 'Must be true or false',
  array: 'Must be a list',
  object: 'Must be an object',
};

export function plainValidationMessage(message: string): string {
  const match = DEFAULT_TYPE_MESSAGE.exec(message);
  if (!match) return message;
  const [, expected = '', received = ''] = match;
  if (received === 'undefined') return 'Required';
  return EXPECTED_WORDS[expected] ?? message;
}
