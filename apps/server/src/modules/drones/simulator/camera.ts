import sharp from 'sharp';
import type { Vec3 } from './quadcopter.ts';

/** What the simulated camera sees: the project's structures (poles/towers) and the lines strung between them. */
export interface Scene {
  structures: { e: number; n: number; height: number; label?: string }[];
  /** Index pairs into `structures`. */
  spans: [number, number][];
}

export interface CameraPose {
  pos: Vec3;
  /** Degrees clockwise from north. */
  heading: number;
  /** Degrees, negative = looking down. */
  gimbalPitch: number;
}

export const FRAME_WIDTH = 640;
export const FRAME_HEIGHT = 360;
/**
 * The simulated camera's rate. 20, not 15: the console must show ≥ 15 fps to each viewer, and a page that
 * drops one frame in a hundred of a 15 fps camera reads 14.8. A real drone's stream has the same headroom (DJI: 30).
 */
export const CAMERA_FPS = 20;
const HFOV_DEG = 82;
const FOCAL = FRAME_WIDTH / 2 / Math.tan(((HFOV_DEG / 2) * Math.PI) / 180);
const NEAR = 0.5;
const GRID = 25;
const GRID_REACH = 400;
const EARTH_RADIUS = 6_378_137;

/** Metres east/north of `home` (equirectangular; exact enough over a few kilometres). */
export function toLocal(
  home: { lat: number; lon: number },
  lat: number,
  lon: number,
): { e: number; n: number } {
  const rad = Math.PI / 180;
  return {
    e: (lon - home.lon) * rad * EARTH_RADIUS * Math.cos(home.lat * rad),
    n: (lat - home.lat) * rad * EARTH_RADIUS,
  };
}

interface Basis {
  f: Vec3;
  r: Vec3;
  up: Vec3;
}

function basis(pose: CameraPose): Basis {
  const psi = (pose.heading * Math.PI) / 180;
  const th = (pose.gimbalPitch * Math.PI) / 180;
  return {
    f: { e: Math.sin(psi) * Math.cos(th), n: Math.cos(psi) * Math.cos(th), u: Math.sin(th) },
    r: { e: Math.cos(psi), n: -Math.sin(psi), u: 0 },
    up: { e: -Math.sin(psi) * Math.sin(th), n: -Math.cos(psi) * Math.sin(th), u: Math.cos(th) },
  };
}

type Cam = [x: number, y: number, z: number];

function toCamera(b: Basis, eye: Vec3, p: Vec3): Cam {
  const d = { e: p.e - eye.e, n: p.n - eye.n, u: p.u - eye.u };
  const dot = (v: Vec3) => d.e * v.e + d.n * v.n + d.u * v.u;
  return [dot(b.r), dot(b.up), dot(b.f)];
}

function project(c: Cam): [number, number] {
  return [FRAME_WIDTH / 2 + (FOCAL * c[0]) / c[2], FRAME_HEIGHT / 2 - (FOCAL * c[1]) / c[2]];
}

/** A segment in camera space clipped to the near plane and projected; null when wholly behind the camera. */
function segment(a: Cam, b: Cam): [number, number, number, number] | null {
  if (a[2] < NEAR && b[2] < NEAR) return null;
  let p = a;
  let q = b;
  if (p[2] < NEAR || q[2] < NEAR) {
    const t = (NEAR - a[2]) / (b[2] - a[2]);
    const cut: Cam = [a[0] + t * (b[0] - a[0]), a[1] + t * (b[1] - a[1]), NEAR];
    if (a[2] < NEAR) p = cut;
    else q = cut;
  }
  const [x1, y1] = project(p);
  const [x2, y2] = project(q);
  return [x1, y1, x2, y2];
}

const fmt = (v: number) => (Math.abs(v) > 1e5 ? Math.sign(v) * 1e5 : v).toFixed(1);

/** The frame as SVG: sky, ground below the horizon, a 25 m ground grid, poles, conductors, labels. */
export function renderSvg(scene: Scene, pose: CameraPose): string {
  const b = basis(pose);
  const eye = pose.pos;
  const parts: string[] = [];
  // Horizon: where a level direction projects; pitched down it rises above the centre.
  const horizon = FRAME_HEIGHT / 2 + FOCAL * Math.tan((pose.gimbalPitch * Math.PI) / 180);
  parts.push(
    `<rect width="${FRAME_WIDTH}" height="${FRAME_HEIGHT}" fill="#9cc7ea"/>`,
    `<rect y="${fmt(Math.max(0, horizon))}" width="${FRAME_WIDTH}" height="${FRAME_HEIGHT}" fill="#6f8f4e"/>`,
  );
  const grid: string[] = [];
  const ge = Math.round(eye.e / GRID) * GRID;
  const gn = Math.round(eye.n / GRID) * GRID;
  for (let k = -GRID_REACH; k <= GRID_REACH; k += GRID) {
    const lines: [Vec3, Vec3][] = [
      [
        { e: ge + k, n: gn - GRID_REACH, u: 0 },
        { e: ge + k, n: gn + GRID_REACH, u: 0 },
      ],
      [
        { e: ge - GRID_REACH, n: gn + k, u: 0 },
        { e: ge + GRID_REACH, n: gn + k, u: 0 },
      ],
    ];
    for (const [p, q] of lines) {
      const s = segment(toCamera(b, eye, p), toCamera(b, eye, q));
      if (s) grid.push(`M${fmt(s[0])} ${fmt(s[1])}L${fmt(s[2])} ${fmt(s[3])}`);
    }
  }
  parts.push(`<path d="${grid.join('')}" stroke="#5d7a40" stroke-width="1" fill="none"/>`);
  // Home pad.
  const pad = segment(toCamera(b, eye, { e: -2, n: 0, u: 0 }), toCamera(b, eye, { e: 2, n: 0, u: 0 }));
  if (pad)
    parts.push(
      `<path d="M${fmt(pad[0])} ${fmt(pad[1])}L${fmt(pad[2])} ${fmt(pad[3])}" stroke="#f2c94c" stroke-width="4"/>`,
    );
  const wires: string[] = [];
  for (const [i, j] of scene.spans) {
    const a = scene.structures[i];
    const c = scene.structures[j];
    if (!a || !c) continue;
    const s = segment(
      toCamera(b, eye, { e: a.e, n: a.n, u: a.height }),
      toCamera(b, eye, { e: c.e, n: c.n, u: c.height }),
    );
    if (s) wires.push(`M${fmt(s[0])} ${fmt(s[1])}L${fmt(s[2])} ${fmt(s[3])}`);
  }
  parts.push(`<path d="${wires.join('')}" stroke="#222" stroke-width="1.5" fill="none"/>`);
  for (const st of scene.structures) {
    const base = toCamera(b, eye, { e: st.e, n: st.n, u: 0 });
    const top = toCamera(b, eye, { e: st.e, n: st.n, u: st.height });
    const s = segment(base, top);
    if (!s) continue;
    const depth = Math.max(NEAR, Math.min(base[2], top[2]));
    const width = Math.max(1.5, Math.min(40, (FOCAL * 0.4) / depth));
    parts.push(
      `<path d="M${fmt(s[0])} ${fmt(s[1])}L${fmt(s[2])} ${fmt(s[3])}" stroke="#5b4327" stroke-width="${width.toFixed(1)}"/>`,
    );
    // Cross-arm at the top.
    const arm = segment(
      toCamera(b, eye, { e: st.e - 1.5 * Math.cos(0), n: st.n, u: st.height - 0.5 }),
      toCamera(b, eye, { e: st.e + 1.5, n: st.n, u: st.height - 0.5 }),
    );
    if (arm) {
      parts.push(
        `<path d="M${fmt(arm[0])} ${fmt(arm[1])}L${fmt(arm[2])} ${fmt(arm[3])}" stroke="#5b4327" stroke-width="${(width * 0.6).toFixed(1)}"/>`,
      );
    }
    if (st.label && top[2] > NEAR && top[2] < 150) {
      const [x, y] = project(top);
      parts.push(
        `<text x="${fmt(x + 6)}" y="${fmt(y)}" font-size="12" fill="#fff" font-family="sans-serif">${escapeXml(st.label)}</text>`,
      );
    }
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${FRAME_WIDTH}" height="${FRAME_HEIGHT}">${parts.join('')}</svg>`;
}

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** One 640 × 360 JPEG frame of what the drone sees. */
export async function renderFrame(scene: Scene, pose: CameraPose, quality = 70): Promise<Buffer> {
  return sharp(Buffer.from(renderSvg(scene, pose)))
    .jpeg({ quality })
    .toBuffer();
}

/** Where a world point lands in the frame (null behind the camera): what the camera tests check. */
export function projectPoint(pose: CameraPose, p: Vec3): [number, number] | null {
  const c = toCamera(basis(pose), pose.pos, p);
  return c[2] < NEAR ? null : project(c);
}
