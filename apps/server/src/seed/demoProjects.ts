import type { ProjectPhase } from './dates.ts';
import type { DemoCustomer } from './demoPeople.ts';
import type { StructNumStyle } from './names.ts';

export interface DemoLine {
  lineName: string;
  lineNum: string;
  /** Where the line starts and the way it heads (degrees from north). */
  start: { lon: number; lat: number };
  bearing: number;
  count: number;
  style: StructNumStyle;
  /** Span length range in metres. */
  spacing: [number, number];
}

export interface DemoProject {
  projectName: string;
  customer: DemoCustomer;
  ptypeId: number;
  ptierId: number;
  phase: ProjectPhase;
  closestCity: string;
  numPilots: number;
  photoLimit: number;
  useNewRiskRating: boolean;
  crews: number;
  lines: DemoLine[];
}

const DIST: [number, number] = [120, 160];
const TRANS: [number, number] = [200, 250];

/** Six projects, one per state the project list distinguishes, on real-looking routes in Kansas, Nebraska and Washington. */
export const DEMO_PROJECTS: DemoProject[] = [
  {
    projectName: 'Smoky Hill Transmission Patrol',
    customer: 'northernPlains',
    ptypeId: 2,
    ptierId: 2,
    phase: 'in_progress',
    closestCity: 'Salina',
    numPilots: 3,
    photoLimit: -1,
    useNewRiskRating: true,
    crews: 3,
    lines: [
      {
        lineName: 'Smoky Hill 115kV',
        lineNum: '115 07',
        start: { lon: -97.61, lat: 38.84 },
        bearing: 272,
        count: 70,
        style: 'tower',
        spacing: TRANS,
      },
      {
        lineName: 'Gypsum Tap 69kV',
        lineNum: '69 12',
        start: { lon: -97.43, lat: 38.7 },
        bearing: 200,
        count: 40,
        style: 'tower',
        spacing: TRANS,
      },
    ],
  },
  {
    projectName: 'Platte Valley Distribution Survey',
    customer: 'northernPlains',
    ptypeId: 1,
    ptierId: 2,
    phase: 'late',
    closestCity: 'Kearney',
    numPilots: 2,
    photoLimit: 5,
    useNewRiskRating: false,
    crews: 2,
    lines: [
      {
        lineName: 'Feeder 12',
        lineNum: '12',
        start: { lon: -99.08, lat: 40.7 },
        bearing: 90,
        count: 60,
        style: 'span',
        spacing: DIST,
      },
      {
        lineName: 'Feeder 14',
        lineNum: '14',
        start: { lon: -99.1, lat: 40.72 },
        bearing: 0,
        count: 45,
        style: 'span',
        spacing: DIST,
      },
    ],
  },
  {
    projectName: 'Republican River Rebuild',
    customer: 'northernPlains',
    ptypeId: 1,
    ptierId: 1,
    phase: 'complete',
    closestCity: 'McCook',
    numPilots: 1,
    photoLimit: 4,
    useNewRiskRating: false,
    crews: 2,
    lines: [
      {
        lineName: 'Feeder 7',
        lineNum: '7',
        start: { lon: -100.62, lat: 40.2 },
        bearing: 100,
        count: 55,
        style: 'span',
        spacing: DIST,
      },
    ],
  },
  {
    projectName: 'Yakima Canyon Arm Survey',
    customer: 'cascadeValley',
    ptypeId: 3,
    ptierId: 3,
    phase: 'upcoming',
    closestCity: 'Ellensburg',
    numPilots: 2,
    photoLimit: -1,
    useNewRiskRating: true,
    crews: 1,
    lines: [
      {
        lineName: 'Canyon 230kV',
        lineNum: '230 02',
        start: { lon: -120.55, lat: 46.99 },
        bearing: 165,
        count: 50,
        style: 'tower',
        spacing: TRANS,
      },
    ],
  },
  {
    projectName: 'Wenatchee Feeder Survey',
    customer: 'cascadeValley',
    ptypeId: 1,
    ptierId: 2,
    phase: 'early',
    closestCity: 'Wenatchee',
    numPilots: 1,
    photoLimit: -1,
    useNewRiskRating: false,
    crews: 2,
    lines: [
      {
        lineName: 'Sunnyslope Feeder',
        lineNum: '21',
        start: { lon: -120.31, lat: 47.45 },
        bearing: 340,
        count: 40,
        style: 'span',
        spacing: DIST,
      },
      {
        lineName: 'Malaga Feeder',
        lineNum: '23',
        start: { lon: -120.29, lat: 47.4 },
        bearing: 130,
        count: 35,
        style: 'span',
        spacing: DIST,
      },
    ],
  },
  {
    projectName: 'Loup Basin Pole Survey',
    customer: 'northernPlains',
    ptypeId: 1,
    ptierId: 2,
    phase: 'archived',
    closestCity: 'Ord',
    numPilots: 1,
    photoLimit: -1,
    useNewRiskRating: false,
    crews: 1,
    lines: [
      {
        lineName: 'Feeder 3',
        lineNum: '3',
        start: { lon: -98.93, lat: 41.6 },
        bearing: 45,
        count: 45,
        style: 'span',
        spacing: DIST,
      },
    ],
  },
];
