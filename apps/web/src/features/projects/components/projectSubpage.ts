import { PROJECT_SUBPAGES, type ProjectSubpage, projectSubpagesFor, type RoleName } from '@linewalker/domain';

/** The sub-navigation in the order of spec 1 §2; 'archive' reads 'Delivery'. */
export const SUBPAGE_TABS: { value: Exclude<ProjectSubpage, 'all'>; label: string }[] = [
  { value: 'overview', label: 'Overview' },
  { value: 'pilots', label: 'Pilots' },
  { value: 'assignment', label: 'Assignment' },
  { value: 'upload', label: 'Upload' },
  { value: 'inspect', label: 'Inspect' },
  { value: 'archive', label: 'Delivery' },
];

export const DEFAULT_SUBPAGE: ProjectSubpage = 'overview';

/** What the address asks for: a sub-page to show, or one that does not exist or the role may not see. */
export type SubpageChoice =
  | { kind: 'show'; subpage: ProjectSubpage }
  | { kind: 'unknown'; requested: string }
  | { kind: 'forbidden'; subpage: ProjectSubpage };

/**
 * The sub-page to show: inspectionId / imageId in the query open the inspect sub-page (spec 1 §2);
 * no sub-page gives the default. An unknown sub-page, or one the role may not see (spec 1 §6), is
 * reported as such so the page says so instead of showing the overview under a wrong address.
 */
export function resolveSubpage(
  requested: string | undefined,
  search: URLSearchParams,
  roleName: RoleName | undefined,
): SubpageChoice {
  const allowed = projectSubpagesFor(roleName);
  const opensInspection = search.has('inspectionId') || search.has('imageId');
  if (opensInspection && allowed.includes('inspect')) return { kind: 'show', subpage: 'inspect' };
  if (requested === undefined) return { kind: 'show', subpage: DEFAULT_SUBPAGE };
  if (!(PROJECT_SUBPAGES as readonly string[]).includes(requested)) return { kind: 'unknown', requested };
  const subpage = requested as ProjectSubpage;
  return allowed.includes(subpage) ? { kind: 'show', subpage } : { kind: 'forbidden', subpage };
}
