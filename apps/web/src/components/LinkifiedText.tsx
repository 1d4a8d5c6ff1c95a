import { Anchor, Text } from '@mantine/core';

const URL_PATTERN = /(https?:\/\/[^\s<>"']+)/g;

/** Plain text with its http(s) addresses turned into links; everything else stays text (no HTML). */
export function LinkifiedText({ text }: { text: string }) {
  const parts = text.split(URL_PATTERN);
  return (
    <Text component="div" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} ff="monospace" fz="sm">
      {parts.map((part, index) =>
        // split() with a capture group puts the matches at the odd indexes.
        index % 2 === 1 ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed string never reorder
          <Anchor key={index} href={part} target="_blank" rel="noopener noreferrer" inherit>
            {part}
          </Anchor>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: as above
          <span key={index}>{part}</span>
        ),
      )}
    </Text>
  );
}
