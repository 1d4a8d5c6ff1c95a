/// <reference lib="webworker" />
import { PointIndex } from './pointIndex.ts';
import type { IndexAnswer, IndexRequest } from './protocol.ts';

/**
 * A large point layer's worker: keeps the layer's point set (the newest `load`) and answers what the map's
 * view needs, off the page's thread. Requests for an older point set are answered as failures.
 */
let index: PointIndex | null = null;
let current = -1;

const answer = (message: IndexAnswer, transfer: Transferable[] = []) =>
  (self as DedicatedWorkerGlobalScope).postMessage(message, transfer);

self.onmessage = (event: MessageEvent<IndexRequest>) => {
  const request = event.data;
  if (request.type === 'load') {
    index = new PointIndex(request.points, request.cluster);
    current = request.generation;
    return;
  }
  if (!index || request.generation !== current) {
    if (request.type !== 'warm') answer({ type: 'error', id: request.id, message: 'stale point set' });
    return;
  }
  try {
    if (request.type === 'warm') index.warm();
    else if (request.type === 'view') {
      const { points, clusters } = index.view(request.box, request.zoom);
      answer({ type: 'view', id: request.id, generation: current, points, clusters }, [points.buffer]);
    } else {
      const zoom = index.expansionZoom(request.clusterId);
      answer({ type: 'expansion', id: request.id, generation: current, zoom });
    }
  } catch (err) {
    if (request.type !== 'warm')
      answer({ type: 'error', id: request.id, message: err instanceof Error ? err.message : String(err) });
  }
};
