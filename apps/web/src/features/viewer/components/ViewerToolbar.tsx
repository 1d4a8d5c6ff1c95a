import type { ImageView, InspectionImage } from '@linewalker/domain';
import { Box, Button, Group, Switch } from '@mantine/core';
import {
  IconEye,
  IconEyeOff,
  IconNote,
  IconPolygon,
  IconRectangle,
  IconSparkles,
  IconZoomIn,
  IconZoomOut,
  IconZoomReset,
} from '@tabler/icons-react';
import type { ReactNode, RefObject } from 'react';
import type { AnnotationEditing } from '../hooks/useAnnotationEditing.ts';
import type { StageHandle } from './ImageStage.tsx';
import { ShotIdentifierSelect } from './ShotIdentifierSelect.tsx';
import { ToolButton } from './ToolButton.tsx';

interface ViewerToolbarProps {
  inspectionId: number;
  view: ImageView;
  current: InspectionImage | null;
  canInspect: boolean;
  isStaffUser: boolean;
  editing: AnnotationEditing;
  annotationCount: number;
  hd: boolean;
  onHdChange: (hd: boolean) => void;
  onNote: () => void;
  /** The ETT/ABB workflow's toggle, when the project has one. */
  ettToggle: ReactNode;
  stage: RefObject<StageHandle | null>;
  /** The AI mode's tool and its 'Ai Layer' switch, for reviewers (issue 22); absent for others. */
  ai?: {
    mode: boolean;
    onMode: () => void;
    layer: boolean;
    onLayer: (on: boolean) => void;
    /** AI mode draws patches of one model: the tools work once a model is chosen. */
    canDraw: boolean;
  };
}

/** The bar over the photo: drawing tools, annotations shown and listed, note, HD, shot identifier, zoom. */
export function ViewerToolbar({ editing, current, stage, ...props }: ViewerToolbarProps) {
  const { drawMode, setDrawMode, showAnnotations, sidebar } = editing;
  return (
    <Group
      gap={4}
      px="xs"
      style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
      wrap="nowrap"
    >
      {props.canInspect && props.view !== 'rejected' && (
        <>
          <ToolButton
            label="Annotate Rectangle"
            active={drawMode === 'rectangle'}
            icon={<IconRectangle size={20} />}
            disabled={props.ai?.mode === true && !props.ai.canDraw}
            onClick={() => setDrawMode((m) => (m === 'rectangle' ? null : 'rectangle'))}
          />
          <ToolButton
            label="Annotate Polygon"
            active={drawMode === 'polygon'}
            icon={<IconPolygon size={20} />}
            disabled={props.ai?.mode === true && !props.ai.canDraw}
            onClick={() => setDrawMode((m) => (m === 'polygon' ? null : 'polygon'))}
          />
        </>
      )}
      {props.ai && (
        <>
          <ToolButton
            label="AI Markup"
            active={props.ai.mode}
            icon={<IconSparkles size={20} />}
            onClick={props.ai.onMode}
          />
          {props.ai.mode && (
            <Switch
              size="sm"
              mx={4}
              label="Ai Layer"
              styles={{ label: { whiteSpace: 'nowrap' } }}
              checked={props.ai.layer}
              onChange={(e) => props.ai?.onLayer(e.currentTarget.checked)}
            />
          )}
        </>
      )}
      <ToolButton
        label={showAnnotations ? 'Hide Annotations' : 'Show Annotations'}
        active={!showAnnotations}
        icon={showAnnotations ? <IconEye size={20} /> : <IconEyeOff size={20} />}
        onClick={() => editing.setShowAnnotations((s) => !s)}
      />
      <Button
        size="compact-sm"
        variant={sidebar ? 'filled' : 'subtle'}
        onClick={() => editing.setSidebar((s) => !s)}
      >
        Annotations ({props.annotationCount})
      </Button>
      {props.isStaffUser && current && (
        <Button
          size="compact-sm"
          variant="subtle"
          leftSection={<IconNote size={16} />}
          onClick={props.onNote}
        >
          {current.note_text ? 'View Notes' : 'Add Note'}
        </Button>
      )}
      <Button
        size="compact-sm"
        variant={props.hd ? 'filled' : 'default'}
        onClick={() => props.onHdChange(!props.hd)}
        aria-pressed={props.hd}
      >
        {props.hd ? 'HD' : 'SD'}
      </Button>
      {current && (
        <ShotIdentifierSelect
          inspectionId={props.inspectionId}
          imageId={current.id}
          canEdit={props.isStaffUser}
        />
      )}
      {props.ettToggle}
      <Box style={{ flex: 1 }} />
      <ToolButton
        label="Reset zoom"
        active={false}
        icon={<IconZoomReset size={20} />}
        onClick={() => stage.current?.reset()}
      />
      <ToolButton
        label="Zoom in"
        active={false}
        icon={<IconZoomIn size={20} />}
        onClick={() => stage.current?.zoomIn()}
      />
      <ToolButton
        label="Zoom out"
        active={false}
        icon={<IconZoomOut size={20} />}
        onClick={() => stage.current?.zoomOut()}
      />
    </Group>
  );
}
