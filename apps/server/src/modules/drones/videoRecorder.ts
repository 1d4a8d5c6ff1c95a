import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { type FileHandle, mkdir, open, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { aviFrameChunkHeader, aviHeader, aviIndex, type DroneStatus } from '@linewalker/domain';
import sharp from 'sharp';
import type { Db } from '../../platform/db/client.ts';
import type { Storage } from '../../platform/storage/storage.ts';
import { insertRecording } from './recordings.repository.ts';

/** A recording stops growing at 30 minutes of a 30 fps stream (the file then ends there). */
export const MAX_RECORDING_FRAMES = 30 * 60 * 30;
/** Frames waiting for the disk beyond this are dropped: a slow disk costs frames, never memory. */
const MAX_QUEUED_FRAMES = 30;
const PAD = Buffer.alloc(1);

export interface FrameSource {
  onFrame(listener: (jpeg: Buffer, renderedAt: number) => void): () => void;
}

interface Recording {
  startedAt: number;
  startedBy: number | null;
  path: string;
  file: FileHandle | null;
  sizes: number[];
  firstAt: number;
  lastAt: number;
  width: number;
  height: number;
  queued: number;
  stopFrames: () => void;
}

/**
 * Records the camera while the vehicle says it records (Space held on the console), in the process holding
 * the vehicle link: each frame is appended as it comes to a temporary file, and when recording stops the
 * MJPEG AVI (header, frames, index) is streamed into storage and listed with the flight. Nothing is
 * re-encoded: the file holds the frames the pilot saw.
 */
export class VideoRecorder {
  private current: Recording | null = null;
  private writes: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Db,
    private readonly storage: Storage,
    private readonly droneId: number,
    private readonly source: FrameSource,
    private readonly pilotId: () => number | null,
    private readonly onError: (err: unknown, what: string) => void,
  ) {}

  onStatus(s: DroneStatus): void {
    if (s.recording && !this.current) this.start(s.at);
    else if (!s.recording && this.current) this.finish(s.at);
  }

  /** The link closes: a recording still running ends here. */
  close(): Promise<void> {
    if (this.current) this.finish(Date.now());
    return this.writes;
  }

  private start(at: number): void {
    const recording: Recording = {
      startedAt: at,
      startedBy: this.pilotId(),
      path: join(tmpdir(), 'linewalker-recordings', `${this.droneId}-${randomUUID()}.part`),
      file: null,
      sizes: [],
      firstAt: at,
      lastAt: at,
      width: 0,
      height: 0,
      queued: 0,
      stopFrames: () => {},
    };
    this.current = recording;
    this.write(async () => {
      await mkdir(join(tmpdir(), 'linewalker-recordings'), { recursive: true });
      recording.file = await open(recording.path, 'w');
    });
    recording.stopFrames = this.source.onFrame((jpeg, renderedAt) => this.frame(recording, jpeg, renderedAt));
  }

  private frame(recording: Recording, jpeg: Buffer, renderedAt: number): void {
    if (recording.queued >= MAX_QUEUED_FRAMES) return;
    if (recording.sizes.length + recording.queued >= MAX_RECORDING_FRAMES) return;
    recording.queued++;
    this.write(async () => {
      recording.queued--;
      if (!recording.file) return;
      if (recording.sizes.length === 0) {
        const meta = await sharp(jpeg).metadata();
        recording.width = meta.width ?? 0;
        recording.height = meta.height ?? 0;
        recording.firstAt = renderedAt;
      }
      const parts = [Buffer.from(aviFrameChunkHeader(jpeg.length)), jpeg];
      if (jpeg.length % 2) parts.push(PAD);
      await recording.file.writev(parts);
      recording.sizes.push(jpeg.length);
      recording.lastAt = renderedAt;
    });
  }

  private finish(at: number): void {
    const recording = this.current!;
    this.current = null;
    recording.stopFrames();
    this.write(async () => {
      try {
        await recording.file?.close();
        if (recording.sizes.length > 0) await this.store(recording, at);
      } finally {
        await rm(recording.path, { force: true });
      }
    });
  }

  /** Header, the frames as appended, the index: streamed into storage, then listed. */
  private async store(recording: Recording, endedAt: number): Promise<void> {
    const frames = recording.sizes.length;
    const span = (recording.lastAt - recording.firstAt) / 1000;
    const fps = frames > 1 && span > 0 ? (frames - 1) / span : 15;
    const video = { width: recording.width, height: recording.height, fps, frameSizes: recording.sizes };
    const header = Buffer.from(aviHeader(video));
    const index = Buffer.from(aviIndex(recording.sizes));
    const path = recording.path;
    async function* body() {
      yield header;
      for await (const chunk of createReadStream(path)) yield chunk as Buffer;
      yield index;
    }
    const key = `recordings/drone-${this.droneId}/${randomUUID()}.avi`;
    await this.storage.write(key, Readable.from(body()), 'video/x-msvideo');
    const moviBytes = recording.sizes.reduce((n, size) => n + 8 + size + (size % 2), 0);
    await insertRecording(this.db, {
      droneId: this.droneId,
      startedBy: recording.startedBy,
      startedAt: new Date(recording.startedAt),
      endedAt: new Date(Math.max(endedAt, recording.startedAt)),
      frames,
      fps: Math.round(fps * 100) / 100,
      width: recording.width,
      height: recording.height,
      bytes: header.length + moviBytes + index.length,
      storageKey: key,
    });
  }

  private write(work: () => Promise<void>): void {
    this.writes = this.writes.then(async () => {
      try {
        await work();
      } catch (err) {
        this.onError(err, 'drone video recording');
      }
    });
  }
}
