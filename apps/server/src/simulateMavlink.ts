import { parseArgs } from 'node:util';
import { MavlinkSimulator } from './modules/drones/mavlink/mavlinkSimulator.ts';

const USAGE = `MAVLink simulator: the embedded quadcopter as a MAVLink vehicle (PX4-shaped) on a loopback UDP port.

  npm run simulate:mavlink -- --port 14560 --home 38.8396,-97.61,390

  --port P      UDP port on 127.0.0.1 the vehicle listens on (default 14560); it answers whoever speaks to it
  --home L      home latitude,longitude,altitude (default: the demo drone's, beside Smoky Hill 115kV)

Register a drone with driver MAVLink and address 127.0.0.1:P (Admin → Drones) to fly it from the console.
Its camera (the ground and a grid; no project structures) is served as MJPEG on a loopback HTTP port,
announced to the console by VIDEO_STREAM_INFORMATION.`;

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      port: { type: 'string', default: '14560' },
      home: { type: 'string', default: '38.8396,-97.61,390' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  const port = Number.parseInt(values.port, 10);
  const [lat, lon, alt] = values.home.split(',').map(Number);
  const valid = (v: number | undefined, limit: number) => v !== undefined && Math.abs(v) <= limit;
  if (
    values.help ||
    !(port > 0 && port < 65_536) ||
    !valid(lat, 90) ||
    !valid(lon, 180) ||
    !valid(alt, 9000)
  ) {
    console.log(USAGE);
    process.exitCode = values.help ? 0 : 1;
    return;
  }
  const sim = await MavlinkSimulator.start({
    home: { lat: lat!, lon: lon!, alt: alt! },
    scene: { structures: [], spans: [] },
    port,
  });
  console.log(`MAVLink vehicle on udp 127.0.0.1:${sim.port}; camera ${sim.videoUrl}`);
  const stop = () => void sim.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

void main();
