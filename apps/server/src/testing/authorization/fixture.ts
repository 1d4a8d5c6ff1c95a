import { ROLE_IDS } from '@linewalker/domain';
import { and, eq } from 'drizzle-orm';
import {
  crewGroups,
  deliveryPackages,
  fileUploads,
  flightPlans,
  images,
  inspections,
  jobs,
  lines,
  projectLines,
  projectReports,
  projects,
  sourceFiles,
  structures,
  users,
} from '../../platform/db/schema/index.ts';
import { dronePhoto } from '../dronePhotos.ts';
import { createDrone } from '../drones.ts';
import {
  createAnnotation,
  createLine,
  createPlacedImage,
  createProject,
  createStructures,
} from '../projectFactories.ts';
import type { TestContext } from '../testApp.ts';
import { buildAiFixture } from './aiFixture.ts';
import type { MatrixFixture } from './matrix.ts';
import { buildOrdersFixture } from './ordersFixture.ts';

/** Ids no row has: the `none` target's objects. */
const MISSING_ID = 2_000_000_000;

/**
 * Creates the objects the matrix requests point at, all owned by `companyId`. `tag` keeps names unique
 * between the own and the other company's sets. Areas add their objects here (a project, its
 * structures, a crew group...).
 */
export async function buildFixture(ctx: TestContext, companyId: number, tag: string): Promise<MatrixFixture> {
  const db = ctx.database.db;
  const projectName = `Matrix Project ${tag}`;
  const [project] = await db
    .insert(projects)
    .values({
      companyId,
      projectName,
      startDate: '2026-01-05',
      dueDate: '2026-12-20',
      ptypeId: 1,
      ptierId: 2,
      closestCity: 'Salina',
    })
    .returning({ id: projects.id });
  const projectId = project!.id;
  const [line] = await db
    .insert(lines)
    .values({ companyId, lineName: 'Matrix Line' })
    .returning({ id: lines.id });
  await db.insert(projectLines).values({ projectId, lineId: line!.id });
  const [crew] = await db
    .insert(crewGroups)
    .values({ projectId, crewNumber: 1, color: '#1f77b4' })
    .returning({ id: crewGroups.id });
  const structureRows = await db
    .insert(structures)
    .values(
      [0, 1, 2].map((i) => ({
        projectId,
        lineId: line!.id,
        structNum: `M-${i + 1}`,
        location: { x: -97.6 + i * 0.002, y: 38.8 },
        crewGroupId: i === 0 ? crew!.id : null,
      })),
    )
    .returning({ id: structures.id });
  const inspectionRows = await db
    .insert(inspections)
    .values(structureRows.map((s) => ({ projectId, structureId: s.id })))
    .returning({ id: inspections.id });

  // Upload page: a spare structure (removed by the matrix) and two photos, one on the first structure.
  const [spare] = await db
    .insert(structures)
    .values({ projectId, lineId: line!.id, structNum: 'M-spare', location: { x: -97.59, y: 38.81 } })
    .returning({ id: structures.id });
  await db.insert(inspections).values({ projectId, structureId: spare!.id });
  const imageRows = await db
    .insert(images)
    .values(
      [structureRows[0]!.id, null].map((structureId, i) => ({
        projectId,
        structureId,
        md5: `matrix-${tag}-${i}`,
        imageName: `MATRIX_${tag}_${i}.JPG`,
        storageKey: `matrix/${tag}/image-${i}.jpg`,
        location: { x: -97.6, y: 38.8001 },
      })),
    )
    .returning({ id: images.id });

  const [crewUser] = await db
    .insert(users)
    .values({
      companyId: 1,
      roleId: 4,
      firstName: 'Matrix',
      lastName: 'Pilot',
      email: `matrix-pilot-${tag}@example.test`,
    })
    .returning({ id: users.id });

  // Jobs: one the own company's customer started (its owner may read it), one failed system job.
  const [customer] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.roleId, ROLE_IDS.customer)));
  const [ownJob, failedJob] = await db
    .insert(jobs)
    .values([
      {
        name: 'auth.password-reset',
        payload: {},
        state: 'succeeded',
        maxAttempts: 5,
        createdBy: customer!.id,
      },
      {
        name: 'mail.deliver',
        payload: { outboxId: 1 },
        state: 'failed',
        maxAttempts: 5,
        attempts: 5,
        lastError: 'refused',
      },
    ])
    .returning({ id: jobs.id });

  const storage = ctx.app.deps.storage;
  const existingKey = `matrix/${tag}/existing.csv`;
  await storage.write(existingKey, Buffer.from('x,y\n'));
  // Registered as issued by sign-s3, so getFields may read it.
  await db.insert(fileUploads).values({ storageKey: existingKey, kind: 'csv' });
  const [sourceFile] = await db
    .insert(sourceFiles)
    .values({ projectId, kind: 'csv', storageKey: existingKey, url: existingKey, name: 'x.csv' })
    .returning({ id: sourceFiles.id });
  const photoKey = `images/${projectId}/matrix-${tag}.jpg`;
  await storage.write(
    photoKey,
    await dronePhoto({ label: `matrix ${tag}`, latitude: 38.8, longitude: -97.6 }),
  );
  const [image] = await db
    .insert(images)
    // 640 × 480, as dronePhoto makes it (the deep-zoom tiles need the size). On a structure: a customer
    // is shown the accepted photos on structures only.
    .values({
      projectId,
      structureId: structureRows.at(-1)!.id,
      md5: `matrix-${tag}`,
      imageName: 'DJI_0001.JPG',
      storageKey: photoKey,
      width: 640,
      height: 480,
    })
    .returning({ id: images.id });
  // Delivery: a package whose ZIP is built and stored.
  const packageKey = `matrix/${tag}/delivery-1.zip`;
  await storage.write(packageKey, Buffer.from('PK\u0005\u0006'.padEnd(22, '\u0000'), 'latin1'));
  const [deliveryPackage] = await db
    .insert(deliveryPackages)
    .values({
      projectId,
      number: 1,
      archiveName: 'Delivery 1',
      status: 'ready',
      imageCount: 0,
      storageKey: packageKey,
      sizeBytes: 22,
    })
    .returning({ id: deliveryPackages.id });
  // Reports: a project risk report whose PDF is built and stored.
  const reportKey = `matrix/${tag}/risk-report-1.pdf`;
  await storage.write(reportKey, Buffer.from('%PDF-1.3\n%%EOF\n', 'latin1'));
  const [projectReport] = await db
    .insert(projectReports)
    .values({ projectId, status: 'ready', structureCount: 0, storageKey: reportKey, sizeBytes: 15 })
    .returning({ id: projectReports.id });
  const [plan] = await db
    .insert(flightPlans)
    .values({
      projectId,
      boxId: `BOX-${tag}`,
      storageKey: `flight-plans/${projectId}/matrix-${tag}.plan`,
      filename: 'matrix.plan',
      waypoints: [
        { lat: 38.8, lon: -97.6, alt: 30 },
        { lat: 38.8, lon: -97.596, alt: 30 },
      ],
      waypointCount: 2,
    })
    .returning({ id: flightPlans.id });
  // The viewer's step-clip panel: a photo of a component-level project.
  const [componentProject] = await db
    .insert(projects)
    .values({
      companyId,
      projectName: `Matrix Component Project ${tag}`,
      startDate: '2026-01-05',
      dueDate: '2026-12-20',
      ptypeId: 1,
      ptierId: 2,
      closestCity: 'Salina',
      inspectionType: '1',
    })
    .returning({ id: projects.id });
  const [stepClipImage] = await db
    .insert(images)
    .values({
      projectId: componentProject!.id,
      md5: `matrix-stepclip-${tag}`,
      imageName: 'DJI_0002.JPG',
      storageKey: `matrix/${tag}/stepclip.jpg`,
      stepclipJson: { topangleouter: 1, topangle: 2, bottomangleouter: 3, bottomangle: 4 },
    })
    .returning({ id: images.id });
  const path = async (url: Promise<string>) =>
    new URL(await url, 'http://localhost').pathname + new URL(await url, 'http://localhost').search;
  // One registered upload per caller: a second PUT to the same key is refused.
  const signedPuts: string[] = [];
  for (let i = 0; i < 10; i++) {
    const key = `matrix/${tag}/upload-${i}.csv`;
    await db.insert(fileUploads).values({ storageKey: key, kind: 'csv', contentType: 'text/csv' });
    signedPuts.push(await path(storage.signedPutUrl(key, 'text/csv')));
  }
  // Annotations to delete, one per caller: a deleted one answers 404 to the next.
  const annotationIds: number[] = [];
  for (let i = 0; i < 10; i++) annotationIds.push(await createAnnotation(db, imageRows[0]!.id));
  // The arm/flange workflows: an ABB project (ETT and ABB routes both apply) with one structure and photo.
  const abbProjectId = await createProject(db, companyId, { ptypeId: 4, projectName: `Matrix ABB ${tag}` });
  const abbLineId = await createLine(db, companyId, abbProjectId, `Matrix ABB Line ${tag}`);
  const abb = await createStructures(db, abbProjectId, abbLineId, 1, { prefix: `MA-${tag}-` });
  const abbImageId = await createPlacedImage(db, abbProjectId, abb.structureIds[0]!, {
    name: 'ABB_0001.JPG',
  });
  const [asset] = await db
    .select({ assetId: structures.assetId })
    .from(structures)
    .where(eq(structures.id, structureRows[0]!.id));
  return {
    app: ctx.app,
    companyId,
    projectName,
    projectId,
    lineId: line!.id,
    crewGroupId: crew!.id,
    crewUserId: crewUser!.id,
    structureIds: structureRows.map((r) => r.id),
    assetId: asset!.assetId!,
    inspectionIds: inspectionRows.map((r) => r.id),
    imageId: image!.id,
    existingUpload: existingKey,
    nextSignedPut: () => {
      const url = signedPuts.shift();
      if (!url) throw new Error('the matrix fixture ran out of signed PUT URLs');
      return url;
    },
    // Valid for the whole run: on a busy machine the matrix reaches this row minutes after the fixture.
    signedGet: await path(storage.signedGetUrl(existingKey, 3600)),
    sourceFileId: sourceFile!.id,
    jobId: ownJob!.id,
    failedJobId: failedJob!.id,
    imageIds: imageRows.map((r) => r.id),
    spareStructureId: spare!.id,
    deliveryPackageId: deliveryPackage!.id,
    projectReportId: projectReport!.id,
    nextAnnotationId: () => {
      const id = annotationIds.shift();
      if (id === undefined) throw new Error('the matrix fixture ran out of annotations');
      return id;
    },
    flightPlanId: plan!.id,
    droneId: await createDrone(db, companyId, `Matrix drone ${tag}`),
    stepClipImageId: stepClipImage!.id,
    ett: { projectId: abbProjectId, inspectionId: abb.inspectionIds[0]!, imageId: abbImageId },
    ai: await buildAiFixture(db, tag, image!.id),
    orders: await buildOrdersFixture(db, companyId, tag),
  };
}

/** The `none` target: the own set's requests pointed at ids and names that no object has. */
export function missingObjects(own: MatrixFixture): MatrixFixture {
  return {
    ...own,
    companyId: MISSING_ID,
    projectName: 'Matrix Project that does not exist',
    projectId: MISSING_ID,
    lineId: MISSING_ID,
    crewGroupId: MISSING_ID,
    structureIds: own.structureIds.map((_, i) => MISSING_ID + i),
    assetId: MISSING_ID,
    inspectionIds: own.inspectionIds.map((_, i) => MISSING_ID + i),
    imageId: MISSING_ID,
    sourceFileId: MISSING_ID,
    jobId: MISSING_ID,
    failedJobId: MISSING_ID,
    imageIds: own.imageIds.map((_, i) => MISSING_ID + i),
    spareStructureId: MISSING_ID + 10,
    deliveryPackageId: MISSING_ID,
    projectReportId: MISSING_ID,
    nextAnnotationId: () => MISSING_ID,
    flightPlanId: MISSING_ID,
    droneId: MISSING_ID,
    stepClipImageId: MISSING_ID,
    ett: { projectId: MISSING_ID, inspectionId: MISSING_ID, imageId: MISSING_ID },
    orders: { orderId: MISSING_ID, nextAssetId: () => MISSING_ID },
  };
}
