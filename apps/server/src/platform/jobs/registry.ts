import type { z } from 'zod';
import { passwordResetJob } from '../../modules/auth/passwordReset.job.ts';
import { bidKmzImportJob } from '../../modules/bids/kmzImport.job.ts';
import { deliveryPackageJob } from '../../modules/delivery/deliveryPackage.job.ts';
import { availabilityTextJob } from '../../modules/pilots/availabilityText.job.ts';
import { projectImportJob } from '../../modules/projects/csvImport.job.ts';
import { imageProcessJob } from '../../modules/upload/imageProcess.job.ts';
import { projectReportJob } from '../../modules/viewer/projectReport.job.ts';
import { structureModel3dJob } from '../../modules/viewer/structure3d.job.ts';
import { mailDeliverJob } from '../mail/deliver.job.ts';
import type { AnyJobDefinition } from './define.ts';

/**
 * Every job the application runs, in one place (name → payload schema → handler). A new job is
 * declared with `defineJob` next to the code it belongs to and added here.
 *
 * A function, not a constant: job modules import `enqueue`, which imports this file, and a constant
 * list would read their exports before they exist whenever a job module is loaded first.
 */
const definitions = () =>
  [
    mailDeliverJob,
    passwordResetJob,
    projectImportJob,
    imageProcessJob,
    deliveryPackageJob,
    availabilityTextJob,
    bidKmzImportJob,
    projectReportJob,
    structureModel3dJob,
  ] as const;

type Definition = ReturnType<typeof definitions>[number];
export type JobName = Definition['name'];
export type JobPayload<N extends JobName> = z.input<Extract<Definition, { name: N }>['payload']>;

let byName: ReadonlyMap<string, AnyJobDefinition> | undefined;

/** The application's job definitions by name (what workers run and `enqueue` validates against). */
export function jobDefinitions(): ReadonlyMap<string, AnyJobDefinition> {
  byName ??= new Map(definitions().map((d) => [d.name, d as AnyJobDefinition]));
  return byName;
}
