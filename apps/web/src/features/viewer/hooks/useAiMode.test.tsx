import type { AiMarkup, AiModel, AiPhotoPatch, InspectionImage } from '@linewalker/domain';
import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { eventually } from '../../../testing/eventually.ts';
import { fakeApi, providers, testQueryClient } from '../../../testing/render.tsx';
import { useAiMode } from './useAiMode.ts';

const model = (id: number, name: string): AiModel => ({
  id,
  model_class_id: null,
  model_class_name: name,
  model_holdbackpercentage: 10,
  model_notes: null,
  imgs_total: 120,
  imgs_ready_for_training: 110,
  imgs_not_ready_for_training: 10,
  users_contibuting: 2,
  userinitatedstarttrainingdate: null,
  currentstep: 0,
  totalstepcount: 0,
  state: 'Ready to Train',
  latest_version: null,
});
const markup = (id: number, modelId: number, imageId: number): AiMarkup => ({
  id,
  model_id: modelId,
  model_class_name: modelId === 1 ? 'Broken insulator' : 'Bird nest',
  version: 1,
  image_id: imageId,
  left: 10,
  top: 10,
  width: 20,
  height: 20,
  score: 0.9,
  status: 'open',
  annotation_id: null,
});
const patch = (id: number, modelId: number): AiPhotoPatch => ({
  id,
  model_id: modelId,
  model_class_name: modelId === 1 ? 'Broken insulator' : 'Bird nest',
  left: 1,
  top: 2,
  width: 30,
  height: 40,
  polygon: null,
  note: null,
  created_by: 7,
  created_by_name: 'Ina Spector',
});
const photo = (id: number) => ({ id, width: 448, height: 336 }) as unknown as InspectionImage;

function server() {
  return fakeApi((r) => {
    if (r.url.startsWith('/api/v1/ai/models')) {
      return { status: 200, body: [model(1, 'Broken insulator'), model(2, 'Bird nest')] };
    }
    const imageId = Number(/imageId=(\d+)/.exec(r.url)?.[1]);
    if (r.url.startsWith('/api/v1/ai/markups')) {
      return {
        status: 200,
        body: {
          markups: [markup(imageId * 10 + 1, 1, imageId), markup(imageId * 10 + 2, 2, imageId)],
          img_id: null,
          patches: [patch(imageId * 10 + 3, 1), patch(imageId * 10 + 4, 2)],
        },
      };
    }
    if (r.url === '/api/v1/annotations') {
      return { status: 200, body: { ok: true, success: true, patch: patch(99, 2) } };
    }
    return { status: 404, body: { message: 'no' } };
  });
}

afterEach(() => vi.unstubAllGlobals());

describe('the AI mode’s model choice', () => {
  it('shows all models, then one model’s markups and patches, and keeps the choice while stepping', async () => {
    const api = server();
    vi.stubGlobal('fetch', api.fetch);
    const { result, rerender } = renderHook(({ image }) => useAiMode(image, 5, true), {
      wrapper: providers(testQueryClient()),
      initialProps: { image: photo(1) },
    });
    // Off: nothing is fetched.
    expect(api.requests).toEqual([]);
    act(() => result.current.toggle());
    await eventually(() => expect(result.current.markupList?.map((m) => m.id)).toEqual([11, 12]));
    await eventually(() => expect(result.current.models?.map((m) => m.id)).toEqual([1, 2]));
    expect(result.current.modelId).toBeNull();
    expect(result.current.canDraw).toBe(false);
    expect(result.current.patches.map((p) => p.id)).toEqual([13, 14]);

    act(() => result.current.setModelId(2));
    expect(result.current.markupList?.map((m) => m.id)).toEqual([12]);
    expect(result.current.layerMarkups.map((m) => m.id)).toEqual([12]);
    expect(result.current.patches.map((p) => p.id)).toEqual([14]);
    expect(result.current.canDraw).toBe(true);

    // The next photo: the same model stays chosen.
    rerender({ image: photo(2) });
    await eventually(() => expect(result.current.markupList?.map((m) => m.id)).toEqual([22]));
    expect(result.current.modelId).toBe(2);
    expect(result.current.patches.map((p) => p.id)).toEqual([24]);

    // A shape drawn now is saved as a patch of that model (spec 2 §7 'Insert AI patch': model_id).
    await act(() =>
      result.current.patchMutations.create.mutateAsync({
        modelId: 2,
        shape: { rectangle: { x: 5, y: 6, width: 40, height: 30 } },
        text: null,
        imageWidth: 448,
        imageHeight: 336,
      }),
    );
    const sent = api.requests.find((r) => r.method === 'POST');
    expect(sent).toMatchObject({
      url: '/api/v1/annotations',
      body: {
        image_id: 2,
        model_id: 2,
        rectangle: { x: 5, y: 6, width: 40, height: 30 },
        image_width: 448,
        image_height: 336,
      },
    });

    act(() => result.current.setModelId(null));
    expect(result.current.markupList?.map((m) => m.id)).toEqual([21, 22]);
  });
});
