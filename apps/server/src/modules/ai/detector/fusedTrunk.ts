import * as tf from '@tensorflow/tfjs';

/**
 * The frozen trunk as fused operations. Run as Keras layers, every convolution is followed by a batch
 * normalisation and a ReLU6, each a pass of its own over a large tensor (at 448 px the early ones hold
 * 224 × 224 × 32 floats); in the single-threaded WebAssembly backend those passes cost about as much as the
 * convolutions. A frozen batch normalisation is a per-channel scale and shift, so it folds into the
 * convolution's weights and bias, and the ReLU6 becomes the fused convolution's activation: one pass per
 * convolution, the same numbers (to float rounding).
 */
export interface FusedTrunk {
  forward(image: tf.Tensor4D): tf.Tensor4D;
}

type Activation = 'linear' | 'relu6';
type Step =
  | {
      kind: 'conv';
      depthwise: boolean;
      input: string;
      output: string;
      filter: tf.Tensor4D;
      bias: tf.Tensor1D;
      strides: [number, number];
      pad: 'same' | 'valid';
      activation: Activation;
    }
  | { kind: 'pad'; input: string; output: string; padding: [[number, number], [number, number]] }
  | { kind: 'add'; inputs: string[]; output: string }
  | { kind: 'relu6'; input: string; output: string };

interface LayerLike {
  name: string;
  getClassName(): string;
  getConfig(): Record<string, unknown>;
  getWeights(): tf.Tensor[];
  inboundNodes: { inboundLayers: { name: string }[] }[];
}

const inputsOf = (layer: LayerLike) => layer.inboundNodes[0]?.inboundLayers.map((l) => l.name) ?? [];

/** Folds each Conv2D / DepthwiseConv2D → BatchNormalization (→ ReLU6) chain into one fused step. */
export function fuseTrunk(model: tf.LayersModel): FusedTrunk {
  const layers = model.layers as unknown as LayerLike[];
  const byName = new Map(layers.map((l) => [l.name, l]));
  const consumers = new Map<string, LayerLike[]>();
  for (const layer of layers)
    for (const input of inputsOf(layer)) consumers.set(input, [...(consumers.get(input) ?? []), layer]);
  const soleConsumer = (name: string, className: string) => {
    const next = consumers.get(name) ?? [];
    return next.length === 1 && next[0]!.getClassName() === className ? next[0]! : null;
  };
  // Layers folded into a convolution's step (that step's output is stored under the last one's name).
  const folded = new Set<string>();
  const steps: Step[] = [];
  const outputName = model.outputs[0]!.name.split('/')[0]!;

  for (const layer of layers) {
    if (folded.has(layer.name)) continue;
    const kind = layer.getClassName();
    const config = layer.getConfig();
    const [input] = inputsOf(layer);
    if (kind === 'InputLayer') continue;
    if (kind === 'Conv2D' || kind === 'DepthwiseConv2D') {
      const depthwise = kind === 'DepthwiseConv2D';
      const [kernel, ownBias] = layer.getWeights() as [tf.Tensor4D, tf.Tensor1D?];
      const channels = depthwise ? kernel.shape[2] * kernel.shape[3] : kernel.shape[3];
      let filter = kernel;
      let bias: tf.Tensor1D = ownBias ?? tf.zeros([channels]);
      let output = layer.name;
      let activation: Activation = 'linear';
      const norm = soleConsumer(layer.name, 'BatchNormalization');
      if (norm) {
        const [gamma, beta, mean, variance] = norm.getWeights() as tf.Tensor1D[];
        const epsilon = Number(norm.getConfig().epsilon ?? 1e-3);
        const scale = tf.div(gamma!, tf.sqrt(tf.add(variance!, epsilon))) as tf.Tensor1D;
        filter = depthwise
          ? tf.mul(kernel, scale.reshape([1, 1, kernel.shape[2], kernel.shape[3]]))
          : tf.mul(kernel, scale);
        bias = tf.add(beta!, tf.mul(tf.sub(bias, mean!), scale)) as tf.Tensor1D;
        folded.add(norm.name);
        output = norm.name;
        const relu = soleConsumer(norm.name, 'ReLU');
        if (relu && relu.getConfig().maxValue === 6) {
          activation = 'relu6';
          folded.add(relu.name);
          output = relu.name;
        }
      }
      const strides = config.strides as [number, number];
      steps.push({
        kind: 'conv',
        depthwise,
        input: input!,
        output,
        filter,
        bias,
        strides,
        pad: config.padding as 'same' | 'valid',
        activation,
      });
      continue;
    }
    if (kind === 'ZeroPadding2D') {
      steps.push({
        kind: 'pad',
        input: input!,
        output: layer.name,
        padding: config.padding as [[number, number], [number, number]],
      });
      continue;
    }
    if (kind === 'Add') {
      steps.push({ kind: 'add', inputs: inputsOf(layer), output: layer.name });
      continue;
    }
    if (kind === 'ReLU' && config.maxValue === 6) {
      steps.push({ kind: 'relu6', input: input!, output: layer.name });
      continue;
    }
    throw new Error(`fuseTrunk: layer ${layer.name} (${kind}) is not supported`);
  }
  if (!byName.has(outputName)) throw new Error(`fuseTrunk: no layer ${outputName}`);

  return {
    forward(image) {
      return tf.tidy(() => {
        const values = new Map<string, tf.Tensor4D>([[model.inputs[0]!.name.split('/')[0]!, image]]);
        const take = (name: string) => {
          const value = values.get(name);
          if (!value) throw new Error(`fuseTrunk: ${name} not computed`);
          return value;
        };
        let last = image;
        for (const step of steps) {
          if (step.kind === 'conv') {
            const args = {
              x: take(step.input),
              filter: step.filter,
              strides: step.strides,
              pad: step.pad,
              bias: step.bias,
              activation: step.activation,
            };
            last = step.depthwise ? tf.fused.depthwiseConv2d(args) : tf.fused.conv2d(args);
          } else if (step.kind === 'pad') {
            last = tf.pad(take(step.input), [[0, 0], ...step.padding, [0, 0]]);
          } else if (step.kind === 'add') {
            last = tf.addN(step.inputs.map(take));
          } else {
            last = tf.clipByValue(take(step.input), 0, 6);
          }
          values.set(step.output, last);
        }
        return take(outputName);
      });
    },
  };
}
