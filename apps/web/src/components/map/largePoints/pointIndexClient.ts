import type {
  Box,
  ClusterSettings,
  ClusterSummary,
  IndexAnswer,
  IndexRequest,
  PointSet,
} from './protocol.ts';

export interface ViewAnswer {
  points: Uint32Array;
  clusters: ClusterSummary[];
}

type Pending = { resolve: (answer: IndexAnswer) => void; reject: (error: Error) => void };

/**
 * The page's side of a large point layer's worker: hands it a point set (copies, transferred, so the caller
 * keeps its own arrays) and asks it for views and expansion zooms. Answers for a replaced point set reject.
 */
export class PointIndexClient {
  private readonly worker = new Worker(new URL('./pointIndex.worker.ts', import.meta.url), {
    type: 'module',
  });
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private generation = 0;

  constructor() {
    this.worker.onmessage = (event: MessageEvent<IndexAnswer>) => {
      const answer = event.data;
      const waiting = this.pending.get(answer.id);
      if (!waiting) return;
      this.pending.delete(answer.id);
      if (answer.type === 'error') waiting.reject(new Error(answer.message));
      else waiting.resolve(answer);
    };
    this.worker.onerror = (event) => {
      const error = new Error(event.message || 'The map index stopped unexpectedly.');
      for (const waiting of this.pending.values()) waiting.reject(error);
      this.pending.clear();
    };
  }

  /** Replaces the point set; returns its generation (views of older ones are refused). */
  load(points: PointSet, cluster: ClusterSettings): number {
    const copy: PointSet = {
      lng: points.lng.slice(),
      lat: points.lat.slice(),
      category: points.category.slice(),
    };
    this.generation += 1;
    this.post({ type: 'load', generation: this.generation, points: copy, cluster: { ...cluster } }, [
      copy.lng.buffer,
      copy.lat.buffer,
      copy.category.buffer,
    ]);
    return this.generation;
  }

  async view(generation: number, box: Box, zoom: number): Promise<ViewAnswer> {
    const answer = await this.ask({ type: 'view', id: this.nextId++, generation, box, zoom });
    if (answer.type !== 'view') throw new Error('unexpected answer');
    return { points: answer.points, clusters: answer.clusters };
  }

  async expansionZoom(generation: number, clusterId: number): Promise<number> {
    const answer = await this.ask({ type: 'expansion', id: this.nextId++, generation, clusterId });
    if (answer.type !== 'expansion') throw new Error('unexpected answer');
    return answer.zoom;
  }

  /** Lets the worker build the cluster levels now (after the first drawing), not at the first zoom out. */
  warm(generation: number): void {
    this.post({ type: 'warm', generation });
  }

  dispose(): void {
    this.worker.terminate();
    for (const waiting of this.pending.values()) waiting.reject(new Error('The map index was closed.'));
    this.pending.clear();
  }

  private ask(request: IndexRequest & { id: number }): Promise<IndexAnswer> {
    return new Promise((resolve, reject) => {
      this.pending.set(request.id, { resolve, reject });
      this.post(request);
    });
  }

  private post(request: IndexRequest, transfer: Transferable[] = []): void {
    this.worker.postMessage(request, transfer);
  }
}
