import { suggestedChoice } from '@linewalker/domain';
import { useCallback, useEffect, useRef, useState } from 'react';
import { isApiError } from '../../../lib/api.ts';
import { type CsvChoice, type CsvFile, canCheckRows, coordinateColumns, ROW_CHOICE_KEYS } from './csvFile.ts';
import { runCsvValidation } from './runCsvValidation.ts';
import { uploadCsvFile } from './uploadCsvFile.ts';

const errorText = (error: unknown, fallback: string): string =>
  isApiError(error) || error instanceof Error ? error.message : fallback;

const isAbort = (error: unknown): boolean => error instanceof DOMException && error.name === 'AbortError';

let nextKey = 0;
let nextVersion = 0;

/**
 * The CSV files of the create/edit dialog: each is uploaded as it is dropped (sign → PUT → getFields),
 * and its rows are checked in a Web Worker whenever a usable column choice is made. Answers that arrive
 * for a replaced file or an older choice are dropped.
 */
export function useCsvFiles() {
  const [files, setFiles] = useState<CsvFile[]>([]);
  const uploads = useRef(new Map<string, AbortController>());
  const checks = useRef(new Map<string, { id: number; cancel: () => void }>());
  const checkIds = useRef(0);

  const patch = useCallback((key: string, version: number, change: (f: CsvFile) => Partial<CsvFile>) => {
    setFiles((all) => all.map((f) => (f.key === key && f.version === version ? { ...f, ...change(f) } : f)));
  }, []);

  const stopCheck = useCallback((key: string) => {
    checks.current.get(key)?.cancel();
    checks.current.delete(key);
  }, []);

  const startUpload = useCallback(
    (key: string, version: number, file: File) => {
      uploads.current.get(key)?.abort();
      const controller = new AbortController();
      uploads.current.set(key, controller);
      let lastPercent = -1;
      uploadCsvFile(
        file,
        {
          onProgress: (percent) => {
            if (percent === lastPercent) return;
            lastPercent = percent;
            patch(key, version, (f) => ({ upload: { ...f.upload, percent } }));
          },
          onStored: (url) =>
            patch(key, version, () => ({ url, upload: { phase: 'reading', percent: 100, error: null } })),
        },
        controller.signal,
      )
        .then(({ url, fields }) => {
          const names = new Set(fields.fields.map((f) => f.name));
          const kept = (name: string | null) => (name && names.has(name) ? name : null);
          // A replacement keeps the chosen columns when the new file still has them; a new file starts
          // from the suggested Line Name and Structure Name (the user can change them).
          patch(key, version, (f) => {
            const suggested = suggestedChoice(fields.fields);
            const fresh = f.lineNameField === null && f.structNumField === null;
            return {
              url,
              fields,
              upload: { phase: 'ready', percent: 100, error: null },
              lineNameField: fresh ? suggested.lineNameField : kept(f.lineNameField),
              structNumField: fresh ? suggested.structNumField : kept(f.structNumField),
              latChoice: kept(f.latChoice),
              lonChoice: kept(f.lonChoice),
              structNumFallbackField: kept(f.structNumFallbackField),
              check: { phase: 'idle' },
            };
          });
        })
        .catch((error: unknown) => {
          if (isAbort(error)) return;
          patch(key, version, (f) => ({
            upload: {
              phase: 'failed',
              percent: f.upload.percent,
              error: errorText(error, 'The upload failed.'),
            },
          }));
        })
        .finally(() => {
          if (uploads.current.get(key) === controller) uploads.current.delete(key);
        });
    },
    [patch],
  );

  const add = useCallback(
    (dropped: File[]) => {
      const added: CsvFile[] = dropped.map((file) => ({
        key: `csv-${++nextKey}`,
        version: ++nextVersion,
        file,
        upload: { phase: 'uploading', percent: 0, error: null },
        url: null,
        fields: null,
        lineNameField: null,
        structNumField: null,
        latChoice: null,
        lonChoice: null,
        structNumFallbackField: null,
        skipInvalidRows: false,
        check: { phase: 'idle' },
      }));
      setFiles((all) => [...all, ...added]);
      for (const f of added) startUpload(f.key, f.version, f.file);
    },
    [startUpload],
  );

  /** 'Drag & Drop Updated CSV': the new file takes the old one's place (new upload, fields and check). */
  const replace = useCallback(
    (key: string, file: File) => {
      stopCheck(key);
      // A fresh number from one counter, so no answer for any earlier file of this slot can match it.
      const version = ++nextVersion;
      setFiles((all) =>
        all.map((f) =>
          f.key === key
            ? {
                ...f,
                version,
                file,
                url: null,
                fields: null,
                skipInvalidRows: false,
                upload: { phase: 'uploading', percent: 0, error: null },
                check: { phase: 'idle' },
              }
            : f,
        ),
      );
      startUpload(key, version, file);
    },
    [startUpload, stopCheck],
  );

  const remove = useCallback(
    (key: string) => {
      uploads.current.get(key)?.abort();
      uploads.current.delete(key);
      stopCheck(key);
      setFiles((all) => all.filter((f) => f.key !== key));
    },
    [stopCheck],
  );

  /** A new column choice checks the rows again (and asks again about skipping); skipping alone does not. */
  const chooseColumns = useCallback(
    (key: string, choice: CsvChoice) => {
      const rowsChange = ROW_CHOICE_KEYS.some((k) => k in choice);
      if (rowsChange) stopCheck(key);
      setFiles((all) =>
        all.map((f) =>
          f.key !== key
            ? f
            : rowsChange
              ? { ...f, skipInvalidRows: false, ...choice, check: { phase: 'idle' } }
              : { ...f, ...choice },
        ),
      );
    },
    [stopCheck],
  );

  // Starts the row check of every file that is ready for one and has none yet.
  useEffect(() => {
    for (const f of files) {
      if (f.check.phase !== 'idle' || !canCheckRows(f) || checks.current.has(f.key)) continue;
      const id = ++checkIds.current;
      const { key, version } = f;
      const current = () => checks.current.get(key)?.id === id;
      const job = runCsvValidation(
        {
          source: { file: f.file },
          lineNameField: f.lineNameField ?? '',
          structNumField: f.structNumField ?? '',
          ...coordinateColumns(f),
          structNumFallbackField: f.structNumFallbackField,
        },
        (percent, rows) => {
          if (current()) patch(key, version, () => ({ check: { phase: 'running', percent, rows } }));
        },
      );
      checks.current.set(key, { id, cancel: job.cancel });
      patch(key, version, () => ({ check: { phase: 'running', percent: 0, rows: 0 } }));
      job.result
        .then(({ report, positions, ms }) => {
          if (current()) patch(key, version, () => ({ check: { phase: 'done', report, positions, ms } }));
        })
        .catch((error: unknown) => {
          if (isAbort(error) || !current()) return;
          patch(key, version, () => ({
            check: { phase: 'failed', error: errorText(error, 'The file check failed.') },
          }));
        })
        .finally(() => {
          if (current()) checks.current.delete(key);
        });
    }
  }, [files, patch]);

  // Nothing keeps running after the dialog closes.
  useEffect(() => {
    const u = uploads.current;
    const c = checks.current;
    return () => {
      for (const controller of u.values()) controller.abort();
      for (const job of c.values()) job.cancel();
      u.clear();
      c.clear();
    };
  }, []);

  const clear = useCallback(() => {
    for (const controller of uploads.current.values()) controller.abort();
    for (const job of checks.current.values()) job.cancel();
    uploads.current.clear();
    checks.current.clear();
    setFiles([]);
  }, []);

  return { files, add, replace, remove, chooseColumns, clear };
}
