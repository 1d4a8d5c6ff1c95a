import { UPLOAD_STATUS } from '@linewalker/domain';
import { describe, expect, it } from 'vitest';
import { md5Base64 } from './md5.ts';
import { fakeUploadServer, MemoryPersistence } from './testing/fakeServer.ts';
import { notAPhoto, photoFile } from './testing/photos.ts';
import { UploadController } from './uploadController.ts';
import { progressOf } from './uploadTypes.ts';

const PROJECT = 7;
const dropped = (files: File[]) => files.map((file) => ({ file, path: `flight/${file.name}` }));
const statuses = (c: UploadController) => c.getState().items.map((i) => i.status);
const options = { projectId: PROJECT, structureId: null, stepClip: null };

describe('the per-file upload flow', () => {
  it('uploads new photos, skips those already in the project, and fails a file that is no image', async () => {
    const already = photoFile('DJI_0002.JPG');
    const server = fakeUploadServer({ existing: [await md5Base64(already)] });
    const controller = new UploadController(PROJECT, server.deps);
    const files = [
      photoFile('DJI_0001.JPG'),
      already,
      photoFile('DJI_0003.png', 'c', 'image/png'),
      notAPhoto('x.jpg'),
    ];
    const seenPct = new Set<number>();
    controller.subscribe(() => {
      for (const item of controller.getState().items) seenPct.add(item.pct);
    });

    await controller.start(dropped(files), { ...options, structureId: 42 });

    expect(statuses(controller)).toEqual([
      UPLOAD_STATUS.complete,
      UPLOAD_STATUS.skipped,
      UPLOAD_STATUS.complete,
      UPLOAD_STATUS.invalidImage,
    ]);
    expect([...seenPct].sort((a, b) => a - b)).toEqual([0, 10, 15, 50, 70, 100]);
    expect(progressOf(controller.getState())).toBe(75);
    expect(server.puts).toEqual([
      expect.stringMatching(/ DJI_0001\.JPG image\/jpeg$/),
      expect.stringMatching(/ DJI_0003\.png image\/png$/),
    ]);
    // Manual assignment sends the structure; the browser's EXIF goes along (advisory).
    const body = server.completions[0];
    expect(body).toMatchObject({
      projectId: PROJECT,
      structureId: 42,
      fileName: 'DJI_0001.JPG',
      imgSizeBytes: files[0]?.size,
    });
    expect(body?.exif).toMatchObject({
      latitude: 40.1,
      longitude: -98.2,
      GimbalPitchDegree: -30,
      Make: 'DJI',
    });
    const state = controller.getState();
    expect(state.running).toBe(false);
    expect(state.failedPrompt).toBe(1);
  });

  it('uploads at most concurrentUploads files at once', async () => {
    const server = fakeUploadServer({ concurrentUploads: 3 });
    const controller = new UploadController(PROJECT, server.deps);
    await controller.start(dropped(Array.from({ length: 12 }, (_, i) => photoFile(`P${i}.jpg`))), options);
    expect(statuses(controller).every((s) => s === UPLOAD_STATUS.complete)).toBe(true);
    expect(server.maxInFlight).toBeLessThanOrEqual(3);
    expect(server.maxInFlight).toBeGreaterThan(1);
  });

  it('tries token, PUT and completion 4 times on server errors, once on a 4xx, with the spec codes', async () => {
    const server = fakeUploadServer({ concurrentUploads: 1 });
    server.failures.token = (n) => (n <= 4 ? server.httpError(503) : null);
    server.failures.put = (n) => (n === 1 ? server.httpError(403) : null);
    server.failures.completed = (n) => (n <= 4 ? server.httpError(500) : null);
    const controller = new UploadController(PROJECT, server.deps);
    await controller.start(
      dropped([photoFile('a.jpg'), photoFile('b.jpg'), photoFile('c.jpg'), photoFile('d.jpg')]),
      options,
    );
    expect(statuses(controller)).toEqual([
      UPLOAD_STATUS.tokenFailed,
      UPLOAD_STATUS.blobFailed,
      UPLOAD_STATUS.completionFailed,
      UPLOAD_STATUS.complete,
    ]);
    expect(server.calls).toMatchObject({ token: 7, put: 3 });
    expect(controller.getState().failedPrompt).toBe(3);

    // 'Retry N Images' sends only the failed ones again.
    const before = server.calls.token;
    await controller.retryFailed();
    expect(
      statuses(controller).every((s) => s === UPLOAD_STATUS.complete || s === UPLOAD_STATUS.skipped),
    ).toBe(true);
    expect(server.calls.token - before).toBe(3);
    expect(controller.getState().failedPrompt).toBe(0);
  });

  it('cancels with Error 1001 when the list of existing photos cannot be loaded', async () => {
    const server = fakeUploadServer();
    server.failures.existing = () => server.httpError(500);
    const controller = new UploadController(PROJECT, server.deps);
    await controller.start(dropped([photoFile('a.jpg')]), options);
    expect(controller.getState().cancelled).toBe(true);
    expect(statuses(controller)).toEqual([UPLOAD_STATUS.pending]);
    expect(server.calls.token).toBe(0);
  });
});

describe('a network drop mid-batch', () => {
  it('pauses the queue, says so, and resumes instead of failing the files', async () => {
    const server = fakeUploadServer();
    let puts = 0;
    let sawWaiting = false;
    server.failures.put = () => {
      puts++;
      if (puts === 3) server.setOnline(false);
      return null;
    };
    const controller = new UploadController(PROJECT, server.deps);
    controller.subscribe(() => {
      if (controller.getState().waitingForNetwork && !sawWaiting) {
        sawWaiting = true;
        setTimeout(() => server.setOnline(true), 20);
      }
    });
    await controller.start(dropped(Array.from({ length: 8 }, (_, i) => photoFile(`N${i}.jpg`))), options);
    expect(sawWaiting).toBe(true);
    expect(statuses(controller).every((s) => s === UPLOAD_STATUS.complete)).toBe(true);
    expect(controller.getState().waitingForNetwork).toBe(false);
    expect(controller.getState().failedPrompt).toBe(0);
  });
});

describe('resuming after a reload', () => {
  it('sends only the files that did not finish when the same folder is dropped again', async () => {
    const persistence = new MemoryPersistence();
    const server = fakeUploadServer({ concurrentUploads: 1 });
    const files = Array.from({ length: 6 }, (_, i) => photoFile(`R${i}.jpg`));
    const first = new UploadController(PROJECT, { ...server.deps, persistence });
    first.subscribe(() => {
      if (first.getState().items.filter((i) => i.status === UPLOAD_STATUS.complete).length === 2)
        first.stop();
    });
    await first.start(dropped(files), options);
    expect(statuses(first).filter((s) => s === UPLOAD_STATUS.complete)).toHaveLength(2);
    expect(statuses(first).filter((s) => s === UPLOAD_STATUS.pending)).toHaveLength(4);
    const unfinished = (await persistence.load(PROJECT))?.files.filter((f) => f.state !== 'done');
    expect(unfinished?.map((f) => f.name)).toEqual(['R2.jpg', 'R3.jpg', 'R4.jpg', 'R5.jpg']);

    // A new page: a new controller, the same folder (new File objects with the same name, size, time).
    const putsBefore = server.puts.length;
    const tokensBefore = server.tokenCalls.length;
    const second = new UploadController(PROJECT, { ...server.deps, persistence });
    await second.start(dropped(Array.from({ length: 6 }, (_, i) => photoFile(`R${i}.jpg`))), options);
    expect(statuses(second)).toEqual([
      UPLOAD_STATUS.skipped,
      UPLOAD_STATUS.skipped,
      UPLOAD_STATUS.complete,
      UPLOAD_STATUS.complete,
      UPLOAD_STATUS.complete,
      UPLOAD_STATUS.complete,
    ]);
    expect(server.puts.length - putsBefore).toBe(4);
    expect(server.tokenCalls.length - tokensBefore).toBe(4);
    expect(progressOf(second.getState())).toBe(100);
    // Everything arrived: nothing is left to resume.
    expect(await persistence.load(PROJECT)).toBeNull();
  });

  it('shows a photo Complete only once the browser has recorded it (a reload right then counts it done)', async () => {
    const persistence = new MemoryPersistence();
    let release = () => {};
    const server = fakeUploadServer({ concurrentUploads: 1 });
    const controller = new UploadController(PROJECT, { ...server.deps, persistence });
    // Every time a photo is shown Complete, the stored batch must already say so.
    const shownButNotStored: string[] = [];
    controller.subscribe(() => {
      const batch = persistence.batches.get(PROJECT);
      for (const item of controller.getState().items) {
        if (item.status !== UPLOAD_STATUS.complete) continue;
        const stored = batch?.files.find((f) => f.identity === item.identity);
        if (stored?.state !== 'done') shownButNotStored.push(item.file.name);
      }
    });
    // A slow store: the first photo's record waits until released.
    persistence.gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const started = controller.start(dropped([photoFile('S0.jpg'), photoFile('S1.jpg')]), options);
    await expect.poll(() => server.completions.length).toBe(1);
    expect(statuses(controller)[0]).not.toBe(UPLOAD_STATUS.complete);
    persistence.gate = null;
    release();
    await started;
    expect(statuses(controller)).toEqual([UPLOAD_STATUS.complete, UPLOAD_STATUS.complete]);
    expect(shownButNotStored).toEqual([]);
  });
});
