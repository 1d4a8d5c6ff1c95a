import { loggedIn, type MatrixRow, staffOnly } from '../matrix.ts';

/** Objects of the own company: customers of another company get 404. */
const ownCompany = (status: number) => ({ ...loggedIn(status), customer_other: 404 });
/** Inspecting roles (role id below 4): users and customers are refused by role before any object is read. */
const inspecting = (status: number) => ({ ...staffOnly(status), user: 403 });
let sequence = 0;

/** The inspection viewer: reads, review actions, annotations, categories and notes. */
export const reviewRows: Record<string, MatrixRow> = {
  'GET /api/v1/review/inspections/:id': {
    request: (fx) => ({ url: `/api/v1/review/inspections/${fx.inspectionIds[0]}` }),
    expect: ownCompany(200),
    object: {},
  },
  'GET /api/v1/review/inspections/:id/history': {
    request: (fx) => ({ url: `/api/v1/review/inspections/${fx.inspectionIds[0]}/history` }),
    expect: staffOnly(200),
    object: {},
  },
  'GET /api/v1/inspections/images/:id': {
    request: (fx) => ({ url: `/api/v1/inspections/images/${fx.inspectionIds[0]}` }),
    expect: ownCompany(200),
    object: {},
  },
  'POST /api/v1/inspections/imageViewed': {
    request: (fx) => ({ url: '/api/v1/inspections/imageViewed', payload: { imageId: fx.imageIds[0] } }),
    expect: ownCompany(200),
    object: {},
    noAuditBecause:
      'only the first view of a photo changes it (and is audited); the callers after it change nothing',
  },
  'POST /api/v1/inspections/imageZoomed': {
    request: (fx) => ({ url: '/api/v1/inspections/imageZoomed', payload: { imageId: fx.imageIds[0] } }),
    expect: ownCompany(200),
    object: {},
    noAuditBecause:
      'only the first zoom into a photo changes it (and is audited); the callers after it change nothing',
  },
  'POST /api/v1/inspections/requestReshoot/:id': {
    request: (fx) => ({
      url: `/api/v1/inspections/requestReshoot/${fx.inspectionIds[1]}`,
      payload: { reason: 'Blurred tower top' },
    }),
    expect: inspecting(200),
    object: {},
  },
  'POST /api/v1/inspections/unRequestReshoot/:id': {
    request: (fx) => ({ url: `/api/v1/inspections/unRequestReshoot/${fx.inspectionIds[1]}` }),
    expect: inspecting(200),
    object: {},
  },
  'POST /api/v1/inspections/escalate/:id': {
    request: (fx) => ({ url: `/api/v1/inspections/escalate/${fx.inspectionIds[0]}` }),
    expect: inspecting(200),
    object: {},
  },
  'GET /api/v1/inspections/getImageAnnotations/:id': {
    request: (fx) => ({ url: `/api/v1/inspections/getImageAnnotations/${fx.imageIds[0]}` }),
    expect: ownCompany(200),
    object: {},
  },
  'POST /api/v1/annotations': {
    request: (fx) => ({
      url: '/api/v1/annotations',
      payload: {
        image_id: fx.imageIds[0],
        rectangle: { x: 10, y: 10, width: 40, height: 30 },
        category: 1,
        sub_category: 101,
        risk_level: 3,
        image_width: 4000,
        image_height: 3000,
      },
    }),
    expect: inspecting(200),
    object: {},
  },
  'POST /api/v1/annotations/delete/:id': {
    request: (fx) => ({ url: `/api/v1/annotations/delete/${fx.nextAnnotationId()}` }),
    expect: inspecting(200),
    object: {},
  },
  'GET /api/v1/annotations/categories': {
    request: () => ({ url: '/api/v1/annotations/categories' }),
    expect: loggedIn(200),
  },
  'POST /api/v1/annotations/newComponent/addComponent': {
    request: () => ({
      url: '/api/v1/annotations/newComponent/addComponent',
      payload: { newComponent: `Matrix part ${++sequence}` },
    }),
    expect: { ...staffOnly(403), super_admin: 200, project_manager: 200 },
  },
  'POST /api/v1/annotations/newDeficiency/addDeficiency': {
    request: () => ({
      url: '/api/v1/annotations/newDeficiency/addDeficiency',
      payload: { newDeficiency: `Matrix flaw ${++sequence}`, categoryId: 1 },
    }),
    expect: { ...staffOnly(403), super_admin: 200, project_manager: 200 },
  },
  'PUT /api/v1/annotations/updateNote': {
    request: (fx) => ({
      url: `/api/v1/annotations/updateNote?imageId=${fx.imageIds[0]}`,
      payload: { imageNote: 'Check the east insulator' },
    }),
    expect: staffOnly(200),
    object: {},
  },
};
