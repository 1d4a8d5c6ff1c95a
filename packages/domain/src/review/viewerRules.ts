/**
 * Pure rules of the inspection viewer (spec 2 §2, §4, §5, §9), shared by the web viewer and its tests.
 */

/** The image list's views (spec 2 §4 'Photo views and rejection'). */
export const IMAGE_VIEWS = ['archive', 'rejected', 'annotated'] as const;
export type ImageView = (typeof IMAGE_VIEWS)[number];
export const IMAGE_VIEW_LABELS: Record<ImageView, string> = {
  archive: 'To Archive',
  rejected: 'Rejected',
  annotated: 'Annotated',
};

interface ViewImage {
  reject_datetime: string | null;
  anno_count: number;
}

/** The photos a view shows: archive the non-rejected ones, rejected those with a reject time, annotated those with annotations. */
export function imagesInView<T extends ViewImage>(images: readonly T[], view: ImageView): T[] {
  if (view === 'rejected') return images.filter((i) => i.reject_datetime !== null);
  if (view === 'annotated') return images.filter((i) => i.anno_count > 0);
  return images.filter((i) => i.reject_datetime === null);
}

/** Rejected is disabled without rejected photos, Annotated without annotated ones; To Archive never. */
export function isViewDisabled(images: readonly ViewImage[], view: ImageView): boolean {
  if (view === 'archive') return false;
  return imagesInView(images, view).length === 0;
}

/** Drawing (spec 2 §4 'Annotation drawing', §9): a rectangle is kept only above 10 in both dimensions. */
export const MIN_RECTANGLE_SIDE = 10;
export const keepsRectangle = (width: number, height: number): boolean =>
  Math.abs(width) > MIN_RECTANGLE_SIDE && Math.abs(height) > MIN_RECTANGLE_SIDE;
/** A polygon needs more than 2 points. */
export const keepsPolygon = (points: readonly unknown[]): boolean => points.length > 2;

/** New annotation Save (spec 2 §5, ordinary projects): a component chosen and a risk level above 1. */
export const canSaveAnnotation = (a: { componentId: number | null; riskLevel: number }): boolean =>
  a.componentId !== null && a.riskLevel > 1;

/** Zoom (spec 2 §2): steps of 0.5 from 1; a button moves 2 steps; a wheel step 10 %. */
export const ZOOM_MIN = 1;
export const ZOOM_MAX = 16;
export const ZOOM_STEP = 0.5;
export const ZOOM_BUTTON_STEPS = 2;
export const WHEEL_ZOOM_FACTOR = 1.1;
const clampZoom = (z: number) => Math.min(ZOOM_MAX, Math.max(ZOOM_MIN, z));
export const zoomStepUp = (z: number): number => clampZoom(z + ZOOM_STEP * ZOOM_BUTTON_STEPS);
export const zoomStepDown = (z: number): number => clampZoom(z - ZOOM_STEP * ZOOM_BUTTON_STEPS);
/** One wheel notch: deltaY < 0 zooms in by 10 %, > 0 out by 10 %. */
export const zoomByWheel = (z: number, deltaY: number): number =>
  deltaY === 0 ? z : clampZoom(deltaY < 0 ? z * WHEEL_ZOOM_FACTOR : z / WHEEL_ZOOM_FACTOR);

/** Viewer map pins (spec 2 §4 'Map pin colours'). */
export const PIN_COLORS = {
  red: '#e03131',
  amber: '#f59f00',
  green: '#2f9e44',
  blue: '#1c7ed6',
  grey: '#868e96',
} as const;
export function pinColor(i: {
  max_risk_level: number | null;
  anno_count: number;
  first_viewed: string | null;
}): string {
  if (i.max_risk_level === 5) return PIN_COLORS.red;
  if (i.max_risk_level === 3) return PIN_COLORS.amber;
  if (i.max_risk_level === 1) return PIN_COLORS.green;
  if (i.anno_count > 0) return PIN_COLORS.red;
  if (i.first_viewed) return PIN_COLORS.blue;
  return PIN_COLORS.grey;
}

/** ETT and ABB projects have the arm/flange workflow. */
export const isEttOrAbb = (ptypeName: string | null | undefined): boolean =>
  ptypeName === 'ETT' || ptypeName === 'ABB';

/**
 * The bottom bar's completion control (spec 2 §4 'Inspection completion'): shown outside the rejected view;
 * for ETT/ABB hidden once reviewed; otherwise shown when reviewed, or on the last photo for non-customers.
 * Reviewed, it reads 'View Inspection Report'; ETT/ABB then show a Completed badge.
 */
export function completionControl(s: {
  view: ImageView;
  ettOrAbb: boolean;
  dateReviewed: string | null;
  isLastImage: boolean;
  isCustomer: boolean;
}): { button: 'Complete Inspection' | 'View Inspection Report' | null; completedBadge: boolean } {
  const reviewed = s.dateReviewed !== null && s.dateReviewed !== '';
  const completedBadge = s.ettOrAbb && reviewed;
  if (s.view === 'rejected') return { button: null, completedBadge };
  if (s.ettOrAbb && reviewed) return { button: null, completedBadge };
  if (reviewed) return { button: 'View Inspection Report', completedBadge };
  if (s.isLastImage && !s.isCustomer) return { button: 'Complete Inspection', completedBadge };
  return { button: null, completedBadge };
}

/** Shift-click selection: the ids between the last clicked and this one (inclusive), in list order. */
export function rangeBetween(ids: readonly number[], from: number, to: number): number[] {
  const a = ids.indexOf(from);
  const b = ids.indexOf(to);
  if (a < 0 || b < 0) return [to];
  return ids.slice(Math.min(a, b), Math.max(a, b) + 1);
}
