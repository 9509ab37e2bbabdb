// Mixture weights for sphinxtrain from a PocketSphinx `sendump`: Debian's en-us model ships
// its mixture weights only in that decoder-ready, 8-bit quantised form, while `bw` (which
// accumulates the statistics an MLLR transform is solved from) reads the float
// `mixture_weights` file of the training tools.

/** One sendump value v stands for probability 1.0001^-(v << 10): the decoder's log base
 * (logmath base 1.0001) with its 10-bit senone score shift. */
const LOG_STEP = 1024 * Math.log(1.0001);

export interface MixtureWeights {
  senones: number;
  features: number;
  densities: number;
  /** [senone][feature][density], each feature's densities summing to one. */
  values: Float32Array;
}

/** Reads a sendump (uncompressed, 8-bit, no cluster codebook: what Debian's model holds). */
export function readSendump(buf: Buffer): MixtureWeights {
  let at = 0;
  const int32 = () => {
    const v = buf.readInt32LE(at);
    at += 4;
    return v;
  };
  let features = 1;
  let clusters = 0;
  for (;;) {
    const length = int32();
    if (length === 0) break;
    if (length < 0 || at + length > buf.length) throw new Error('sendump: malformed header');
    const line = buf.toString('latin1', at, at + length - 1);
    at += length;
    const [key, value] = line.split(' ');
    if (key === 'feature_count') features = Number(value);
    if (key === 'cluster_count') clusters = Number(value);
  }
  if (clusters !== 0) throw new Error('sendump: clustered (4-bit) mixture weights are not supported');
  const densities = int32();
  const senones = int32();
  if (at + features * densities * senones !== buf.length) throw new Error('sendump: size does not match its header');
  const values = new Float32Array(senones * features * densities);
  // Stored feature-major, density, then senone; written senone-major as bw expects.
  for (let f = 0; f < features; f++) {
    for (let d = 0; d < densities; d++) {
      const row = at + (f * densities + d) * senones;
      for (let s = 0; s < senones; s++) values[(s * features + f) * densities + d] = Math.exp(-buf[row + s] * LOG_STEP);
    }
  }
  normalise(values, densities);
  return { senones, features, densities, values };
}

/** Quantisation leaves each distribution summing to roughly one: make it exact. */
function normalise(values: Float32Array, densities: number): void {
  for (let start = 0; start < values.length; start += densities) {
    let sum = 0;
    for (let d = 0; d < densities; d++) sum += values[start + d];
    if (sum > 0) for (let d = 0; d < densities; d++) values[start + d] /= sum;
  }
}

/** The SphinxTrain binary parameter format ("s3" header, byte-order magic, dimensions,
 * float32 data), without the optional checksum. */
export function writeS3MixtureWeights(mixw: MixtureWeights): Buffer {
  let header = 's3\nversion 1.0\n';
  const end = 'endhdr\n';
  // Pad so the binary part starts 4-byte aligned, as the tools write it.
  header += ' '.repeat((4 - ((header.length + end.length) % 4)) % 4) + end;
  const head = Buffer.from(header, 'latin1');
  const dims = Buffer.alloc(20);
  dims.writeUInt32LE(0x11223344, 0);
  dims.writeUInt32LE(mixw.senones, 4);
  dims.writeUInt32LE(mixw.features, 8);
  dims.writeUInt32LE(mixw.densities, 12);
  dims.writeUInt32LE(mixw.values.length, 16);
  const data = Buffer.from(mixw.values.buffer, mixw.values.byteOffset, mixw.values.byteLength);
  return Buffer.concat([head, dims, data]);
}
