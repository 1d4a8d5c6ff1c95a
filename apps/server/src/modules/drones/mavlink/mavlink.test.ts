import type { DroneStatus } from '@linewalker/domain';
import { afterEach, describe, expect, it } from 'vitest';
import { systemClock } from '../link.ts';
import { SafetySupervisor } from '../safety.ts';
import { MavlinkLink } from './mavlinkLink.ts';
import { MavlinkSimulator } from './mavlinkSimulator.ts';
import { MavEndpoint } from './wire.ts';

/**
 * The MAVLink driver flies the simulator's MAVLink vehicle over real UDP on loopback. Nothing here asserts a
 * speed: each step waits (generously) for the vehicle's reported state.
 */
const HOME = { lat: 38.8396, lon: -97.61, alt: 390 };
const SCENE = { structures: [{ e: 0, n: 40, height: 18 }], spans: [] as [number, number][] };

let cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanup.reverse()) await c();
  cleanup = [];
});

async function fly(
  options: { scene?: boolean; link?: Partial<Parameters<typeof MavlinkLink.connect>[0]> } = {},
) {
  const sim = await MavlinkSimulator.start({
    home: HOME,
    scene: options.scene === false ? undefined : SCENE,
    params: { takeoffAltitude: 10, returnAltitude: 20 },
  });
  cleanup.push(() => sim.close());
  const link = await MavlinkLink.connect({ address: `127.0.0.1:${sim.port}`, home: HOME, ...options.link });
  cleanup.push(() => link.close());
  let last: DroneStatus | null = null;
  link.onStatus((s) => {
    last = s;
  });
  const status = () => last;
  await until(() => link.connected && status() !== null, 'the first status');
  return { sim, link, status };
}

async function until(cond: () => boolean, what: string, timeoutMs = 15_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!cond()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('MAVLink driver against the simulator over UDP', () => {
  it('arms, takes off to altitude, moves forward and yaws, returns home, lands and disarms', async () => {
    const { sim, link, status } = await fly();
    const s = () => status()!;
    expect(s()).toMatchObject({ airborne: false, armed: false, mode: 'landed', home: HOME });
    expect(s().batteryPercent).toBe(100);
    expect(s().linkQuality).toBeGreaterThan(0);

    // Movement before take-off is refused by the driver (not airborne), like the embedded simulator.
    expect(await link.move('/moveForward')).toMatchObject({ ok: false, result: 'rejected' });
    expect(await link.arm()).toEqual({ ok: true, result: 'executed', message: null });
    await until(() => s().armed, 'the armed flag from HEARTBEAT');
    expect(sim.vehicle.armed).toBe(true);

    expect(await link.takeOff()).toMatchObject({ ok: true });
    await until(() => s().airborne, 'airborne');
    // NAV_TAKEOFF's param 7 (home + 20 m above mean sea level) sets the simulator's take-off height.
    await until(() => s().mode === 'hover' && s().altitude > 19, 'hovering at the take-off altitude');
    expect(s().altitude).toBeCloseTo(20, 0);
    expect(s().last_command_executed).toBe('/takeoff');

    // Forward: the vehicle heads north (heading 0), so its latitude grows.
    const before = s().location;
    await until(() => {
      void link.move('/moveForward');
      return s().location.lat > before.lat + 10 / 111_320;
    }, 'ten metres forward');
    expect(Math.abs(s().location.lon - before.lon)).toBeLessThan(5 / 111_320);
    expect(s().last_command_executed).toBe('/moveForward');

    // Yaw right: heading grows clockwise.
    await until(() => {
      void link.move('/yawRight');
      return s().heading >= 30 && s().heading < 180;
    }, 'a 30° yaw to the right');

    expect(await link.returnHome()).toMatchObject({ ok: true });
    await until(() => s().mode === 'returnHome' || s().mode === 'landing', 'return to launch');
    await until(() => !s().airborne, 'landed at home', 60_000);
    expect(Math.abs(s().location.lat - HOME.lat) * 111_320).toBeLessThan(3);
    expect(s().flightSeconds).toBeGreaterThan(0);
    expect(s().batteryPercent).toBeLessThan(100);

    expect(await link.disarm()).toMatchObject({ ok: true });
    await until(() => !s().armed, 'disarmed');
  }, 120_000);

  it('lands from a hover, and the vehicle refuses what it cannot do with a clear message', async () => {
    const { link, status } = await fly({ scene: false });
    const s = () => status()!;
    expect(await link.takeOff()).toEqual({
      ok: false,
      result: 'rejected',
      message: 'the vehicle answered denied',
    });
    await link.arm();
    await link.takeOff();
    await until(() => s().airborne && s().altitude > 3, 'climbing');
    expect(await link.land()).toMatchObject({ ok: true });
    await until(() => s().mode === 'landing', 'landing');
    await until(() => !s().airborne, 'on the ground', 60_000);
    expect(s().altitude).toBeCloseTo(0, 0);
  }, 90_000);

  it('captures a photo (fetched from the camera, tagged with the vehicle position) and records video', async () => {
    const { sim, link, status } = await fly();
    const photo = await link.capture();
    expect(photo.jpeg.subarray(0, 2).toString('hex')).toBe('ffd8');
    expect(photo.status.location.lat).toBeCloseTo(HOME.lat, 5);
    await until(() => status()!.last_command_executed === '/capture', 'the capture in the status');

    // Recording needs the vehicle airborne.
    expect(await link.record(true)).toMatchObject({ ok: false, result: 'rejected' });
    await link.arm();
    await link.takeOff();
    await until(() => status()!.airborne, 'airborne');
    expect(await link.record(true)).toMatchObject({ ok: true });
    expect(sim.isRecording).toBe(true);
    await until(() => status()!.recording, 'recording in the status');
    // VIDEO_STREAM_INFORMATION: 640 × 360 at 20 fps.
    expect(status()!.videoMode).toBe('360P/20');
    expect(await link.record(false)).toMatchObject({ ok: true });
    expect(sim.isRecording).toBe(false);
  }, 60_000);

  it("streams the vehicle's camera (announced by VIDEO_STREAM_INFORMATION) while someone watches", async () => {
    const { link } = await fly();
    const frames: Buffer[] = [];
    const stop = link.onFrame((jpeg) => frames.push(jpeg));
    await until(() => frames.length >= 3, 'three camera frames');
    stop();
    expect(frames[0]!.subarray(0, 2).toString('hex')).toBe('ffd8');
  }, 30_000);

  it('without a video stream, a capture fails with a clear message (and the link stays up)', async () => {
    const { link } = await fly({ scene: false });
    await expect(link.capture()).rejects.toThrow(/unsupported/);
    expect(link.connected).toBe(true);
  }, 30_000);

  it('sends a command again when its COMMAND_ACK is lost, and executes it once', async () => {
    const { sim, link } = await fly({ scene: false });
    sim.faults.dropAcks = 1;
    expect(await link.arm()).toEqual({ ok: true, result: 'executed', message: null });
    expect(sim.vehicle.armed).toBe(true);
    // The retry of an executed take-off is acknowledged again, not refused as "already airborne".
    sim.faults.dropAcks = 2;
    expect(await link.takeOff()).toMatchObject({ ok: true });
  }, 30_000);

  it('fails clearly when no COMMAND_ACK comes after every try', async () => {
    const { sim, link } = await fly({ scene: false, link: { attempts: 3, ackTimeoutMs: 200 } });
    sim.faults.dropAcks = 3;
    expect(await link.arm()).toEqual({
      ok: false,
      result: 'unreachable',
      message: 'no COMMAND_ACK from the vehicle for MAV_CMD_COMPONENT_ARM_DISARM after 3 tries',
    });
  }, 30_000);

  it('reports the link lost when the vehicle falls silent: no status, commands unreachable; back when it speaks', async () => {
    const { sim, link, status } = await fly({ scene: false, link: { heartbeatTimeoutMs: 1_500 } });
    let statuses = 0;
    link.onStatus(() => statuses++);
    sim.faults.silent = true;
    await until(() => !link.connected, 'the link lost');
    const counted = statuses;
    expect(await link.arm()).toEqual({
      ok: false,
      result: 'unreachable',
      message: 'vehicle link lost: no heartbeat from the vehicle for over 1.5 s',
    });
    expect(await link.move('/moveUp')).toMatchObject({ result: 'unreachable' });
    await new Promise((r) => setTimeout(r, 300));
    expect(statuses).toBe(counted);
    expect(sim.vehicle.armed).toBe(false);

    sim.faults.silent = false;
    await until(() => link.connected && statuses > counted, 'the link back');
    expect(status()!.armed).toBe(false);
    expect(await link.arm()).toMatchObject({ ok: true });
  }, 30_000);

  it('drops a command older than 500 ms, as with the simulated driver', async () => {
    const { sim, link } = await fly({ scene: false });
    const supervisor = new SafetySupervisor(link, systemClock);
    cleanup.push(async () => supervisor.close());
    const late = await supervisor.command('/arm', Date.now() - 600);
    expect(late).toMatchObject({ ok: false, result: 'late' });
    expect(late.message).toMatch(/^dropped: \d+ ms old \(limit 500 ms\)$/);
    await new Promise((r) => setTimeout(r, 300));
    expect(sim.vehicle.armed).toBe(false);
    expect(await supervisor.command('/arm', Date.now())).toMatchObject({ ok: true });
    expect(sim.vehicle.armed).toBe(true);
  }, 30_000);

  it('listens on 0.0.0.0:port for a vehicle that sends to its ground station there (the SITL way)', async () => {
    const probe = await MavEndpoint.open({
      sysid: 9,
      compid: 9,
      bindPort: 0,
      peer: null,
      onMessage: () => {},
    });
    const port = probe.port;
    await probe.close();
    const link = await MavlinkLink.connect({ address: `0.0.0.0:${port}`, home: HOME });
    cleanup.push(() => link.close());
    const sim = await MavlinkSimulator.start({ home: HOME, groundStation: { address: '127.0.0.1', port } });
    cleanup.push(() => sim.close());
    await until(() => link.connected, 'heartbeats at the listening port');
    expect(await link.arm()).toMatchObject({ ok: true });
    expect(sim.vehicle.armed).toBe(true);
  }, 30_000);
});
