import { inspectorsOnly, type MatrixRow, staffOnly } from '../matrix.ts';

/** Super admins and project managers create and edit models; other roles are refused. */
const managers = (status: number) => ({ ...staffOnly(403), super_admin: status, project_manager: status });
let created = 0;

export const aiRows: Record<string, MatrixRow> = {
  'GET /api/v1/ai/models': { request: () => ({ url: '/api/v1/ai/models' }), expect: inspectorsOnly(200) },
  'GET /api/v1/ai/model/:id': {
    request: (fx) => ({ url: `/api/v1/ai/model/${fx.ai.modelId}` }),
    expect: inspectorsOnly(200),
  },
  'POST /api/v1/ai/model': {
    request: () => ({
      url: '/api/v1/ai/model',
      payload: { className: `Matrix Created ${++created}`, description: null, holdback_pct: 10 },
    }),
    expect: managers(200),
  },
  'PUT /api/v1/ai/model/:id': {
    request: (fx) => ({
      url: `/api/v1/ai/model/${fx.ai.modelId}`,
      payload: { className: `Matrix Model ${fx.ai.modelId}`, description: 'edited', holdback_pct: 12 },
    }),
    expect: managers(200),
  },
  'GET /api/v1/ai/upload_img_token/:id': {
    request: (fx) => ({ url: `/api/v1/ai/upload_img_token/${fx.ai.modelId}` }),
    expect: inspectorsOnly(200),
  },
  'POST /api/v1/ai/image_uploaded/:id': {
    // An upload that never arrived: inspectors are let through to 409 upload_incomplete (ai.test.ts uploads).
    request: (fx) => ({
      url: `/api/v1/ai/image_uploaded/${fx.ai.modelId}`,
      payload: {
        imageUrl: `ai/uploads/${fx.ai.modelId}/never.jpg`,
        fileName: 'never.jpg',
        md5_hash: '1B2M2Y8AsgTpgAmY7PhCfg==',
      },
    }),
    expect: inspectorsOnly(409),
  },
  'GET /api/v1/ai/model/:id/images': {
    request: (fx) => ({ url: `/api/v1/ai/model/${fx.ai.modelId}/images` }),
    expect: inspectorsOnly(200),
  },
  'POST /api/v1/ai/patch/:modelId': {
    request: (fx) => ({
      url: `/api/v1/ai/patch/${fx.ai.modelId}`,
      payload: { image_id: fx.ai.imageId, left: 5, top: 5, width: 20, height: 20, polygon: null, note: null },
    }),
    expect: inspectorsOnly(200),
  },
  'POST /api/v1/ai/deletePatch/:id': {
    request: (fx) => ({ url: `/api/v1/ai/deletePatch/${fx.ai.nextPatchId()}` }),
    expect: inspectorsOnly(200),
  },
  'POST /api/v1/ai/model/:id/images/:imageId/nothingToFind': {
    request: (fx) => ({
      url: `/api/v1/ai/model/${fx.ai.modelId}/images/${fx.ai.imageId}/nothingToFind`,
      payload: { nothing_to_find: true },
    }),
    expect: inspectorsOnly(200),
  },
  'POST /api/v1/ai/startTraining/:id': {
    // The fixture's model has one marked-up image: managers are let through to 409 not_ready_for_training.
    request: (fx) => ({ url: `/api/v1/ai/startTraining/${fx.ai.modelId}` }),
    expect: managers(409),
  },
  'POST /api/v1/ai/model/:id/cancelTraining': {
    request: (fx) => ({ url: `/api/v1/ai/model/${fx.ai.modelId}/cancelTraining` }),
    expect: managers(409),
  },
  'POST /api/v1/ai/model/:id/detect': {
    // Not trained: readers are let through to 409 model_not_trained (training.test.ts detects).
    request: (fx) => ({
      url: `/api/v1/ai/model/${fx.ai.modelId}/detect`,
      payload: Buffer.from([0xff, 0xd8, 0xff, 0xe0]),
      headers: { 'content-type': 'image/jpeg' },
    }),
    expect: inspectorsOnly(409),
  },
  'POST /api/v1/ai/model/:id/runOnProject': {
    // Not trained: managers are let through to 409 model_not_trained (markups.test.ts runs one).
    request: (fx) => ({
      url: `/api/v1/ai/model/${fx.ai.modelId}/runOnProject`,
      payload: { projectId: fx.projectId, onlyUnreviewed: false },
    }),
    expect: managers(409),
    object: {
      other: managers(409),
      none: { ...managers(404) },
    },
  },
  'GET /api/v1/ai/markups': {
    request: (fx) => ({ url: `/api/v1/ai/markups?imageId=${fx.imageId}` }),
    expect: inspectorsOnly(200),
    object: {},
  },
  'POST /api/v1/ai/markups/:id/dismiss': {
    request: (fx) => ({ url: `/api/v1/ai/markups/${fx.ai.nextMarkupId()}/dismiss` }),
    expect: inspectorsOnly(200),
  },
  'POST /api/v1/ai/markups/:id/accept': {
    // A component that does not exist: reviewers are let through to 400 annotation_invalid.
    request: (fx) => ({
      url: `/api/v1/ai/markups/${fx.ai.nextMarkupId()}/accept`,
      payload: { category: 999_999, risk_level: 3 },
    }),
    expect: inspectorsOnly(400),
  },
  'POST /api/v1/ai/markups/reviewAll': {
    // Dismissing above a score no markup reaches: reviewers are let through to 200, nothing changed.
    request: (fx) => ({
      url: '/api/v1/ai/markups/reviewAll',
      payload: { imageId: fx.imageId, minScore: 1, action: 'dismiss' },
    }),
    expect: inspectorsOnly(200),
  },
};
