import type { StructureCsvReport } from '@linewalker/domain';
import type { PositionSum, ValidateMessage, ValidateRequest } from './csvValidationProtocol.ts';

export interface CsvValidationResult {
  report: StructureCsvReport;
  positions: PositionSum;
  /** Time the worker spent reading and checking the file. */
  ms: number;
}

export interface CsvValidationJob {
  result: Promise<CsvValidationResult>;
  /** Stops the worker (a new column choice or a replaced file makes the running check pointless). */
  cancel: () => void;
}

/** Starts one worker for one file; it ends itself when the check is done, failed or cancelled. */
export function runCsvValidation(
  request: ValidateRequest,
  onProgress: (percent: number, rows: number) => void,
): CsvValidationJob {
  const worker = new Worker(new URL('./csvValidation.worker.ts', import.meta.url), { type: 'module' });
  let settle: ((error: Error) => void) | null = null;
  const result = new Promise<CsvValidationResult>((resolve, reject) => {
    settle = reject;
    worker.onmessage = (event: MessageEvent<ValidateMessage>) => {
      const message = event.data;
      if (message.type === 'progress') {
        onProgress(message.percent, message.rows);
        return;
      }
      worker.terminate();
      if (message.type === 'done')
        resolve({ report: message.report, positions: message.positions, ms: message.ms });
      else reject(new Error(message.message));
    };
    worker.onerror = (event) => {
      worker.terminate();
      reject(new Error(event.message || 'The file check stopped unexpectedly.'));
    };
  });
  worker.postMessage(request);
  return {
    result,
    cancel: () => {
      worker.terminate();
      settle?.(new DOMException('The file check was cancelled.', 'AbortError'));
    },
  };
}
