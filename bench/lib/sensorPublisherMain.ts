// The child of PublisherProcess: connects to the broker, then publishes each burst it is asked for.
import mqtt from 'mqtt';
import { BROKER, publishBurst } from './sensorMessages.ts';
import type { PublishRequest } from './sensorPublisher.ts';

const client = await mqtt.connectAsync(BROKER, { protocolVersion: 5 });
process.on('message', (m: PublishRequest | { stop: true }) => {
  if ('stop' in m) {
    void client.endAsync().then(() => process.exit(0));
    return;
  }
  const { id, target, tick, count } = m;
  publishBurst(client, target, tick, count).then(
    () => process.send?.({ id }),
    (err: Error) => process.send?.({ id, error: err.message }),
  );
});
process.send?.({ ready: true });
