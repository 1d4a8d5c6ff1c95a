import type { InspectionImage } from '@linewalker/domain';
import { Image, Modal, SimpleGrid, Text, UnstyledButton } from '@mantine/core';
import { imageUrl } from '../api/viewerQueries.ts';

interface PreviewModalProps {
  opened: boolean;
  images: readonly InspectionImage[];
  onPick: (id: number) => void;
  onClose: () => void;
}

/** Preview: a thumbnail grid of the selected photos, or of all when none is selected (spec 2 §2). */
export function PreviewModal({ opened, images, onPick, onClose }: PreviewModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={`Preview (${images.length})`} size="90%" zIndex={350}>
      <SimpleGrid cols={{ base: 2, sm: 4, lg: 6 }} data-testid="preview-grid">
        {images.map((img) => (
          <UnstyledButton key={img.id} onClick={() => onPick(img.id)} aria-label={`Open ${img.image_name}`}>
            <Image
              src={imageUrl(img.id, 'THUMBNAIL_IMG')}
              alt={img.image_name}
              h={120}
              fit="cover"
              radius="sm"
            />
            <Text size="xs" truncate mt={4}>
              {img.image_name}
            </Text>
          </UnstyledButton>
        ))}
      </SimpleGrid>
    </Modal>
  );
}
