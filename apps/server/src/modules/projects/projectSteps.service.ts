/**
 * Steps of the projects area that other areas run inside their own transactions: a bid's KMZ import creates
 * its project and writes structures the way a CSV import does (bids), and scheduling measures pilots'
 * distances from the project (pilots). The calling service has authorized its action; these are the only
 * parts of the projects area's persistence other areas use.
 */
export {
  countFileStructures,
  forgetFailedImport,
  insertSourceFile,
  insertStructureBatch,
  lineKeys,
  markImporting,
  resolveLines,
} from './csvImport.repository.ts';
export { insertProject, projectCenter, projectNameTaken, setProjectTimeZone } from './projects.repository.ts';
