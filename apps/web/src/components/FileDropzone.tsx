import { Box, type BoxProps } from '@mantine/core';
import { type DragEvent, type KeyboardEvent, type ReactNode, useRef, useState } from 'react';
import classes from './FileDropzone.module.css';

interface FileDropzoneProps extends BoxProps {
  /** The files taken (those `accepts` allows). */
  onDrop: (files: File[]) => void;
  /** The files refused by `accepts`, if any. */
  onReject?: (files: File[]) => void;
  /** Whether a file is taken: browsers disagree on types, so the caller decides (usually by name). */
  accepts: (file: File) => boolean;
  /** The file picker's filter, e.g. '.csv' (a hint to the picker; `accepts` is the rule). */
  accept: string;
  multiple?: boolean;
  disabled?: boolean;
  /** Names the drop area for screen readers and tests. */
  'aria-label': string;
  children: ReactNode;
}

/**
 * A drop area that also opens the file picker on click, Enter or Space. Ours rather than
 * `@mantine/dropzone`, whose releases (and react-dropzone's) require Node 22 while the project runs on 20.
 */
export function FileDropzone({
  onDrop,
  onReject,
  accepts,
  accept,
  multiple = true,
  disabled = false,
  children,
  'aria-label': label,
  ...box
}: FileDropzoneProps) {
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);

  const take = (list: FileList | null) => {
    const files = Array.from(list ?? []).slice(0, multiple ? undefined : 1);
    if (files.length === 0) return;
    const taken = files.filter(accepts);
    const refused = files.filter((f) => !accepts(f));
    if (refused.length > 0) onReject?.(refused);
    if (taken.length > 0) onDrop(taken);
  };
  const open = () => {
    if (!disabled) input.current?.click();
  };
  const onDragOver = (e: DragEvent) => {
    e.preventDefault();
    if (!disabled) setOver(true);
  };
  const onDropped = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    if (!disabled) take(e.dataTransfer.files);
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.target !== e.currentTarget || (e.key !== 'Enter' && e.key !== ' ')) return;
    e.preventDefault();
    open();
  };

  return (
    <Box
      {...box}
      className={classes.root}
      role="button"
      tabIndex={disabled ? -1 : 0}
      aria-label={label}
      aria-disabled={disabled || undefined}
      data-over={over || undefined}
      data-disabled={disabled || undefined}
      onClick={open}
      onKeyDown={onKeyDown}
      onDragOver={onDragOver}
      onDragEnter={onDragOver}
      onDragLeave={() => setOver(false)}
      onDrop={onDropped}
    >
      <input
        ref={input}
        type="file"
        accept={accept}
        multiple={multiple}
        disabled={disabled}
        hidden
        tabIndex={-1}
        onClick={(e) => e.stopPropagation()}
        onChange={(e) => {
          take(e.currentTarget.files);
          // The same file chosen again (after removing it) must fire again.
          e.currentTarget.value = '';
        }}
      />
      {children}
    </Box>
  );
}
