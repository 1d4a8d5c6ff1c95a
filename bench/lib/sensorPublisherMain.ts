// The child of PublisherProcess: connects to the broker, then publishes each burst it is asked for.
import { sensorTopic } from '@linewalker/domain';
import mqtt from 'mqtt';
import { BROKER, message, publishWindowed } from './sensorMessages.ts';
import type { PublishRequest } from './sensorPublisher.ts';

const client = await mqtt.connectAsync(BROKER, { protocolVersion: 5 });
process.on('message', (m: PublishRequest | { stop: true }) => {
  if ('stop' in m) {
    void client.endAsync().then(() => process.exit(0));
    return;
  }
  const { id, target, tick, count } = m;
  const topicOf =
    target.kind === 'devices'
      ? (i: number) => sensorTopic(`B-${i + 1}`)
      : (i: number) => `${target.topic}/${i}`;
  publishWindowed(client, count, topicOf, (i) => message(tick, i)).then(
    () => process.send?.({ id }),
    (err: Error) => process.send?.({ id, error: err.message }),
  );
});
process.send?.({ ready: true });
