import { IconTools } from '@tabler/icons-react';
import { MessagePanel } from './MessagePanel.tsx';

/** Stands in for an area that a later issue builds, so no route ever shows a blank screen. */
export function ComingSoonPanel({ title, description }: { title: string; description: string }) {
  return (
    <MessagePanel title={title} icon={<IconTools size={28} />}>
      {description}
    </MessagePanel>
  );
}
