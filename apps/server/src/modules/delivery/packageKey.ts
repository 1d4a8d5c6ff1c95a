/** A file-name-safe form of a name: letters, digits and single dashes, at most `max` characters. */
export function fileSlug(name: string, max = 60, fallback = 'project'): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, max)
    .replace(/-+$/, '');
  return slug || fallback;
}

/**
 * Where a package's ZIP is stored: fixed when the package is made (a rerun of its build overwrites the same
 * key). The last part is the name the browser saves the download under.
 */
export const packageStorageKey = (project: { id: number; project_name: string }, number: number): string =>
  `deliveries/${project.id}/${number}/${fileSlug(project.project_name)}-delivery-${number}.zip`;
