/**
 * The renditions module, loadable on its own in a thread: next to this file in the sources, and built to
 * dist/modules/upload/ by build.mjs (whose bundles sit in dist/).
 */
export const RENDITIONS_MODULE = import.meta.url.endsWith('.ts')
  ? new URL('./renditions.task.ts', import.meta.url)
  : new URL('./modules/upload/renditions.task.js', import.meta.url);
