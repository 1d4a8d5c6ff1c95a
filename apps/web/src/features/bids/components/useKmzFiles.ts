import {
  isKmzMappingComplete,
  KMZ_FIELD_FOLDER,
  type KmzFieldsResponse,
  type KmzMapping,
} from '@linewalker/domain';
import { useCallback, useRef, useState } from 'react';
import { isApiError } from '../../../lib/api.ts';
import { uploadKmz } from '../api/uploadKmz.ts';

export interface KmzFileState {
  key: number;
  name: string;
  progress: number;
  status: 'uploading' | 'ready' | 'error';
  error: string | null;
  url: string | null;
  fields: KmzFieldsResponse | null;
  lineMode: 'field' | 'name';
  lineField: string | null;
  lineName: string;
  structureField: string | null;
  /** 'Import N valid rows, skip M' chosen. */
  skipInvalidRows: boolean;
}

/** A file is complete when read, with points, a line name or line field, and a structure field. */
export const isFileComplete = (f: KmzFileState): boolean =>
  f.status === 'ready' &&
  f.fields?.error === null &&
  isKmzMappingComplete({
    lineName: f.lineMode === 'name' ? f.lineName : '',
    lineField: f.lineMode === 'field' ? f.lineField : '',
    structureField: f.structureField,
  });

/** A complete file as the check and the save name it. */
export const kmzMappingOf = (f: KmzFileState): KmzMapping => ({
  url: f.url ?? '',
  name: f.name,
  lineName: f.lineMode === 'name' ? f.lineName : null,
  lineField: f.lineMode === 'field' ? f.lineField : null,
  structureField: f.structureField ?? '',
  skipInvalidRows: f.skipInvalidRows,
});

/** The KMZ files of the mapping step: each uploaded and read as soon as it is added. */
export function useKmzFiles() {
  const [files, setFiles] = useState<KmzFileState[]>([]);
  const nextKey = useRef(1);
  const update = useCallback((key: number, patch: Partial<KmzFileState>) => {
    setFiles((current) => current.map((f) => (f.key === key ? { ...f, ...patch } : f)));
  }, []);

  const add = useCallback(
    (added: File[]) => {
      for (const file of added) {
        const key = nextKey.current++;
        setFiles((current) => [
          ...current,
          {
            key,
            name: file.name,
            progress: 0,
            status: 'uploading',
            error: null,
            url: null,
            fields: null,
            lineMode: 'field',
            lineField: null,
            lineName: '',
            structureField: null,
            skipInvalidRows: false,
          },
        ]);
        uploadKmz(file, (progress) => update(key, { progress }))
          .then(({ url, fields }) =>
            update(key, {
              status: 'ready',
              url,
              fields,
              // Folders are lines in most exports: offered first when the file has them.
              lineField: fields.folders > 0 ? KMZ_FIELD_FOLDER : null,
            }),
          )
          .catch((err: unknown) =>
            update(key, {
              status: 'error',
              error: isApiError(err) || err instanceof Error ? err.message : 'The file could not be read.',
            }),
          );
      }
    },
    [update],
  );

  const remove = useCallback((key: number) => setFiles((c) => c.filter((f) => f.key !== key)), []);
  return { files, add, update, remove };
}
