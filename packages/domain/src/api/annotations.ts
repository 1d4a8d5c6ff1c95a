import { z } from 'zod';
import { NumberOrText, PositiveId } from '../common.ts';
import { keepsRectangle, MIN_RECTANGLE_SIDE } from '../review/viewerRules.ts';
import { Text } from '../text.ts';

/**
 * Annotation calls of the inspection viewer (spec 2 §3 'Annotation', 'Category'; §5; paths from spec 3 §7
 * 'Annotations'). Shapes are stored in the pixel coordinates of the original photo, with its width and
 * height, so they stay exact at every zoom and on the HD image.
 */

/** Component and deficiency names (spec 2 §5, §9). */
export const CATEGORY_NAME_MAX = 35;
/** Risk levels an annotation may take (spec 2 §5): 2 Minor … 5 Major; 2 by default. */
export const ANNOTATION_RISK_LEVELS = [2, 3, 4, 5] as const;
export const DEFAULT_ANNOTATION_RISK = 2;
export const ANNOTATION_NOTE_MAX = 500;
/** The most points a polygon may have: a bound on one request, far above what anyone clicks. */
export const POLYGON_POINTS_MAX = 1000;

const Coordinate = z.number().finite().min(0);

export const AnnotationRectangle = z.object({
  x: Coordinate.describe('Left edge, image pixels.'),
  y: Coordinate.describe('Top edge, image pixels.'),
  width: z.number().finite().positive(),
  height: z.number().finite().positive(),
});
export type AnnotationRectangle = z.infer<typeof AnnotationRectangle>;

/** A polygon: more than 2 points [x, y] in image pixels. */
export const AnnotationPolygon = z
  .array(z.tuple([Coordinate, Coordinate]))
  .min(3, 'A polygon needs more than 2 points')
  .max(POLYGON_POINTS_MAX);
export type AnnotationPolygon = z.infer<typeof AnnotationPolygon>;

/** The longest polygon text read: a bound on one request (1000 points of long decimals fit). */
const POLYGON_TEXT_MAX = 60_000;

const toPairs = (numbers: readonly unknown[]): unknown =>
  numbers.length % 2 === 0 && numbers.every((n) => typeof n === 'number')
    ? Array.from({ length: numbers.length / 2 }, (_, i) => [numbers[2 * i], numbers[2 * i + 1]])
    : numbers;

/**
 * Spec 2 §3 keeps a polygon as a 'list of points as text'. A client may send that text — JSON
 * (`[[x,y],…]`) or SVG-style `x,y x,y …` — or numbers: pairs `[[x, y], …]`, `{x, y}` points or one flat
 * list `[x1, y1, x2, y2, …]`. All become pairs; an empty text or list is no polygon (a rectangle's payload
 * may carry `polygon: []`); anything else is left for the schema to refuse.
 */
export function polygonPoints(value: unknown): unknown {
  let v = value;
  if (typeof v === 'string') {
    const text = v.trim();
    if (text === '' || text.length > POLYGON_TEXT_MAX) return text === '' ? null : v;
    if (text.startsWith('[')) {
      try {
        v = JSON.parse(text);
      } catch {
        return value;
      }
    } else {
      // Pairs written '10,10 50,12', '10 10, 50 12' or '(10,10) (50,12)': every token must be a number.
      const numbers = text
        .replace(/[()]/g, ' ')
        .trim()
        .split(/[\s,;]+/)
        .map(Number);
      return numbers.some(Number.isNaN) ? value : toPairs(numbers);
    }
  }
  if (!Array.isArray(v)) return v;
  // An empty list of points is no polygon: a client sending the spec's three keys for a rectangle.
  if (v.length === 0) return null;
  if (v.every((p) => typeof p === 'number')) return toPairs(v);
  return v.map((p) =>
    p !== null && typeof p === 'object' && !Array.isArray(p) && 'x' in p && 'y' in p ? [p.x, p.y] : p,
  );
}

/**
 * The spec's payload (spec 2 §7 'Insert annotation': rectangle, polygon, data, the create data of §3 inside
 * `data`) flattened into the form the web sends; a flat body passes unchanged.
 */
function flattenSpecPayload(value: unknown): unknown {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
  const { data, ...rest } = value as Record<string, unknown>;
  if (data === null || typeof data !== 'object' || Array.isArray(data)) return value;
  return { ...rest, ...(data as Record<string, unknown>) };
}

export const RECTANGLE_TOO_SMALL_MESSAGE = `A rectangle must be more than ${MIN_RECTANGLE_SIDE} pixels wide and more than ${MIN_RECTANGLE_SIDE} pixels high in the image.`;

/**
 * Spec 2 §5 keeps a rectangle only when both sides exceed 10 pixels of the photo itself. The shape is given
 * on a canvas of image_width × image_height (the web sends the photo's own size); drawn on another size it
 * is scaled to the photo's pixels first. Without the photo's size known, the canvas is the photo.
 */
export function rectangleKeptOnPhoto(
  shape: { rectangle?: AnnotationRectangle | null; image_width: number; image_height: number },
  photo: { width: number | null; height: number | null },
): boolean {
  const r = shape.rectangle;
  if (!r) return true;
  const sx = photo.width ? photo.width / shape.image_width : 1;
  const sy = photo.height ? photo.height / shape.image_height : 1;
  return keepsRectangle(r.width * sx, r.height * sy);
}

/** The fields of `POST /annotations`, flat (what the web sends). */
const CreateAnnotationFields = z
  .object({
    image_id: PositiveId,
    rectangle: AnnotationRectangle.nullish(),
    polygon: z.preprocess(polygonPoints, AnnotationPolygon.nullish()),
    category: PositiveId.nullish().describe('The component (required, except in ETT mode).'),
    sub_category: PositiveId.nullish().describe('A deficiency of that component.'),
    category_label: Text().max(CATEGORY_NAME_MAX).nullish().describe('Ignored: the server names it.'),
    sub_category_label: Text().max(CATEGORY_NAME_MAX).nullish().describe('Ignored: the server names it.'),
    text: Text().trim().max(ANNOTATION_NOTE_MAX).nullish().describe('Notes.'),
    risk_level: NumberOrText(
      z.number().int().min(2, 'Risk Level must be 2 to 5').max(5, 'Risk Level must be 2 to 5'),
    ).default(DEFAULT_ANNOTATION_RISK),
    image_width: NumberOrText(z.number().int().positive().max(100_000)),
    image_height: NumberOrText(z.number().int().positive().max(100_000)),
    ettAnnoEvalCodeId: PositiveId.nullish().describe(
      'ETT mode (ETT/ABB projects): the evaluation code; needs ettKnuckleFlatPosId, and no component.',
    ),
    ettKnuckleFlatPosId: PositiveId.nullish().describe('ETT mode: the knuckle/flat position.'),
    model_id: PositiveId.nullish().describe(
      "AI mode (spec 2 §3, §7 'Insert AI patch'): the model the shape is a training patch of; no component needed.",
    ),
  })
  .superRefine((b, ctx) => {
    const ett = b.ettAnnoEvalCodeId != null || b.ettKnuckleFlatPosId != null;
    if (ett && (b.ettAnnoEvalCodeId == null || b.ettKnuckleFlatPosId == null)) {
      ctx.addIssue({
        code: 'custom',
        path: [b.ettAnnoEvalCodeId == null ? 'ettAnnoEvalCodeId' : 'ettKnuckleFlatPosId'],
        message: 'An ETT annotation needs an evaluation code and a knuckle/flat position',
      });
    }
    if (ett && b.model_id != null) {
      ctx.addIssue({ code: 'custom', path: ['model_id'], message: 'An AI patch has no ETT codes' });
    }
    // AI mode: new markups need no component (spec 2 §2 'AI markup', §5).
    if (!ett && b.model_id == null && b.category == null) {
      ctx.addIssue({ code: 'custom', path: ['category'], message: 'A component is required' });
    }
    const shapes = (b.rectangle ? 1 : 0) + (b.polygon ? 1 : 0);
    if (shapes !== 1) {
      ctx.addIssue({ code: 'custom', path: ['rectangle'], message: 'Send a rectangle or a polygon' });
      return;
    }
    const outside = (x: number, y: number) => x > b.image_width || y > b.image_height;
    if (b.rectangle) {
      const r = b.rectangle;
      // Its size is judged by the server in the photo's own pixels (rectangleKeptOnPhoto).
      if (outside(r.x + r.width, r.y + r.height)) {
        ctx.addIssue({ code: 'custom', path: ['rectangle'], message: 'The rectangle leaves the image' });
      }
    }
    if (b.polygon?.some(([x, y]) => outside(x, y))) {
      ctx.addIssue({ code: 'custom', path: ['polygon'], message: 'The polygon leaves the image' });
    }
  });

/**
 * `POST /annotations`: a rectangle or a polygon with its component, deficiency, risk and note — the spec's
 * `{rectangle, polygon, data}` or the same fields flat.
 */
export const CreateAnnotationBody = z.preprocess(flattenSpecPayload, CreateAnnotationFields);
export type CreateAnnotationBody = z.output<typeof CreateAnnotationBody>;

/** One annotation of a photo (`GET /inspections/getImageAnnotations/{id}`). */
export const Annotation = z.object({
  id: z.number().int(),
  image_id: z.number().int(),
  annotation_number: z.number().int().describe('1, 2, 3 … within the photo: the ID shown.'),
  shape: z.enum(['rect', 'polygon']),
  rectangle: AnnotationRectangle.nullable(),
  polygon: z.array(z.tuple([z.number(), z.number()])).nullable(),
  risk_level: z.number().int(),
  category: z.number().int().nullable(),
  category_text: z.string().nullable(),
  sub_category: z.number().int().nullable(),
  sub_category_text: z.string().nullable(),
  note: z.string().nullable(),
  image_width: z.number().int().nullable(),
  image_height: z.number().int().nullable(),
  created_by_name: z.string().nullable(),
  created_at: z.string(),
  ett_evaluation_code_value: z.string().nullable().describe('ETT mode: the evaluation code.'),
  ett_evaluation_description: z.string().nullable(),
  ett_knuckle_flat_position: z.string().nullable().describe('ETT mode: the knuckle/flat position.'),
});
export type Annotation = z.infer<typeof Annotation>;

export const CreateAnnotationResponse = z.object({
  ok: z.literal(true),
  success: z.literal(true),
  annotation: Annotation,
});

/** `GET /annotations/categories` (spec 2 §3 'Category'). */
export const Category = z.object({ id: z.number().int(), display_text: z.string() });
export const SubCategory = z.object({
  id: z.number().int(),
  category_id: z.number().int(),
  sub_category_text: z.string(),
});
export const CategoriesResponse = z.object({
  categories: z.array(Category),
  subCategories: z.array(SubCategory),
});
export type Category = z.infer<typeof Category>;
export type SubCategory = z.infer<typeof SubCategory>;
export type CategoriesResponse = z.infer<typeof CategoriesResponse>;

const CategoryName = Text()
  .trim()
  .min(1, 'A name is required')
  .max(CATEGORY_NAME_MAX, `At most ${CATEGORY_NAME_MAX} characters`);

/** `POST /annotations/newComponent/addComponent` */
export const AddComponentBody = z.object({ newComponent: CategoryName });
/** `POST /annotations/newDeficiency/addDeficiency`: a deficiency of the component `categoryId`. */
export const AddDeficiencyBody = z.object({ newDeficiency: CategoryName, categoryId: PositiveId });
export const AddCategoryResponse = z.object({
  ok: z.literal(true),
  success: z.literal(true),
  id: z.number().int(),
});

/** Image notes (spec 2 §5): at most 500 characters, never blank. */
export const IMAGE_NOTE_MAX = 500;
export const NOTE_BLANK_MESSAGE = 'Note cannot be blank';
export const ImageNoteText = Text()
  .trim()
  .min(1, NOTE_BLANK_MESSAGE)
  .max(IMAGE_NOTE_MAX, `At most ${IMAGE_NOTE_MAX} characters`);
/** `PUT /annotations/updateNote?imageId` */
export const UpdateNoteQuery = z.object({ imageId: PositiveId });
export const UpdateNoteBody = z.object({ imageNote: ImageNoteText });
export const UpdateNoteResponse = z.object({
  ok: z.literal(true),
  success: z.literal(true),
  note: z.object({ id: z.number().int(), note_text: z.string() }),
});
