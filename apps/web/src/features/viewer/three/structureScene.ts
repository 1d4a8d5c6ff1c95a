import type { StructureModel } from '@linewalker/domain';
import * as THREE from 'three';
import { OrbitControls } from 'three/addons/controls/OrbitControls.js';
import { SIDE_COLORS } from './sideColors.ts';

const ABOVE_COLOR = '#868e96';
const CURRENT_COLOR = '#fa5252';

/** Where each camera is drawn on the canvas, in CSS pixels from its top left (for tests and tooltips). */
export interface ScreenPoint {
  imageId: number;
  x: number;
  y: number;
}

export interface SceneHandle {
  setCurrent(imageId: number | null): void;
  resize(width: number, height: number): void;
  /** Puts the view back where it started. */
  resetView(): void;
  screenPoints(): ScreenPoint[];
  dispose(): void;
}

/** ENU metres → three.js (y up): x = east, y = up, z = −north. */
const toScene = (p: { e: number; n: number; u: number }) => new THREE.Vector3(p.e, p.u, -p.n);

function label(text: string, color: string, size: number): THREE.Sprite {
  const canvas = document.createElement('canvas');
  canvas.width = 64;
  canvas.height = 64;
  const g = canvas.getContext('2d');
  if (g) {
    g.font = 'bold 40px sans-serif';
    g.fillStyle = color;
    g.textAlign = 'center';
    g.textBaseline = 'middle';
    g.fillText(text, 32, 34);
  }
  const sprite = new THREE.Sprite(
    new THREE.SpriteMaterial({ map: new THREE.CanvasTexture(canvas), depthTest: false }),
  );
  sprite.scale.set(size, size, 1);
  return sprite;
}

/**
 * A camera as a small pyramid (frustum) whose apex is the camera position and whose base lies along the
 * viewing direction, plus a thin sight line towards what it looked at.
 */
function cameraObject(length: number, color: string): { group: THREE.Group; materials: THREE.Material[] } {
  const group = new THREE.Group();
  const half = length * 0.45;
  const far = length;
  // Apex at the origin, looking down −z (three.js camera convention), base 4:3.
  const corners = [
    [-half, (-half * 3) / 4, -far],
    [half, (-half * 3) / 4, -far],
    [half, (half * 3) / 4, -far],
    [-half, (half * 3) / 4, -far],
  ] as const;
  const positions: number[] = [];
  for (let i = 0; i < 4; i++) {
    const a = corners[i]!;
    const b = corners[(i + 1) % 4]!;
    positions.push(0, 0, 0, ...a, ...b);
  }
  positions.push(...corners[0], ...corners[2], ...corners[1], ...corners[0], ...corners[3], ...corners[2]);
  const geometry = new THREE.BufferGeometry();
  geometry.setAttribute('position', new THREE.Float32BufferAttribute(positions, 3));
  geometry.computeVertexNormals();
  const fill = new THREE.MeshBasicMaterial({
    color,
    transparent: true,
    opacity: 0.45,
    side: THREE.DoubleSide,
  });
  const edges = new THREE.LineBasicMaterial({ color });
  const mesh = new THREE.Mesh(geometry, fill);
  const outline = new THREE.LineSegments(new THREE.EdgesGeometry(geometry), edges);
  const body = new THREE.Mesh(
    new THREE.BoxGeometry(length * 0.35, length * 0.25, length * 0.3),
    new THREE.MeshBasicMaterial({ color }),
  );
  body.position.z = length * 0.15;
  group.add(mesh, outline, body);
  return { group, materials: [fill, edges, body.material as THREE.Material] };
}

/**
 * Draws the structure model: ground grid with compass letters, the pole/tower proxy and one frustum per
 * photo, with orbit controls as spec 2 §2's shortcuts list them (left drag rotates, right drag pans, middle
 * drag zooms; the wheel zooms too). Renders on demand only (software WebGL in CI and on old laptops).
 */
export function createStructureScene(
  canvas: HTMLCanvasElement,
  model: StructureModel,
  onPick: (imageId: number) => void,
  /** Called after each frame is drawn (the view moved, resized or the highlight changed). */
  onRendered: () => void = () => {},
): SceneHandle {
  const renderer = new THREE.WebGLRenderer({ canvas, antialias: true, preserveDrawingBuffer: true });
  renderer.setPixelRatio(Math.min(window.devicePixelRatio, 2));
  const scene = new THREE.Scene();
  scene.background = new THREE.Color('#f1f3f5');

  const height = model.structure.height;
  const reach = Math.max(
    height,
    ...model.cameras.map((c) => Math.hypot(c.position.e, c.position.n, c.position.u)),
    10,
  );
  const camera = new THREE.PerspectiveCamera(50, 1, 0.1, reach * 50);

  // Ground: grid every metre-ish step and compass letters at its edge.
  const gridSize = Math.ceil((reach * 2.2) / 10) * 10;
  const grid = new THREE.GridHelper(gridSize, gridSize / 5, '#adb5bd', '#dee2e6');
  scene.add(grid);
  const letters: [string, number, number][] = [
    ['N', 0, -1],
    ['E', 1, 0],
    ['S', 0, 1],
    ['W', -1, 0],
  ];
  for (const [text, x, z] of letters) {
    const sprite = label(text, text === 'N' ? '#c92a2a' : '#495057', gridSize * 0.06);
    sprite.position.set((x * gridSize) / 2, gridSize * 0.02, (z * gridSize) / 2);
    scene.add(sprite);
  }

  // The structure: a pole with a cross-arm near the top, sized by the estimated height.
  const radius = Math.max(0.15, height * 0.015);
  const pole = new THREE.Mesh(
    new THREE.CylinderGeometry(radius * 0.8, radius, height, 16),
    new THREE.MeshLambertMaterial({ color: '#8d6e63' }),
  );
  pole.position.y = height / 2;
  const arm = new THREE.Mesh(
    new THREE.BoxGeometry(height * 0.28, radius * 1.2, radius * 1.2),
    new THREE.MeshLambertMaterial({ color: '#6d4c41' }),
  );
  arm.position.y = height * 0.9;
  scene.add(pole, arm);
  scene.add(new THREE.AmbientLight('#ffffff', 1.6), new THREE.HemisphereLight('#ffffff', '#888888', 1.2));

  // Cameras.
  const frustumLength = Math.max(1.5, reach * 0.1);
  const pickables: THREE.Object3D[] = [];
  const cams = new Map<number, { group: THREE.Group; materials: THREE.Material[]; color: string }>();
  for (const c of model.cameras) {
    const color = c.side ? SIDE_COLORS[c.side] : ABOVE_COLOR;
    const { group, materials } = cameraObject(frustumLength, color);
    const at = toScene(c.position);
    group.position.copy(at);
    group.lookAt(at.clone().add(toScene(c.direction)));
    group.userData.imageId = c.image_id;
    for (const child of group.children) child.userData.imageId = c.image_id;
    const sight = new THREE.Line(
      new THREE.BufferGeometry().setFromPoints([
        at,
        at.clone().add(toScene(c.direction).multiplyScalar(Math.max(c.distance, frustumLength * 2))),
      ]),
      new THREE.LineDashedMaterial({ color, dashSize: 0.6, gapSize: 0.4, transparent: true, opacity: 0.7 }),
    );
    sight.computeLineDistances();
    scene.add(group, sight);
    pickables.push(group);
    cams.set(c.image_id, { group, materials: [...materials, sight.material as THREE.Material], color });
  }

  const controls = new OrbitControls(camera, canvas);
  // Spec 2 §2: rotate left, zoom middle, pan right (OrbitControls' defaults, stated here on purpose).
  controls.mouseButtons = { LEFT: THREE.MOUSE.ROTATE, MIDDLE: THREE.MOUSE.DOLLY, RIGHT: THREE.MOUSE.PAN };
  controls.enableDamping = false;
  controls.maxPolarAngle = Math.PI * 0.495;
  const home = () => {
    // Everything in frame: the structure and the highest camera.
    const middle = Math.max(height, ...model.cameras.map((c) => c.position.u)) / 2;
    camera.position.set(reach * 0.95, middle + reach * 0.7, reach * 1.25);
    controls.target.set(0, middle, 0);
    controls.update();
  };
  home();

  let frame = 0;
  const render = () => {
    frame = 0;
    renderer.render(scene, camera);
    onRendered();
  };
  const requestRender = () => {
    if (!frame) frame = requestAnimationFrame(render);
  };
  controls.addEventListener('change', requestRender);

  // A click (not a drag) on a camera picks its photo.
  const raycaster = new THREE.Raycaster();
  let down: { x: number; y: number } | null = null;
  const onDown = (e: PointerEvent) => {
    down = e.button === 0 ? { x: e.clientX, y: e.clientY } : null;
  };
  const onUp = (e: PointerEvent) => {
    if (!down || Math.hypot(e.clientX - down.x, e.clientY - down.y) > 4) return;
    down = null;
    const rect = canvas.getBoundingClientRect();
    const ndc = new THREE.Vector2(
      ((e.clientX - rect.left) / rect.width) * 2 - 1,
      -((e.clientY - rect.top) / rect.height) * 2 + 1,
    );
    raycaster.setFromCamera(ndc, camera);
    const hit = raycaster.intersectObjects(pickables, true)[0];
    const imageId = hit?.object.userData.imageId as number | undefined;
    if (imageId !== undefined) onPick(imageId);
  };
  canvas.addEventListener('pointerdown', onDown);
  canvas.addEventListener('pointerup', onUp);

  let size = { width: 1, height: 1 };
  return {
    setCurrent(imageId) {
      for (const [id, cam] of cams) {
        const isCurrent = id === imageId;
        for (const m of cam.materials) {
          (m as THREE.MeshBasicMaterial).color.set(isCurrent ? CURRENT_COLOR : cam.color);
        }
        cam.group.scale.setScalar(isCurrent ? 1.6 : 1);
      }
      requestRender();
    },
    resize(width, h) {
      size = { width: Math.max(1, width), height: Math.max(1, h) };
      renderer.setSize(size.width, size.height, false);
      camera.aspect = size.width / size.height;
      camera.updateProjectionMatrix();
      requestRender();
    },
    resetView() {
      home();
      requestRender();
    },
    screenPoints() {
      return model.cameras.map((c) => {
        // The camera body's centre: the part of the frustum a click is surest to hit.
        const cam = cams.get(c.image_id)!;
        const p = cam.group.localToWorld(new THREE.Vector3(0, 0, frustumLength * 0.15)).project(camera);
        return {
          imageId: c.image_id,
          x: Math.round(((p.x + 1) / 2) * size.width),
          y: Math.round(((1 - p.y) / 2) * size.height),
        };
      });
    },
    dispose() {
      if (frame) cancelAnimationFrame(frame);
      canvas.removeEventListener('pointerdown', onDown);
      canvas.removeEventListener('pointerup', onUp);
      controls.dispose();
      scene.traverse((o) => {
        if (o instanceof THREE.Mesh || o instanceof THREE.Line || o instanceof THREE.Sprite) {
          o.geometry.dispose();
          const mats = Array.isArray(o.material) ? o.material : [o.material];
          for (const m of mats) {
            (m as THREE.SpriteMaterial).map?.dispose();
            m.dispose();
          }
        }
      });
      renderer.dispose();
    },
  };
}
