import type { UploadImage } from '@linewalker/domain';
import {
  Box,
  Center,
  Image,
  Loader,
  Modal,
  ScrollArea,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useExif } from '../../api/getExif.ts';
import { imageUrl } from '../../api/imageUrl.ts';
import { exifEntries, sizeText } from '../model/exifEntries.ts';

/**
 * The image details (spec 2 §2 'Image details modal'): on the left the name and the file's EXIF
 * entries (numbers and strings, names in words) with the md5 verified on upload and the size; on
 * the right the medium-size photo. When the metadata cannot be loaded the table reads 'Invalid Exif'.
 */
export function ImageDetailsModal({ image, onClose }: { image: UploadImage | null; onClose: () => void }) {
  const exif = useExif(image?.image_id ?? null);
  const entries = exif.data ? exifEntries(exif.data.exif) : [];
  return (
    <Modal opened={image !== null} onClose={onClose} title="Image details" size="min(1100px, 96vw)" centered>
      {image && (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          <Stack gap="xs" style={{ minWidth: 0 }}>
            <Title order={3} size="h5" style={{ wordBreak: 'break-all' }}>
              {image.image_name}
            </Title>
            <ScrollArea.Autosize mah="60vh" type="auto">
              {exif.isPending ? (
                <Center py="md">
                  <Loader size="sm" aria-label="Loading the image's metadata" />
                </Center>
              ) : (
                <Table striped withTableBorder fz="xs" aria-label="EXIF">
                  <Table.Tbody>
                    {exif.isError ? (
                      <Table.Tr>
                        <Table.Td colSpan={2}>Invalid Exif</Table.Td>
                      </Table.Tr>
                    ) : (
                      <>
                        <Table.Tr>
                          <Table.Th scope="row">MD5 (verified on upload)</Table.Th>
                          <Table.Td style={{ fontFamily: 'var(--mantine-font-family-monospace)' }}>
                            {exif.data?.md5}
                          </Table.Td>
                        </Table.Tr>
                        {exif.data?.size_bytes != null && (
                          <Table.Tr>
                            <Table.Th scope="row">File Size</Table.Th>
                            <Table.Td>{sizeText(exif.data.size_bytes)}</Table.Td>
                          </Table.Tr>
                        )}
                        {entries.map((entry) => (
                          <Table.Tr key={entry.name}>
                            <Table.Th scope="row" fw={500}>
                              {entry.name}
                            </Table.Th>
                            <Table.Td style={{ wordBreak: 'break-word' }}>{entry.value}</Table.Td>
                          </Table.Tr>
                        ))}
                      </>
                    )}
                  </Table.Tbody>
                </Table>
              )}
            </ScrollArea.Autosize>
          </Stack>
          <Box>
            {image.has_medium || image.has_thumb ? (
              <Image
                src={imageUrl(image.image_id, image.has_medium ? 'MEDIUM_IMG' : 'THUMBNAIL_IMG')}
                alt={image.image_name}
                radius="sm"
                fit="contain"
                mah="70vh"
              />
            ) : (
              <Center h={240} bg="gray.1" style={{ borderRadius: 'var(--mantine-radius-sm)' }}>
                <Text c="dimmed" size="sm">
                  The photo is still being processed.
                </Text>
              </Center>
            )}
          </Box>
        </SimpleGrid>
      )}
    </Modal>
  );
}
