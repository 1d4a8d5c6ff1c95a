import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  unique,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { createdAt, lonLat, moment, updatedAt } from './columns.ts';
import { deliveryPackages } from './deliveries.ts';
import { abbIdTypes, ettArmPositions, ettArms, knuckleFlatPositions } from './ett.ts';
import { projects } from './projects.ts';
import { structures } from './structures.ts';
import { fileUploads } from './uploads.ts';

/** Step-clip angles read by the AI (spec 2 §3 'Inspection image'). */
export interface StepClip {
  topangleouter?: number;
  topangle?: number;
  bottomangleouter?: number;
  bottomangle?: number;
}

/** A drone photo of a project; structure_id null means unassigned. */
export const images = pgTable(
  'images',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    structureId: integer('structure_id').references(() => structures.id, { onDelete: 'set null' }),
    uploadedBy: integer('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    /** Base64 MD5 of the file as the browser computed it; a project holds a file once. */
    md5: varchar('md5', { length: 32 }).notNull(),
    imageName: varchar('image_name', { length: 255 }).notNull(),
    storageKey: varchar('storage_key', { length: 500 }).notNull().unique(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }),
    width: integer('width'),
    height: integer('height'),
    contentType: varchar('content_type', { length: 50 }),
    exif: jsonb('exif').$type<Record<string, unknown>>(),
    captureTime: moment('capture_time'),
    /** x = longitude, y = latitude from EXIF GPS; null when the photo has none. */
    location: lonLat('location'),
    /** GPS altitude above sea level, metres. */
    altitude: doublePrecision('altitude'),
    /** DJI XMP RelativeAltitude: height above the take-off point, metres. */
    relativeAltitude: doublePrecision('relative_altitude'),
    /** Where the camera pointed, degrees clockwise from north: gimbal yaw, else flight yaw, else GPSImgDirection. */
    bearing: doublePrecision('bearing'),
    /** Gimbal pitch, degrees: 0 horizontal, -90 straight down (nadir). */
    gimbalPitch: doublePrecision('gimbal_pitch'),
    /** The capture time's UTC offset as the camera wrote it ('+02:00'); null when it wrote none. */
    captureOffset: varchar('capture_offset', { length: 6 }),
    cameraMake: varchar('camera_make', { length: 100 }),
    cameraModel: varchar('camera_model', { length: 100 }),
    /** Metres from the camera position to the assigned structure; null when unassigned or without GPS. */
    metersFromStruct: doublePrecision('meters_from_struct'),
    /** 0..1: how sure the automatic assignment was; null for manual assignment or none. */
    assignmentConfidence: doublePrecision('assignment_confidence'),
    /** The signed upload the file arrived through. */
    fileUploadId: uuid('file_upload_id').references(() => fileUploads.id, { onDelete: 'set null' }),
    hasThumb: boolean('has_thumb').notNull().default(false),
    hasMedium: boolean('has_medium').notNull().default(false),
    uploadedAt: moment('uploaded_at').notNull().defaultNow(),
    assignedAt: moment('assigned_at'),
    rejectDatetime: moment('reject_datetime'),
    rejectReason: varchar('reject_reason', { length: 499 }),
    rejectedBy: integer('rejected_by').references(() => users.id, { onDelete: 'set null' }),
    firstViewed: moment('first_viewed'),
    firstZoomed: moment('first_zoomed'),
    // Delivery (archive) state.
    archivedDate: moment('archived_date'),
    archiveName: varchar('archive_name', { length: 255 }),
    archivedBy: integer('archived_by').references(() => users.id, { onDelete: 'set null' }),
    // The package that delivered the photo, set with archived_date (a photo is delivered once). A column,
    // not a link table: a select-all of 50,000 photos wrote as many link rows, a third of the route's time.
    // No index of its own: a package's photos are found among its project's (images_project_structure_idx),
    // and an index entry for each of 50,000 photos cost a select-all ~0.4 s on the embedded database.
    deliveryPackageId: integer('delivery_package_id').references(() => deliveryPackages.id, {
      onDelete: 'set null',
    }),
    // ETT/ABB classification: 1 ID, 2 Arm (Flange for ABB), 3 Knuckle/Flat.
    ettPhotoTypeId: smallint('ett_photo_type_id'),
    ettArmId: integer('ett_arm_id').references(() => ettArms.id, { onDelete: 'set null' }),
    armPositionId: integer('arm_position_id').references(() => ettArmPositions.id),
    knuckleFlatPositionId: integer('knuckle_flat_position_id').references(() => knuckleFlatPositions.id),
    stepclipJson: jsonb('stepclip_json').$type<StepClip>(),
  },
  (t) => [
    // 'Skipped - Already Uploaded': the same file is stored once per project.
    unique('images_project_md5_unique').on(t.projectId, t.md5),
    index('images_project_structure_idx').on(t.projectId, t.structureId),
    index('images_structure_idx').on(t.structureId),
    index('images_location_gist').using('gist', t.location),
    // 'Unassigned Images' and its count without scanning the project's assigned photos.
    index('images_project_unassigned_idx').on(t.projectId).where(sql`${t.structureId} is null`),
    // The Inspect tab's Rejected filter and count: structures with a rejected photo, without the rest.
    index('images_structure_rejected_idx').on(t.structureId).where(sql`${t.rejectDatetime} is not null`),
    check('images_ett_photo_type_check', sql`${t.ettPhotoTypeId} in (1, 2, 3)`),
  ],
);

/** One note per image, at most 500 characters. */
export const imageNotes = pgTable('image_notes', {
  id: serial('id').primaryKey(),
  imageId: integer('image_id')
    .notNull()
    .unique()
    .references(() => images.id, { onDelete: 'cascade' }),
  noteText: varchar('note_text', { length: 500 }).notNull(),
  createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** Shot identifiers ('which view is this photo'): anno_img_id, anno_img_name. */
export const imageIdentifiers = pgTable('image_identifiers', {
  annoImgId: integer('anno_img_id').primaryKey(),
  annoImgName: varchar('anno_img_name', { length: 50 }).notNull().unique(),
});

/** At most one identifier per image (updateIdentifier?imageId&identifierId). */
export const imageIdentifierLinks = pgTable(
  'image_identifier_links',
  {
    imageId: integer('image_id')
      .primaryKey()
      .references(() => images.id, { onDelete: 'cascade' }),
    annoImgId: integer('anno_img_id')
      .notNull()
      .references(() => imageIdentifiers.annoImgId),
  },
  (t) => [index('image_identifier_links_identifier_idx').on(t.annoImgId)],
);

export const imageAbbTypes = pgTable(
  'image_abb_types',
  {
    imageId: integer('image_id')
      .notNull()
      .references(() => images.id, { onDelete: 'cascade' }),
    abbIdTypeId: integer('abb_id_type_id')
      .notNull()
      .references(() => abbIdTypes.id),
  },
  (t) => [primaryKey({ columns: [t.imageId, t.abbIdTypeId] })],
);
