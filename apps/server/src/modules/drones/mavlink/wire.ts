import { createSocket, type Socket } from 'node:dgram';
import {
  common,
  type MavLinkData,
  type MavLinkDataConstructor,
  MavLinkProtocolV1,
  MavLinkProtocolV2,
  MSG_ID_MAGIC_NUMBER,
  minimal,
  x25crc,
} from 'node-mavlink';

/** The messages this project speaks: the minimal and common dialects (PX4 and ArduPilot both send them). */
const REGISTRY: Record<number, MavLinkDataConstructor<MavLinkData>> = {
  ...minimal.REGISTRY,
  ...common.REGISTRY,
};

export interface MavMessage {
  sysid: number;
  compid: number;
  seq: number;
  data: MavLinkData;
}

const V1 = MavLinkProtocolV1.START_BYTE;
const V2 = MavLinkProtocolV2.START_BYTE;
const SIGNATURE = 13;

/**
 * The MAVLink packets of one UDP datagram (v1 or v2, usually one): each checked against its CRC and the
 * message's CRC_EXTRA; unknown messages and damaged bytes are skipped.
 */
export function decodeDatagram(buf: Buffer): MavMessage[] {
  const out: MavMessage[] = [];
  let i = 0;
  while (i + 8 <= buf.length) {
    const stx = buf[i];
    if (stx !== V1 && stx !== V2) {
      i++;
      continue;
    }
    const len = buf[i + 1]!;
    const signed = stx === V2 && (buf[i + 2]! & MavLinkProtocolV2.IFLAG_SIGNED) !== 0;
    const total = stx === V2 ? 12 + len + (signed ? SIGNATURE : 0) : 8 + len;
    if (i + total > buf.length) break;
    const packet = buf.subarray(i, i + total);
    const protocol = stx === V2 ? new MavLinkProtocolV2() : new MavLinkProtocolV1();
    const header = protocol.header(packet);
    const magic = MSG_ID_MAGIC_NUMBER[header.msgid];
    const clazz = REGISTRY[header.msgid];
    if (magic === undefined || !clazz) {
      i += total;
      continue;
    }
    if (protocol.crc(packet) !== x25crc(packet, 1, signed ? SIGNATURE + 2 : 2, magic)) {
      i++;
      continue;
    }
    out.push({
      sysid: header.sysid,
      compid: header.compid,
      seq: header.seq,
      data: protocol.data(protocol.payload(packet), clazz),
    });
    i += total;
  }
  return out;
}

export interface Peer {
  address: string;
  port: number;
}

export interface MavEndpointOptions {
  sysid: number;
  compid: number;
  /** Local port (0 = any free one) and interface. */
  bindPort: number;
  bindAddress?: string;
  /** Where to send; null = to whoever sent to this endpoint last (a vehicle answering its ground station). */
  peer: Peer | null;
  onMessage: (message: MavMessage, from: Peer) => void;
}

/** One side of a MAVLink conversation over UDP: MAVLink 2 out (with its own sequence), v1 or v2 in. */
export class MavEndpoint {
  private seq = 0;
  private readonly protocol: MavLinkProtocolV2;
  private peer: Peer | null;
  private closed = false;

  private constructor(
    private readonly socket: Socket,
    options: MavEndpointOptions,
  ) {
    this.protocol = new MavLinkProtocolV2(options.sysid, options.compid);
    this.peer = options.peer;
    socket.on('message', (buf, rinfo) => {
      const from = { address: rinfo.address, port: rinfo.port };
      if (!options.peer) this.peer = from;
      for (const message of decodeDatagram(buf)) options.onMessage(message, from);
    });
    // A UDP error (an ICMP "port unreachable" from a vehicle not yet up) is not fatal: heartbeats tell.
    socket.on('error', () => {});
  }

  static open(options: MavEndpointOptions): Promise<MavEndpoint> {
    const socket = createSocket('udp4');
    return new Promise((resolve, reject) => {
      socket.once('error', reject);
      socket.bind(options.bindPort, options.bindAddress, () => {
        socket.off('error', reject);
        resolve(new MavEndpoint(socket, options));
      });
    });
  }

  get port(): number {
    return this.socket.address().port;
  }

  get remote(): Peer | null {
    return this.peer;
  }

  send(data: MavLinkData): void {
    const peer = this.peer;
    if (this.closed || !peer) return;
    const bytes = this.protocol.serialize(data, this.seq);
    this.seq = (this.seq + 1) & 0xff;
    this.socket.send(bytes, peer.port, peer.address);
  }

  close(): Promise<void> {
    if (this.closed) return Promise.resolve();
    this.closed = true;
    return new Promise((resolve) => this.socket.close(() => resolve()));
  }
}

/** `host:port` → where the driver talks to; host `0.0.0.0` means listen on that port for the vehicle. */
export function parseAddress(address: string): { host: string; port: number; listen: boolean } {
  const at = address.lastIndexOf(':');
  const host = address.slice(0, at);
  const port = Number(address.slice(at + 1));
  if (at <= 0 || !Number.isInteger(port) || port < 1 || port > 65_535)
    throw new Error(`not a host:port address: ${address}`);
  return { host, port, listen: host === '0.0.0.0' };
}

/** PX4's custom mode: main mode in bits 16–23, sub mode in bits 24–31. */
export const PX4 = {
  main: { POSCTL: 3, AUTO: 4, OFFBOARD: 6 },
  auto: { READY: 1, TAKEOFF: 2, LOITER: 3, MISSION: 4, RTL: 5, LAND: 6 },
  encode: (main: number, sub = 0) => ((main << 16) | (sub << 24)) >>> 0,
  decode: (custom: number) => ({ main: (custom >>> 16) & 0xff, sub: (custom >>> 24) & 0xff }),
};

/** ArduCopter's flight modes (custom_mode). */
export const ARDUCOPTER = { GUIDED: 4, LOITER: 5, RTL: 6, LAND: 9, BRAKE: 17 };
