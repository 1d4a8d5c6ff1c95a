import { stripBlockedChars } from '@linewalker/domain';
import { TextInput, type TextInputProps } from '@mantine/core';
import { type ChangeEvent, useState } from 'react';

interface BlockedCharsInputProps extends Omit<TextInputProps, 'onChange' | 'value'> {
  value: string;
  onChange: (value: string) => void;
}

/**
 * A text input that refuses the characters spec 1 §5 blocks in Job Name and Closest City. Whatever
 * arrives — a key press, a paste, a drop, autofill — goes through the domain's filter, the caret stays
 * where the user was, and a line under the field says which character was left out.
 */
export function BlockedCharsInput({ value, onChange, description, ...props }: BlockedCharsInputProps) {
  const [refused, setRefused] = useState<string | null>(null);

  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const raw = input.value;
    const clean = stripBlockedChars(raw);
    if (clean === raw) {
      setRefused(null);
      onChange(raw);
      return;
    }
    const caret = (input.selectionStart ?? raw.length) - (raw.length - clean.length);
    const removed = [...new Set(Array.from(raw).filter((c) => stripBlockedChars(c) === ''))];
    setRefused(removed.join(' '));
    onChange(clean);
    // React writes the cleaned value after this handler: put the caret back once it has.
    requestAnimationFrame(() => input.setSelectionRange(Math.max(0, caret), Math.max(0, caret)));
  };

  return (
    <TextInput
      {...props}
      value={value}
      onChange={handleChange}
      description={refused ? `Not allowed in this field: ${refused}` : description}
    />
  );
}
