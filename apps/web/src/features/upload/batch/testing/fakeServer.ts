import type {
  ExistingMd5Response,
  ImageUploadedBody,
  ImageUploadedResponse,
  ImageUploadTokenResponse,
} from '@linewalker/domain';
import { readExif } from '../exif.ts';
import { md5Base64 } from '../md5.ts';
import type { BatchPersistence, StoredBatch, StoredFile, StoredFileState } from '../persistence.ts';
import type { UploadDeps } from '../uploadTypes.ts';

/**
 * The upload calls of the server at the network boundary, in memory: a project's md5 list, tokens,
 * stored bytes and completions, following the contract in `api/images.ts`. `fail` lets a test make a
 * call fail (an HTTP status, or a lost connection as fetch reports it: a TypeError).
 */
export function fakeUploadServer(options: { existing?: string[]; concurrentUploads?: number } = {}) {
  const stored = new Set(options.existing ?? []);
  const tokens = new Map<string, string>();
  const puts: string[] = [];
  const tokenCalls: string[] = [];
  const completions: ImageUploadedBody[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  const failures: Partial<Record<'existing' | 'token' | 'put' | 'completed', (n: number) => unknown>> = {};
  const calls = { existing: 0, token: 0, put: 0, completed: 0 };
  let online = true;

  const maybeFail = (kind: keyof typeof calls) => {
    calls[kind]++;
    if (!online) throw new TypeError('Failed to fetch');
    const failure = failures[kind]?.(calls[kind]);
    if (failure) throw failure;
  };
  const httpError = (status: number) => Object.assign(new Error(`HTTP ${status}`), { status });
  let uuids = 0;

  const deps: UploadDeps = {
    existingMd5: async (): Promise<ExistingMd5Response> => {
      maybeFail('existing');
      return { md5Images: [...stored], concurrentUploads: options.concurrentUploads ?? 2 };
    },
    token: async (_projectId, md5): Promise<ImageUploadTokenResponse> => {
      maybeFail('token');
      tokenCalls.push(md5);
      if (stored.has(md5)) return { alreadyUploaded: true, uuid: null, signedTokenUrl: null, imageUrl: null };
      const uuid = `00000000-0000-4000-8000-${String(++uuids).padStart(12, '0')}`;
      tokens.set(uuid, md5);
      return {
        alreadyUploaded: false,
        uuid,
        signedTokenUrl: `/files/put/${uuid}`,
        imageUrl: `images/${uuid}`,
      };
    },
    putBlob: async (url, file) => {
      inFlight++;
      maxInFlight = Math.max(maxInFlight, inFlight);
      try {
        await new Promise((r) => setTimeout(r, 2));
        maybeFail('put');
        puts.push(`${url} ${file.name} ${file.type}`);
      } finally {
        inFlight--;
      }
    },
    completed: async (uuid, body): Promise<ImageUploadedResponse> => {
      maybeFail('completed');
      completions.push(body);
      const md5 = tokens.get(uuid);
      if (md5 !== body.md5Hash)
        return { alreadyUploaded: false, imageId: null, addImageResponse: { error: 'md5' } };
      if (stored.has(md5)) return { alreadyUploaded: true, imageId: null, addImageResponse: { error: null } };
      stored.add(md5);
      return { alreadyUploaded: false, imageId: stored.size, addImageResponse: { error: null } };
    },
    hash: md5Base64,
    readExif,
    probe: async () => online,
    retryDelayMs: () => 0,
    networkWait: (_ms, signal) =>
      new Promise((resolve, reject) => {
        if (signal.aborted) reject(new DOMException('Stopped', 'AbortError'));
        else setTimeout(resolve, 1);
      }),
  };

  return {
    deps,
    stored,
    puts,
    tokenCalls,
    completions,
    calls,
    failures,
    httpError,
    get maxInFlight() {
      return maxInFlight;
    },
    setOnline(value: boolean) {
      online = value;
    },
  };
}

/** The browser store in memory (IndexedDB itself runs in the e2e journey). */
export class MemoryPersistence implements BatchPersistence {
  batches = new Map<number, StoredBatch>();
  async load(projectId: number) {
    const batch = this.batches.get(projectId);
    return batch ? { ...batch, files: batch.files.map((f) => ({ ...f })) } : null;
  }
  async begin(projectId: number, files: StoredFile[]) {
    this.batches.set(projectId, {
      projectId,
      startedAt: new Date().toISOString(),
      files: files.map((f) => ({ ...f })),
    });
  }
  /** While set, each write waits for this before it is done (a slow store). */
  gate: Promise<void> | null = null;
  async update(projectId: number, identity: string, state: StoredFileState, md5: string | null) {
    if (this.gate) await this.gate;
    const file = this.batches.get(projectId)?.files.find((f) => f.identity === identity);
    if (file) Object.assign(file, { state, md5: md5 ?? file.md5 });
  }
  async flush() {}
  async clear(projectId: number) {
    this.batches.delete(projectId);
  }
}
