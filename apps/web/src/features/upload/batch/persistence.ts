/**
 * The batch kept in IndexedDB so an upload survives a reload, a closed tab or a sleeping laptop: per
 * project, each file's name, size, modification time, md5 and state. After a reload the Upload area
 * says how many did not finish, and a re-drop of the same folder sends only those.
 */
export type StoredFileState = 'pending' | 'done' | 'failed';

export interface StoredFile {
  identity: string;
  name: string;
  size: number;
  lastModified: number;
  md5: string | null;
  state: StoredFileState;
}

export interface StoredBatch {
  projectId: number;
  startedAt: string;
  files: StoredFile[];
}

export interface BatchPersistence {
  load(projectId: number): Promise<StoredBatch | null>;
  /** Replaces the project's stored batch. */
  begin(projectId: number, files: StoredFile[]): Promise<void>;
  /**
   * One file's new state; written in small groups, not one transaction per file. Resolves once it is
   * written (a caller may ignore it: a failed write is not thrown at it).
   */
  update(projectId: number, identity: string, state: StoredFileState, md5: string | null): Promise<void>;
  flush(): Promise<void>;
  clear(projectId: number): Promise<void>;
}

/** Files of a stored batch that did not finish (still pending, or failed). */
export const unfinishedFiles = (batch: StoredBatch | null): StoredFile[] =>
  batch ? batch.files.filter((f) => f.state !== 'done') : [];

const DB_NAME = 'linewalker-uploads';
const BATCHES = 'batches';
const FILES = 'files';

interface FileRow extends StoredFile {
  projectId: number;
}

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

function done(tx: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error);
    tx.onabort = () => reject(tx.error);
  });
}

/** Every key [projectId, identity] of one project: arrays sort after strings, so [id, []] is past them all. */
const projectRange = (projectId: number) => IDBKeyRange.bound([projectId], [projectId, []]);

/** The IndexedDB store of upload batches; writes are grouped every `flushMs`. */
export class IndexedDbBatchPersistence implements BatchPersistence {
  private db: Promise<IDBDatabase> | null = null;
  private pending = new Map<
    string,
    { projectId: number; identity: string; state: StoredFileState; md5: string | null }
  >();
  private timer: ReturnType<typeof setTimeout> | null = null;
  /** Callers waiting for the pending changes to be written. */
  private waiting: { resolve: () => void; reject: (cause: unknown) => void }[] = [];

  constructor(
    private readonly factory: IDBFactory = indexedDB,
    private readonly flushMs = 400,
  ) {}

  private open(): Promise<IDBDatabase> {
    if (!this.db) {
      this.db = new Promise((resolve, reject) => {
        const req = this.factory.open(DB_NAME, 1);
        req.onupgradeneeded = () => {
          const db = req.result;
          db.createObjectStore(BATCHES, { keyPath: 'projectId' });
          db.createObjectStore(FILES, { keyPath: ['projectId', 'identity'] });
        };
        req.onsuccess = () => resolve(req.result);
        req.onerror = () => reject(req.error);
      });
    }
    return this.db;
  }

  async load(projectId: number): Promise<StoredBatch | null> {
    await this.flush();
    const db = await this.open();
    const tx = db.transaction([BATCHES, FILES], 'readonly');
    const meta = (await request(tx.objectStore(BATCHES).get(projectId))) as
      | { projectId: number; startedAt: string }
      | undefined;
    if (!meta) return null;
    const rows = (await request(tx.objectStore(FILES).getAll(projectRange(projectId)))) as FileRow[];
    return {
      projectId,
      startedAt: meta.startedAt,
      files: rows.map(({ projectId: _p, ...file }) => file),
    };
  }

  async begin(projectId: number, files: StoredFile[]): Promise<void> {
    for (const key of [...this.pending.keys()])
      if (this.pending.get(key)?.projectId === projectId) this.pending.delete(key);
    const db = await this.open();
    const tx = db.transaction([BATCHES, FILES], 'readwrite');
    const fileStore = tx.objectStore(FILES);
    fileStore.delete(projectRange(projectId));
    tx.objectStore(BATCHES).put({ projectId, startedAt: new Date().toISOString() });
    for (const file of files) fileStore.put({ ...file, projectId } satisfies FileRow);
    await done(tx);
  }

  update(projectId: number, identity: string, state: StoredFileState, md5: string | null): Promise<void> {
    this.pending.set(`${projectId}\u0000${identity}`, { projectId, identity, state, md5 });
    const written = new Promise<void>((resolve, reject) => this.waiting.push({ resolve, reject }));
    // Handled here, so a caller that does not wait for it never sees an unhandled rejection.
    written.catch(() => undefined);
    // A finished photo is written at once (with whatever else waits): the panel shows it finished only
    // once this write is done, so a reload never sends it again or counts it as unfinished. The rest (a
    // failure) waits a moment, to be written in a group.
    if (state === 'done' && this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    if (!this.timer)
      this.timer = setTimeout(
        () => void this.flush().catch(() => undefined),
        state === 'done' ? 0 : this.flushMs,
      );
    return written;
  }

  async flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const waiting = this.waiting;
    this.waiting = [];
    const changes = [...this.pending.values()];
    this.pending.clear();
    try {
      if (changes.length > 0) {
        const db = await this.open();
        const tx = db.transaction(FILES, 'readwrite');
        const store = tx.objectStore(FILES);
        for (const change of changes) {
          const req = store.get([change.projectId, change.identity]);
          req.onsuccess = () => {
            const row = req.result as FileRow | undefined;
            if (row) store.put({ ...row, state: change.state, md5: change.md5 ?? row.md5 });
          };
        }
        await done(tx);
      }
      for (const w of waiting) w.resolve();
    } catch (cause) {
      for (const w of waiting) w.reject(cause);
      throw cause;
    }
  }

  async clear(projectId: number): Promise<void> {
    const db = await this.open();
    const tx = db.transaction([BATCHES, FILES], 'readwrite');
    tx.objectStore(FILES).delete(projectRange(projectId));
    tx.objectStore(BATCHES).delete(projectId);
    await done(tx);
  }
}

let shared: BatchPersistence | null | undefined;

/** The browser's store, or none where IndexedDB is missing (private modes, tests). */
export function browserPersistence(): BatchPersistence | null {
  if (shared === undefined)
    shared = typeof indexedDB === 'undefined' ? null : new IndexedDbBatchPersistence();
  return shared;
}
