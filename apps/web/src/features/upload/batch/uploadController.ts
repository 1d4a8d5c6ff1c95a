import {
  DEFAULT_CONCURRENT_UPLOADS,
  type ExistingMd5Response,
  fileIdentity,
  type ImageUploadedBody,
  type ImageUploadedResponse,
  type ImageUploadTokenResponse,
  isFailedStatus,
  UPLOAD_STATUS,
  UPLOAD_STEP_PCT,
  UPLOAD_TRIES,
  type UploadStatus,
} from '@linewalker/domain';
import { ExifReadError } from './exif.ts';
import { isAbort, isConnectionError, NetworkGate, sleep } from './network.ts';
import type { BatchPersistence, StoredFileState } from './persistence.ts';
import {
  type DroppedFile,
  EMPTY_UPLOAD_STATE,
  type UploadDeps,
  type UploadItem,
  type UploadOptions,
  type UploadState,
} from './uploadTypes.ts';

/** A 4xx answer is final: another try would get the same answer (408 and 429 excepted). */
function isFinal(error: unknown): boolean {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' && status >= 400 && status < 500 && status !== 408 && status !== 429;
}

class StepFailed extends Error {
  constructor(readonly reason: unknown) {
    super(reason instanceof Error ? reason.message : String(reason));
    this.name = 'StepFailed';
  }
}

/**
 * Runs a batch of photo uploads for one project, exactly the spec's per-file flow (spec 2 §4): EXIF +
 * XMP → md5 → skip when already in the project → token → PUT → completion, N at a time. A lost network
 * pauses every worker (NetworkGate) instead of failing each file; the batch is kept in IndexedDB so a
 * reload can resume it. React reads it through `subscribe`/`getState`.
 */
export class UploadController {
  private state: UploadState = EMPTY_UPLOAD_STATE;
  private listeners = new Set<() => void>();
  private abort: AbortController | null = null;
  private options: UploadOptions | null = null;
  private nextItemId = 1;
  private readonly gate: NetworkGate;

  constructor(
    readonly projectId: number,
    private readonly deps: UploadDeps,
  ) {
    this.gate = new NetworkGate(
      deps.probe,
      (waitingForNetwork) => this.set({ waitingForNetwork }),
      deps.networkWait,
    );
  }

  /** Where this controller keeps its batch across reloads (none in tests without IndexedDB). */
  get persistence(): BatchPersistence | undefined {
    return this.deps.persistence;
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getState = (): UploadState => this.state;

  private set(patch: Partial<UploadState>): void {
    this.state = { ...this.state, ...patch };
    for (const listener of this.listeners) listener();
  }

  private patchItem(id: number, patch: Partial<UploadItem>): void {
    const index = this.state.items.findIndex((item) => item.id === id);
    if (index < 0) return;
    const items = this.state.items.slice();
    items[index] = { ...(items[index] as UploadItem), ...patch };
    this.set({ items });
  }

  private persist(item: UploadItem, state: StoredFileState): Promise<void> {
    return this.deps.persistence?.update(this.projectId, item.identity, state, item.md5) ?? Promise.resolve();
  }

  /**
   * Records a finished photo in the browser's store, then shows it finished: what the panel counts as done
   * survives a reload right then (it is neither sent again nor counted as unfinished). A failed write only
   * costs that: the photo is shown finished anyway.
   */
  private async persistDone(item: UploadItem): Promise<void> {
    await this.persist(item, 'done').catch(() => undefined);
  }

  /**
   * Starts a new batch. Files that a stored, unfinished batch of this project already sent (same name,
   * size and modification time) are skipped at once; the rest go through the whole flow, where the
   * project's md5 list catches anything else already there.
   */
  async start(files: readonly DroppedFile[], options: UploadOptions): Promise<void> {
    if (this.state.running) return;
    this.options = options;
    const stored = await this.deps.persistence?.load(this.projectId).catch(() => null);
    const done = new Set(stored?.files.filter((f) => f.state === 'done').map((f) => f.identity) ?? []);
    const items: UploadItem[] = files.map(({ file, path }) => {
      const identity = fileIdentity(file);
      const sent = done.has(identity);
      return {
        id: this.nextItemId++,
        file,
        name: file.name,
        path,
        size: file.size,
        type: file.type,
        identity,
        md5: stored?.files.find((f) => f.identity === identity)?.md5 ?? null,
        pct: sent ? UPLOAD_STEP_PCT.complete : 0,
        status: sent ? UPLOAD_STATUS.skipped : UPLOAD_STATUS.pending,
        uploadComplete: false,
        alreadyUploaded: sent,
        uploadSucceeded: false,
        uploadError: null,
      };
    });
    this.set({ batchId: this.state.batchId + 1, items, cancelled: false, failedPrompt: 0 });
    await this.deps.persistence
      ?.begin(
        this.projectId,
        items.map((item) => ({
          identity: item.identity,
          name: item.name,
          size: item.size,
          lastModified: item.file.lastModified,
          md5: item.md5,
          state: item.alreadyUploaded ? 'done' : 'pending',
        })),
      )
      .catch(() => undefined);
    await this.run();
  }

  /** 'Retry N Images': only the failed files go again. */
  async retryFailed(): Promise<void> {
    if (this.state.running) return;
    const items = this.state.items.map((item) =>
      isFailedStatus(item.status)
        ? { ...item, status: UPLOAD_STATUS.pending, pct: 0, uploadError: null, uploadSucceeded: false }
        : item,
    );
    this.set({ items, failedPrompt: 0 });
    await this.run();
  }

  dismissFailed(): void {
    this.set({ failedPrompt: 0 });
  }

  dismissCancelled(): void {
    this.set({ cancelled: false });
  }

  /** 'Stop uploading': files not yet complete stay Pending (and resumable after a reload). */
  stop = (): void => {
    this.abort?.abort();
  };

  private async run(): Promise<void> {
    const abort = new AbortController();
    this.abort = abort;
    this.set({ running: true });
    try {
      let existing: ExistingMd5Response;
      try {
        existing = await this.deps.existingMd5(this.projectId, abort.signal);
      } catch (error) {
        if (!isAbort(error)) this.set({ cancelled: true });
        return;
      }
      const known = new Set(existing.md5Images);
      const queue = this.state.items.filter((item) => item.status === UPLOAD_STATUS.pending).map((i) => i.id);
      const workers = Math.max(1, existing.concurrentUploads || DEFAULT_CONCURRENT_UPLOADS);
      const work = async () => {
        for (let id = queue.shift(); id !== undefined && !abort.signal.aborted; id = queue.shift()) {
          await this.uploadOne(id, known, abort.signal);
        }
      };
      await Promise.all(Array.from({ length: workers }, work));
    } finally {
      this.abort = null;
      const stopped = abort.signal.aborted;
      const items = stopped
        ? this.state.items.map((item) =>
            item.status === UPLOAD_STATUS.uploading
              ? { ...item, status: UPLOAD_STATUS.pending, pct: 0 }
              : item,
          )
        : this.state.items;
      const failed = items.filter((item) => isFailedStatus(item.status)).length;
      this.set({
        items,
        running: false,
        waitingForNetwork: false,
        failedPrompt: stopped || this.state.cancelled ? 0 : failed,
        finishedRuns: this.state.finishedRuns + 1,
      });
      const persistence = this.deps.persistence;
      if (persistence) {
        // Nothing left to resume: the stored batch is no longer needed.
        const finished = items.every((item) => item.uploadComplete || item.alreadyUploaded);
        await (finished
          ? persistence.flush().then(() => persistence.clear(this.projectId))
          : persistence.flush()
        ).catch(() => undefined);
      }
    }
  }

  /**
   * One step with its tries: a lost network waits at the gate and does not use up a try; a 4xx answer
   * is final; anything else is tried again up to `tries` times.
   */
  private async step<T>(
    tries: number,
    signal: AbortSignal,
    fn: () => Promise<T>,
    network = true,
  ): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      try {
        if (signal.aborted) throw new DOMException('Stopped', 'AbortError');
        const result = await fn();
        // Stopped while the call ran: its answer is not acted on (the file stays Pending).
        if (signal.aborted) throw new DOMException('Stopped', 'AbortError');
        return result;
      } catch (error) {
        if (signal.aborted || isAbort(error)) throw new DOMException('Stopped', 'AbortError');
        if (network && isConnectionError(error) && (await this.gate.reachable(signal))) {
          attempt--;
          continue;
        }
        if (isFinal(error) || attempt >= tries) throw new StepFailed(error);
        await sleep(this.deps.retryDelayMs?.(attempt) ?? 500 * attempt, signal);
      }
    }
  }

  private fail(item: UploadItem, status: UploadStatus, error: unknown): void {
    const cause = error instanceof StepFailed ? error.reason : error;
    const failed = { ...item, status, uploadError: cause instanceof Error ? cause.message : String(cause) };
    this.patchItem(item.id, failed);
    void this.persist(failed, 'failed');
  }

  private async markSkipped(item: UploadItem): Promise<void> {
    await this.persistDone(item);
    this.patchItem(item.id, {
      status: UPLOAD_STATUS.skipped,
      alreadyUploaded: true,
      pct: UPLOAD_STEP_PCT.complete,
    });
  }

  private current(id: number): UploadItem {
    return this.state.items.find((item) => item.id === id) as UploadItem;
  }

  private async uploadOne(id: number, known: Set<string>, signal: AbortSignal): Promise<void> {
    const options = this.options as UploadOptions;
    const start = this.current(id);
    const file = start.file;
    this.patchItem(id, { status: UPLOAD_STATUS.uploading, pct: 0 });
    try {
      // 1. EXIF + XMP, 4 tries (a file that is no image fails as 1002, an unreadable one as 1003).
      let exif: Record<string, unknown>;
      try {
        exif = await this.step(UPLOAD_TRIES, signal, () => this.deps.readExif(file), false);
      } catch (error) {
        if (isAbort(error)) throw error;
        const unreadable = error instanceof StepFailed && error.reason instanceof ExifReadError;
        this.fail(this.current(id), unreadable ? UPLOAD_STATUS.readError : UPLOAD_STATUS.invalidImage, error);
        return;
      }
      this.patchItem(id, { pct: UPLOAD_STEP_PCT.metadata });

      // 2. md5 (base64) in the worker.
      let md5: string;
      try {
        md5 = await this.deps.hash(file);
      } catch (error) {
        this.fail(this.current(id), UPLOAD_STATUS.readError, error);
        return;
      }
      this.patchItem(id, { md5, pct: UPLOAD_STEP_PCT.md5 });
      if (known.has(md5)) {
        await this.markSkipped(this.current(id));
        return;
      }

      // 3. Token: alreadyUploaded, or a signed URL.
      let token: ImageUploadTokenResponse;
      try {
        token = await this.step(UPLOAD_TRIES, signal, () =>
          this.deps.token(options.projectId, md5, file.type, signal),
        );
      } catch (error) {
        if (isAbort(error)) throw error;
        this.fail(this.current(id), UPLOAD_STATUS.tokenFailed, error);
        return;
      }
      if (token.alreadyUploaded || !token.signedTokenUrl || !token.uuid || !token.imageUrl) {
        if (token.alreadyUploaded) await this.markSkipped(this.current(id));
        else this.fail(this.current(id), UPLOAD_STATUS.tokenFailed, 'No upload address was given.');
        return;
      }
      this.patchItem(id, { pct: UPLOAD_STEP_PCT.token });
      const { signedTokenUrl, uuid, imageUrl } = token;

      // 4. The bytes, with the file's content type.
      try {
        await this.step(UPLOAD_TRIES, signal, () => this.deps.putBlob(signedTokenUrl, file, signal));
      } catch (error) {
        if (isAbort(error)) throw error;
        this.fail(this.current(id), UPLOAD_STATUS.blobFailed, error);
        return;
      }
      this.patchItem(id, { pct: UPLOAD_STEP_PCT.blob });

      // 5. Completion with the browser's reading of the metadata (advisory: the server reads the file).
      const body: ImageUploadedBody = {
        exif,
        projectId: options.projectId,
        imageUrl,
        fileName: file.name,
        md5Hash: md5,
        structureId: options.structureId,
        imgSizeBytes: file.size,
        stepClip: options.stepClip,
      };
      let answer: ImageUploadedResponse;
      try {
        answer = await this.step(UPLOAD_TRIES, signal, () => this.deps.completed(uuid, body, signal));
      } catch (error) {
        if (isAbort(error)) throw error;
        this.fail(this.current(id), UPLOAD_STATUS.completionFailed, error);
        return;
      }
      if (answer.addImageResponse.error) {
        this.fail(this.current(id), UPLOAD_STATUS.completionFailed, answer.addImageResponse.error);
        return;
      }
      if (answer.alreadyUploaded) {
        await this.markSkipped(this.current(id));
        return;
      }
      known.add(md5);
      const complete = {
        status: UPLOAD_STATUS.complete,
        pct: UPLOAD_STEP_PCT.complete,
        uploadComplete: true,
        uploadSucceeded: true,
      } as const;
      await this.persistDone(this.current(id));
      this.patchItem(id, complete);
    } catch (error) {
      if (!isAbort(error)) throw error;
    }
  }
}

/** Overall progress of a state (spec 2 §4). */
