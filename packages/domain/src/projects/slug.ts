/**
 * Project routes use the name as the slug: lower case, each space a hyphen (spec 1 §2). Hyphens cannot occur
 * in a project name (they are blocked characters), so the slug reads back unambiguously.
 */
export const projectSlug = (projectName: string): string =>
  projectName.trim().toLowerCase().replace(/ /g, '-');

/** The name a slug stands for, with dashes read as spaces; compare it case-insensitively (`sameProjectName`). */
export const nameFromSlug = (slug: string): string => slug.replace(/-/g, ' ');

/** Project names are matched case-insensitively (route lookup; two names equal this way share a slug). */
export const projectNameKey = (name: string): string => name.trim().toLowerCase();

export const sameProjectName = (a: string, b: string): boolean => projectNameKey(a) === projectNameKey(b);

/** The project a route slug opens, from the project list (spec 1 §2 'Project page frame'). */
export function findProjectBySlug<P extends { project_name: string }>(
  projects: readonly P[],
  slug: string,
): P | undefined {
  let name = slug;
  try {
    name = decodeURIComponent(slug);
  } catch {
    // A malformed escape stays as typed; it then matches no project.
  }
  const key = projectNameKey(nameFromSlug(name));
  return projects.find((p) => projectNameKey(p.project_name) === key);
}
