import {
  can,
  captureCompleteness,
  type ProjectDetail,
  type UploadImage,
  type UploadStructure,
} from '@linewalker/domain';
import { Center, Group, Loader, Paper, Stack, Switch, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { QueryError } from '../../components/QueryError.tsx';
import { basemapsOf, useClientConfig } from '../../lib/clientConfig.ts';
import { formatCount } from '../../lib/format.ts';
import { useProjectLines } from '../../lib/projectLines.ts';
import { useSession } from '../../lib/session.ts';
import { useUploadStats } from '../../lib/uploadStats.ts';
import { useImagesByBounds } from './api/getImagesByBounds.ts';
import { useUnassignedImages } from './api/getUnassignedImages.ts';
import { useUploadStructures } from './api/getUploadStructures.ts';
import { UploadLauncher } from './batch/UploadLauncher.tsx';
import { AddLineModal } from './tab/dialogs/AddLineModal.tsx';
import { ImageDetailsModal } from './tab/dialogs/ImageDetailsModal.tsx';
import { MapLegend } from './tab/MapLegend.tsx';
import { MapToolbar } from './tab/MapToolbar.tsx';
import { type MapView, UploadMap } from './tab/map/UploadMap.tsx';
import { UPLOAD_MAP } from './tab/map/uploadLayers.ts';
import {
  DEFAULT_SWITCHES,
  filterStructures,
  imagesOnMap,
  offersHideArchived,
  readHeaderFilter,
  type UploadSwitches as Switches,
  structuresOnMap,
} from './tab/model/filters.ts';
import {
  draftOf,
  draftPosition,
  newDraft,
  type StructureDraft,
  withPosition,
} from './tab/model/structureDraft.ts';
import { ImagePanel } from './tab/panels/ImagePanel.tsx';
import { type StructureNotice, StructureNoticeDialog } from './tab/panels/StructureNotices.tsx';
import { StructurePanel } from './tab/panels/StructurePanel.tsx';
import {
  DEFAULT_STRUCTURE_SORT,
  SHORT_FIRST_SORT,
  type StructureSort,
  StructuresTable,
} from './tab/table/StructuresTable.tsx';
import { UploadSwitches } from './tab/UploadSwitches.tsx';

const NO_IMAGES: UploadImage[] = [];
const NO_STRUCTURES: UploadStructure[] = [];

/**
 * The project's 'upload' sub-page (spec 2 §2 'Upload', §4 'Upload map behaviour'): switches, a map
 * of structures and photo pins with the edit panels, and the expandable structures table. The
 * header's line and search filters (in the URL) narrow the map and the table. What a user may change
 * follows the policy: structures and lines super admins, reassigning staff, rejecting inspectors up.
 */
export default function UploadTab({ project }: { project: ProjectDetail }) {
  const projectId = project.id;
  const session = useSession();
  const principal = session.data ?? null;
  const object = { kind: 'Project', companyId: project.company_id } as const;
  const allowed = (action: Parameters<typeof can>[1]) => (principal ? can(principal, action, object) : false);
  const canEditStructures = allowed('structure.edit');
  const canCreateLine = allowed('line.create');
  const canReassign = allowed('image.reassign');
  const canReject = allowed('image.reject');
  const canUpload = allowed('image.upload');

  const config = useClientConfig();
  const [search] = useSearchParams();
  const headerFilter = useMemo(() => readHeaderFilter(search), [search]);
  const structuresQuery = useUploadStructures(projectId);
  const stats = useUploadStats(projectId);
  const lines = useProjectLines(projectId);

  const [switches, setSwitches] = useState<Switches>(DEFAULT_SWITCHES);
  const [view, setView] = useState<MapView | null>(null);
  const [bounds] = useDebouncedValue(view?.bounds ?? null, UPLOAD_MAP.boundsDebounceMs);
  const zoomedIn = (view?.zoom ?? UPLOAD_MAP.defaultZoom) > UPLOAD_MAP.boundsMinZoom;
  const byBounds = useImagesByBounds(projectId, switches.showImages && zoomedIn ? bounds : null);
  const unassigned = useUnassignedImages(projectId, switches.showImages && !zoomedIn);

  const [selectedStructureId, setSelectedStructureId] = useState<number | null>(null);
  const [selectedImages, setSelectedImages] = useState<UploadImage[]>(NO_IMAGES);
  const [draft, setDraft] = useState<StructureDraft | null>(null);
  const [focus, setFocus] = useState<{ latitude: number; longitude: number } | null>(null);
  const [addLineOpen, setAddLineOpen] = useState(false);
  const [details, setDetails] = useState<UploadImage | null>(null);
  const [notice, setNotice] = useState<StructureNotice | null>(null);
  const [sort, setSort] = useState<StructureSort>(DEFAULT_STRUCTURE_SORT);
  const [onlyShort, setOnlyShort] = useState(false);

  const structures = structuresQuery.data ?? NO_STRUCTURES;
  const shownStructures = useMemo(
    () => filterStructures(structures, headerFilter),
    [structures, headerFilter],
  );
  const filtering = headerFilter.lineIds.length > 0 || headerFilter.query !== '';
  const shownIds = useMemo(
    () => (filtering ? new Set(shownStructures.map((s) => s.structure_id)) : null),
    [filtering, shownStructures],
  );
  const mapStructures = useMemo(
    () => structuresOnMap(shownStructures, switches),
    [shownStructures, switches],
  );
  const rawImages = zoomedIn ? (byBounds.data?.images ?? NO_IMAGES) : (unassigned.data ?? NO_IMAGES);
  const mapImages = useMemo(
    () => imagesOnMap(rawImages, zoomedIn ? switches : { ...switches, imageScope: 'unassigned' }, shownIds),
    [rawImages, zoomedIn, switches, shownIds],
  );
  const selectedImageIds = useMemo(() => new Set(selectedImages.map((i) => i.image_id)), [selectedImages]);
  const shortCount = useMemo(
    () => shownStructures.filter((s) => captureCompleteness(s.image_count).short).length,
    [shownStructures],
  );
  const tableStructures = useMemo(
    () =>
      onlyShort ? shownStructures.filter((s) => captureCompleteness(s.image_count).short) : shownStructures,
    [onlyShort, shownStructures],
  );
  const withoutImagesCount = useMemo(
    () => shownStructures.filter((s) => s.image_count === 0).length,
    [shownStructures],
  );
  const unassignedCount = stats.data?.unassigned_img_count ?? unassigned.data?.length;

  const selectStructure = useCallback(
    (structure: UploadStructure, fromTable: boolean) => {
      setSelectedImages(NO_IMAGES);
      if (structure.structure_id === selectedStructureId) {
        // A second click on the selected structure deselects it.
        setSelectedStructureId(null);
        setDraft(null);
        return;
      }
      setSelectedStructureId(structure.structure_id);
      setDraft(canEditStructures ? draftOf(structure) : null);
      if (fromTable) setFocus({ latitude: structure.latitude, longitude: structure.longitude });
    },
    [selectedStructureId, canEditStructures],
  );

  const selectImage = useCallback(
    (image: UploadImage, fromTable: boolean) => {
      setDraft(null);
      setSelectedStructureId(null);
      if (selectedImages.length === 1 && selectedImages[0]!.image_id === image.image_id) {
        setSelectedImages(NO_IMAGES);
        return;
      }
      setSelectedImages([image]);
      if (fromTable && image.latitude !== null && image.longitude !== null) {
        setFocus({ latitude: image.latitude, longitude: image.longitude });
      }
    },
    [selectedImages],
  );

  const onMapStructure = useCallback(
    (id: number) => {
      const structure = structures.find((s) => s.structure_id === id);
      if (structure) selectStructure(structure, false);
    },
    [structures, selectStructure],
  );
  const onMapImage = useCallback(
    (id: number) => {
      const image = mapImages.find((i) => i.image_id === id) ?? selectedImages.find((i) => i.image_id === id);
      if (image) selectImage(image, false);
    },
    [mapImages, selectedImages, selectImage],
  );
  const onImagesInShape = useCallback(
    (ids: number[]) => {
      const wanted = new Set(ids);
      setDraft(null);
      setSelectedStructureId(null);
      setSelectedImages(mapImages.filter((image) => wanted.has(image.image_id)));
    },
    [mapImages],
  );
  const onDraftMove = useCallback(
    (latitude: number, longitude: number) => setDraft((d) => (d ? withPosition(d, latitude, longitude) : d)),
    [],
  );
  const onStructureRow = useCallback((s: UploadStructure) => selectStructure(s, true), [selectStructure]);
  const onImageRow = useCallback((i: UploadImage) => selectImage(i, true), [selectImage]);
  const hideImage = useCallback(
    (image: UploadImage) => image.rejected || (switches.hideArchived && image.archived),
    [switches.hideArchived],
  );
  const closeNotice = useCallback(() => setNotice(null), []);
  const clearImages = useCallback(() => setSelectedImages(NO_IMAGES), []);

  if (structuresQuery.isError) {
    return <QueryError error={structuresQuery.error} onRetry={() => structuresQuery.refetch()} />;
  }

  const center =
    project.project_center_lat !== null && project.project_center_lon !== null
      ? { latitude: project.project_center_lat, longitude: project.project_center_lon }
      : null;
  const showImagePanel = selectedImages.length > 0 && (canReassign || canReject);
  const canSelectImages = canReassign || canReject;

  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <UploadSwitches
          value={switches}
          onChange={setSwitches}
          zoomedIn={zoomedIn}
          unassignedCount={unassignedCount}
          withoutImagesCount={withoutImagesCount}
          offerHideArchived={offersHideArchived(
            project.project_name,
            config.data?.hideArchivedKeywords ?? [],
          )}
        />
        {canUpload && <UploadLauncher project={project} />}
      </Group>
      <Paper withBorder radius="md" style={{ overflow: 'hidden' }} h="clamp(360px, 58dvh, 640px)">
        {/* The map waits for the structures once, so it can open on them. */}
        {structuresQuery.isPending ? (
          <Center h="100%">
            <Loader aria-label="Loading structures" />
          </Center>
        ) : (
          <UploadMap
            basemaps={basemapsOf(config)}
            center={center}
            structures={mapStructures}
            images={mapImages}
            selectedStructureId={selectedStructureId}
            selectedImages={selectedImages}
            draft={draft ? { position: draftPosition(draft) } : null}
            onDraftMove={onDraftMove}
            canSelectImages={canSelectImages}
            onStructureClick={onMapStructure}
            onImageClick={onMapImage}
            onImagesInShape={onImagesInShape}
            onView={setView}
            focus={focus}
          >
            {({ mode, setMode, ready }) => (
              <>
                <MapToolbar
                  canAddStructure={canEditStructures && ready}
                  canAddLine={canCreateLine && ready}
                  canSelect={canSelectImages && ready}
                  mode={mode}
                  onMode={setMode}
                  onAddStructure={() => {
                    setSelectedStructureId(null);
                    setSelectedImages(NO_IMAGES);
                    setDraft(newDraft());
                  }}
                  onAddLine={() => setAddLineOpen(true)}
                />
                <MapLegend />
                {zoomedIn && byBounds.data?.truncated && switches.showImages && (
                  <Paper
                    pos="absolute"
                    bottom={8}
                    left="50%"
                    px="sm"
                    py={4}
                    shadow="sm"
                    radius="xl"
                    style={{ zIndex: 2, transform: 'translateX(-50%)' }}
                  >
                    <Text size="xs" role="status">
                      More images lie here than the map shows at once: zoom in to see every one.
                    </Text>
                  </Paper>
                )}
                {draft && canEditStructures && (
                  <StructurePanel
                    key={draft.structureId ?? 'new'}
                    projectId={projectId}
                    draft={draft}
                    lines={lines.data ?? []}
                    onChange={setDraft}
                    onClose={() => setDraft(null)}
                    onSaved={() => {
                      setDraft(null);
                      setSelectedStructureId(null);
                    }}
                    onRemoved={() => {
                      setDraft(null);
                      setSelectedStructureId(null);
                    }}
                    onNotice={setNotice}
                    onAddLine={() => setAddLineOpen(true)}
                  />
                )}
                {showImagePanel && !draft && (
                  <ImagePanel
                    key={selectedImages.map((i) => i.image_id).join(',')}
                    projectId={projectId}
                    images={selectedImages}
                    structures={structures}
                    canReassign={canReassign}
                    canReject={canReject}
                    onClose={clearImages}
                    onDone={clearImages}
                    onDetails={setDetails}
                  />
                )}
              </>
            )}
          </UploadMap>
        )}
      </Paper>
      <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
        <Group justify="space-between" px="sm" py={6} gap="sm" wrap="wrap">
          <Text size="sm" fw={600}>
            {formatCount(tableStructures.length)} {tableStructures.length === 1 ? 'structure' : 'structures'}
          </Text>
          <Group gap="md">
            <Switch
              size="sm"
              label={`Only short structures (${formatCount(shortCount)})`}
              checked={onlyShort}
              onChange={(event) => setOnlyShort(event.currentTarget.checked)}
            />
            <Switch
              size="sm"
              label="Short first"
              checked={sort?.column === SHORT_FIRST_SORT?.column && sort?.direction === 'asc'}
              onChange={(event) =>
                setSort(event.currentTarget.checked ? SHORT_FIRST_SORT : DEFAULT_STRUCTURE_SORT)
              }
            />
          </Group>
        </Group>
        <div
          style={{ height: 'clamp(320px, 50dvh, 600px)', borderTop: '1px solid var(--mantine-color-gray-3)' }}
        >
          <StructuresTable
            projectId={projectId}
            structures={tableStructures}
            unassignedCount={unassignedCount}
            selectedStructureId={selectedStructureId}
            selectedImageIds={selectedImageIds}
            hideImage={hideImage}
            onStructureClick={onStructureRow}
            onImageClick={onImageRow}
            onImageDetails={setDetails}
            sort={sort}
            onSort={setSort}
          />
        </div>
      </Paper>
      <AddLineModal projectId={projectId} opened={addLineOpen} onClose={() => setAddLineOpen(false)} />
      <ImageDetailsModal image={details} onClose={() => setDetails(null)} />
      <StructureNoticeDialog notice={notice} onClose={closeNotice} />
    </Stack>
  );
}
