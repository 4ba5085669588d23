/**
 * The corpus's only source of randomness: a seeded generator, so every run synthesises the same traces bit for bit
 * (Math.random is never used). sfc32 (Chris Doty-Humphrey's Small Fast Counting generator), seeded from a string
 * through a 32-bit FNV-1a hash and warmed up.
 */
export type Random = {
  /** Uniform in [0, 1). */
  next: () => number;
  /** Uniform in [min, max). */
  between: (min: number, max: number) => number;
  /** Normally distributed (Box–Muller). */
  gaussian: (mean?: number, sd?: number) => number;
  /** True with probability p. */
  chance: (p: number) => boolean;
  /** One of the items, uniformly. */
  pick: <T>(items: readonly T[]) => T;
  /** A generator of its own, derived from this one and a label (for a sub-part of a trace). */
  fork: (label: string) => Random;
};

function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash >>> 0;
}

export function createRandom(seed: string): Random {
  let a = fnv1a(seed);
  let b = fnv1a(`${seed}#b`);
  let c = fnv1a(`${seed}#c`);
  let d = 1;
  const nextUint32 = (): number => {
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return t >>> 0;
  };
  for (let index = 0; index < 15; index++) nextUint32();
  const next = (): number => nextUint32() / 4294967296;
  let spare: number | null = null;
  const random: Random = {
    next,
    between: (min, max) => min + (max - min) * next(),
    gaussian(mean = 0, sd = 1) {
      if (spare !== null) {
        const value = spare;
        spare = null;
        return mean + sd * value;
      }
      const u = 1 - next();
      const v = next();
      const radius = Math.sqrt(-2 * Math.log(u));
      spare = radius * Math.sin(2 * Math.PI * v);
      return mean + sd * radius * Math.cos(2 * Math.PI * v);
    },
    chance: (p) => next() < p,
    pick: (items) => {
      const item = items[Math.floor(next() * items.length)];
      if (item === undefined) throw new Error('pick from an empty list');
      return item;
    },
    fork: (label) => createRandom(`${seed}/${label}/${nextUint32()}`),
  };
  return random;
}

/** A fast uniform white-noise source in [-1, 1) for audio-rate loops (xorshift32, seeded from a Random). */
export type WhiteNoise = {
  next: () => number;
  /** Fills block[from, to) (the loop inlined: this runs for every sample of every noise). */
  fill: (block: Float32Array | Float64Array, from: number, to: number) => void;
};

export function createWhiteNoise(random: Random): WhiteNoise {
  let state = (Math.floor(random.next() * 4294967295) | 1) >>> 0;
  return {
    next() {
      state ^= state << 13;
      state ^= state >>> 17;
      state ^= state << 5;
      return (state | 0) / 2147483648;
    },
    fill(block, from, to) {
      let value = state;
      for (let index = from; index < to; index++) {
        value ^= value << 13;
        value ^= value >>> 17;
        value ^= value << 5;
        block[index] = (value | 0) / 2147483648;
      }
      state = value;
    },
  };
}
