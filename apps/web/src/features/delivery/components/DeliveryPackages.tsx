import { type DeliveryPackage, formatCount } from '@linewalker/domain';
import { Badge, Button, Group, Loader, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { IconDownload, IconPackage } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { QueryError } from '../../../components/QueryError.tsx';
import { formatBytes, formatDateTime } from '../../../lib/format.ts';
import { packageDownloadUrl, useDeliveryPackages } from '../api/deliveryPackages.ts';

function PackageState({ pkg }: { pkg: DeliveryPackage }) {
  if (pkg.status === 'ready') {
    return (
      <Group gap="sm" wrap="nowrap">
        <Text size="sm" c="dimmed">
          {pkg.size_bytes === null ? '' : formatBytes(pkg.size_bytes)}
        </Text>
        <Button
          component="a"
          href={packageDownloadUrl(pkg.id)}
          download
          size="xs"
          leftSection={<IconDownload size={14} />}
          aria-label={`Download ${pkg.archive_name}`}
        >
          Download
        </Button>
      </Group>
    );
  }
  if (pkg.status === 'failed') {
    return (
      <Stack gap={2} maw={320}>
        <Badge color="red" variant="light">
          Could not be built
        </Badge>
        {pkg.error && (
          <Text size="xs" c="red.8">
            {pkg.error}
          </Text>
        )}
      </Stack>
    );
  }
  const percent = pkg.image_count === 0 ? 0 : Math.round((pkg.files_done / pkg.image_count) * 100);
  return (
    <Stack gap={4} w={260}>
      <Text size="xs" c="dimmed">
        {pkg.status === 'queued'
          ? pkg.error
            ? 'Retrying shortly…'
            : 'Waiting to be built…'
          : `Building… ${formatCount(pkg.files_done)} of ${formatCount(pkg.image_count)} images`}
      </Text>
      <Progress
        value={percent}
        animated
        aria-label={`${pkg.archive_name}: ${percent}% built`}
        data-testid="package-progress"
      />
    </Stack>
  );
}

/**
 * The package named by `?package=<id>` (the link of the 'photos are ready' e-mail): brought into view once
 * listed, so the customer lands on it below the structure table, and marked as the current one.
 */
function useLinkedPackage(packages: DeliveryPackage[] | undefined) {
  const [searchParams] = useSearchParams();
  const linkedId = Number(searchParams.get('package'));
  const linkedRef = useRef<HTMLDivElement>(null);
  const listed = packages?.some((pkg) => pkg.id === linkedId) ?? false;
  useEffect(() => {
    if (listed) linkedRef.current?.scrollIntoView({ block: 'center' });
  }, [listed]);
  return { linkedId: listed ? linkedId : null, linkedRef };
}

/**
 * The project's delivery packages, newest first: what each delivered, its build progress while the ZIP is
 * being made, and its download once ready. The list refreshes itself while a package is being built.
 */
export function DeliveryPackages({ projectId, canDeliver }: { projectId: number; canDeliver: boolean }) {
  const packages = useDeliveryPackages(projectId);
  const { linkedId, linkedRef } = useLinkedPackage(packages.data);
  return (
    <Paper withBorder radius="md" p="md" data-testid="delivery-packages">
      <Title order={3} size="h5" mb="sm">
        Delivery packages
      </Title>
      {packages.isError ? (
        <QueryError error={packages.error} onRetry={() => packages.refetch()} />
      ) : !packages.data ? (
        <Loader size="sm" aria-label="Loading delivery packages" />
      ) : packages.data.length === 0 ? (
        <EmptyState icon={<IconPackage size={24} />} title="Nothing delivered yet">
          {canDeliver
            ? 'Select images below and choose Archive Selected: they are marked delivered and packed into a ZIP for the customer to download.'
            : 'Delivered images will be listed here as packages to download.'}
        </EmptyState>
      ) : (
        <Stack gap="xs">
          {packages.data.map((pkg) => (
            <Group
              key={pkg.id}
              ref={pkg.id === linkedId ? linkedRef : undefined}
              justify="space-between"
              wrap="wrap"
              py={6}
              px={pkg.id === linkedId ? 'xs' : 0}
              bg={pkg.id === linkedId ? 'blue.0' : undefined}
              style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}
              data-testid="delivery-package"
              data-status={pkg.status}
              aria-current={pkg.id === linkedId ? 'true' : undefined}
            >
              <Stack gap={0}>
                <Text size="sm" fw={600}>
                  {pkg.archive_name}
                </Text>
                <Text size="xs" c="dimmed">
                  {formatCount(pkg.image_count)} {pkg.image_count === 1 ? 'image' : 'images'} · delivered{' '}
                  {formatDateTime(pkg.created_at)}
                  {pkg.created_by_name ? ` by ${pkg.created_by_name}` : ''}
                </Text>
              </Stack>
              <PackageState pkg={pkg} />
            </Group>
          ))}
        </Stack>
      )}
    </Paper>
  );
}
