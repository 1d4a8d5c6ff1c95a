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

/**
 * The sub-page to show: inspectionId / imageId in the query open the inspect sub-page; an unknown
 * sub-page, or one the role may not see, gives the default (spec 1 §2, §6).
 */
export function resolveSubpage(
  requested: string | undefined,
  search: URLSearchParams,
  roleName: RoleName | undefined,
): ProjectSubpage {
  const allowed = projectSubpagesFor(roleName);
  const wanted =
    search.has('inspectionId') || search.has('imageId')
      ? 'inspect'
      : (PROJECT_SUBPAGES as readonly string[]).includes(requested ?? '')
        ? (requested as ProjectSubpage)
        : DEFAULT_SUBPAGE;
  return allowed.includes(wanted) ? wanted : DEFAULT_SUBPAGE;
}
