import * as tf from '@tensorflow/tfjs';
import { describe, expect, it } from 'vitest';
import { INPUT, trunkLayers } from './detector.ts';
import { fuseTrunk } from './fusedTrunk.ts';

describe('fused trunk', () => {
  it('gives the Keras layers’ features (batch normalisation folded into the convolutions)', async () => {
    const layers = await trunkLayers();
    const fused = fuseTrunk(layers);
    // A textured image: every channel and position varies, so a wrongly folded channel shows.
    const pixels = new Uint8Array(INPUT * INPUT * 3).map((_, i) => (i * 7 + (i >> 9) * 13) % 255);
    const image = () => tf.tensor4d(pixels, [1, INPUT, INPUT, 3], 'int32').toFloat().div(255) as tf.Tensor4D;
    const expected = tf.tidy(() => layers.execute(image(), layers.outputs[0]!.name) as tf.Tensor4D);
    const actual = tf.tidy(() => fused.forward(image()));
    expect(actual.shape).toEqual(expected.shape);
    const largest = tf.max(tf.abs(expected)).dataSync()[0]!;
    const difference = tf.max(tf.abs(tf.sub(expected, actual))).dataSync()[0]!;
    expect(largest).toBeGreaterThan(1);
    expect(difference).toBeLessThan(1e-4);
    tf.dispose([expected, actual]);
  }, 120_000);
});
