import { loggedIn, type MatrixRow, staffOnly } from '../matrix.ts';

/** Objects of the own company: customers of another company get 404. */
const ownCompany = (status: number) => ({ ...loggedIn(status), customer_other: 404 });

/** A base64 md5 no photo of the fixture has, URL-encoded ('+', '/' and '=' are special in a query). */
const NEW_MD5 = encodeURIComponent('AAAAAAAAAAAAAAAAAAAAAA==');
/** An upload id no caller was issued: completing it is 404 for every staff caller. */
const FOREIGN_UPLOAD = '00000000-0000-4000-8000-000000000001';

const completion = (fx: { projectId: number }) => ({
  url: `/api/v1/inspections/imageUploadedV2/${FOREIGN_UPLOAD}`,
  payload: {
    projectId: fx.projectId,
    imageUrl: `images/${fx.projectId}/x.jpg`,
    fileName: 'DJI_0001.JPG',
    md5Hash: 'AAAAAAAAAAAAAAAAAAAAAA==',
    imgSizeBytes: 10,
  },
});

/** Photo upload (staff only; customers look but never upload) and photo serving (whoever sees the project). */
export const imagesRows: Record<string, MatrixRow> = {
  'GET /api/v1/inspections/existingMd5/': {
    request: (fx) => ({ url: `/api/v1/inspections/existingMd5/?projectId=${fx.projectId}` }),
    expect: staffOnly(200),
    object: {},
  },
  'GET /api/v1/inspections/existingMd5': {
    request: (fx) => ({ url: `/api/v1/inspections/existingMd5?projectId=${fx.projectId}` }),
    expect: staffOnly(200),
    object: {},
  },
  'GET /api/v1/inspections/imageUploadToken/': {
    request: (fx) => ({
      url: `/api/v1/inspections/imageUploadToken/?projectId=${fx.projectId}&md5=${NEW_MD5}`,
    }),
    expect: staffOnly(200),
    object: {},
  },
  'GET /api/v1/inspections/imageUploadToken': {
    request: (fx) => ({
      url: `/api/v1/inspections/imageUploadToken?projectId=${fx.projectId}&md5=${NEW_MD5}`,
    }),
    expect: staffOnly(200),
    object: {},
  },
  'POST /api/v1/inspections/imageUploadedV2/:uuid': {
    request: completion,
    expect: staffOnly(404),
    object: {},
  },
  'POST /api/v1/inspections/imageUploaded/:uuid': {
    request: (fx) => ({
      ...completion(fx),
      url: `/api/v1/inspections/imageUploaded/${FOREIGN_UPLOAD}`,
    }),
    expect: staffOnly(404),
    object: {},
  },
  'POST /api/v1/inspections/checkImagesUploaded': {
    request: (fx) => ({
      url: '/api/v1/inspections/checkImagesUploaded',
      payload: { projectId: fx.projectId, md5s: ['AAAAAAAAAAAAAAAAAAAAAA=='] },
    }),
    expect: staffOnly(200),
    object: {},
    noAuditBecause: 'it only reads which md5s the project holds',
  },
  'GET /api/v1/image/:id': {
    request: (fx) => ({ url: `/api/v1/image/${fx.imageId}?size=THUMBNAIL_IMG` }),
    expect: ownCompany(200),
    object: {},
  },
  'GET /api/v1/image/:id/tiles/:level/:col/:row': {
    request: (fx) => ({ url: `/api/v1/image/${fx.imageId}/tiles/0/0/0` }),
    expect: ownCompany(200),
    object: {},
  },
  'GET /api/v1/inspections/images/getExif': {
    request: (fx) => ({ url: `/api/v1/inspections/images/getExif?imageId=${fx.imageId}` }),
    expect: ownCompany(200),
    object: {},
  },
};
