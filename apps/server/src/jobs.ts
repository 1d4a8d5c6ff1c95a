import { aiRunOnProjectJob } from './modules/ai/runOnProject.job.ts';
import { aiTrainingJob } from './modules/ai/training.job.ts';
import { passwordResetJob } from './modules/auth/passwordReset.job.ts';
import { bidKmzImportJob } from './modules/bids/kmzImport.job.ts';
import { deliveryPackageJob } from './modules/delivery/deliveryPackage.job.ts';
import { availabilityTextJob } from './modules/pilots/availabilityText.job.ts';
import { projectImportJob } from './modules/projects/csvImport.job.ts';
import { sensorOfflineJob } from './modules/sensors/offline.job.ts';
import { sensorRetentionJob } from './modules/sensors/retention.job.ts';
import { orphanSweepJob } from './modules/sourceFiles/orphanSweep.job.ts';
import { imageProcessJob } from './modules/upload/imageProcess.job.ts';
import { rematchNearStructureJob } from './modules/upload/rematchNearStructure.job.ts';
import { projectReportJob } from './modules/viewer/projectReport.job.ts';
import { structureModel3dJob } from './modules/viewer/structure3d.job.ts';
import type { AnyJobDefinition } from './platform/jobs/define.ts';
import { mailDeliverJob } from './platform/mail/deliver.job.ts';

/**
 * Every job the application runs, in one place: what the worker processes (`main.ts`, `worker.ts`) serve
 * and the admin's job list offers as names. A job is declared with `defineJob` next to the code it belongs
 * to, enqueued with that definition (`enqueue(tx, definition, payload)`) and listed here; a definition
 * missing from this list would be queued and never run (`jobs.test.ts` checks that none is).
 * Beside `app.ts`, not in `platform/`: the platform runs jobs but does not know the modules that declare them.
 */
export const jobDefinitions: readonly AnyJobDefinition[] = [
  mailDeliverJob,
  passwordResetJob,
  projectImportJob,
  imageProcessJob,
  rematchNearStructureJob,
  deliveryPackageJob,
  availabilityTextJob,
  bidKmzImportJob,
  projectReportJob,
  structureModel3dJob,
  aiTrainingJob,
  aiRunOnProjectJob,
  sensorRetentionJob,
  sensorOfflineJob,
  orphanSweepJob,
];
