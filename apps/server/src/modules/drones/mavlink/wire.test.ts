import { common, MavLinkProtocolV1, MavLinkProtocolV2, minimal } from 'node-mavlink';
import { describe, expect, it } from 'vitest';
import { decodeDatagram, PX4, parseAddress } from './wire.ts';

function heartbeat(): InstanceType<typeof minimal.Heartbeat> {
  const hb = new minimal.Heartbeat();
  hb.type = minimal.MavType.QUADROTOR;
  hb.autopilot = minimal.MavAutopilot.PX4;
  hb.baseMode = minimal.MavModeFlag.SAFETY_ARMED;
  hb.customMode = PX4.encode(PX4.main.AUTO, PX4.auto.RTL);
  hb.systemStatus = minimal.MavState.ACTIVE;
  hb.mavlinkVersion = 3;
  return hb;
}

describe('decodeDatagram', () => {
  it('reads every MAVLink 2 and 1 packet of a datagram, skipping noise between them', () => {
    const ack = new common.CommandAck();
    ack.command = common.MavCmd.NAV_TAKEOFF;
    ack.result = common.MavResult.ACCEPTED;
    const bytes = Buffer.concat([
      Buffer.from([0x00, 0x42]),
      new MavLinkProtocolV2(7, 1).serialize(heartbeat(), 5),
      Buffer.from([0x13]),
      new MavLinkProtocolV1(7, 1).serialize(ack, 6),
    ]);
    const messages = decodeDatagram(bytes);
    expect(messages.map((m) => [m.sysid, m.compid, m.seq, m.data.constructor.name])).toEqual([
      [7, 1, 5, 'Heartbeat'],
      [7, 1, 6, 'CommandAck'],
    ]);
    const hb = messages[0]!.data as InstanceType<typeof minimal.Heartbeat>;
    expect(hb.baseMode & minimal.MavModeFlag.SAFETY_ARMED).toBeTruthy();
    expect(PX4.decode(hb.customMode)).toEqual({ main: PX4.main.AUTO, sub: PX4.auto.RTL });
    expect((messages[1]!.data as InstanceType<typeof common.CommandAck>).command).toBe(
      common.MavCmd.NAV_TAKEOFF,
    );
  });

  it('drops a packet whose checksum does not match, and a truncated one', () => {
    const good = new MavLinkProtocolV2(1, 1).serialize(heartbeat(), 0);
    const damaged = Buffer.from(good);
    damaged[12] = damaged[12]! ^ 0xff;
    expect(decodeDatagram(damaged)).toEqual([]);
    expect(decodeDatagram(good.subarray(0, good.length - 3))).toEqual([]);
    expect(decodeDatagram(Buffer.concat([damaged, good]))).toHaveLength(1);
  });
});

describe('parseAddress', () => {
  it('reads host:port, and 0.0.0.0:port as listening', () => {
    expect(parseAddress('127.0.0.1:14560')).toEqual({ host: '127.0.0.1', port: 14560, listen: false });
    expect(parseAddress('drone-7.local:14550')).toEqual({
      host: 'drone-7.local',
      port: 14550,
      listen: false,
    });
    expect(parseAddress('0.0.0.0:14550')).toEqual({ host: '0.0.0.0', port: 14550, listen: true });
    expect(() => parseAddress('127.0.0.1')).toThrow();
    expect(() => parseAddress('127.0.0.1:70000')).toThrow();
  });
});
