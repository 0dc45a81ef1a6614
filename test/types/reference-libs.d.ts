// Types for the reference libraries the differential tests use that ship none.

declare module 'flake-idgen' {
  interface FlakeIdOptions {
    id?: number;
    datacenter?: number;
    worker?: number;
    epoch?: number;
  }
  class FlakeId {
    constructor(options?: FlakeIdOptions);
    readonly id: number;
    next(): Buffer;
  }
  export default FlakeId;
}

declare module 'simpleflakes' {
  interface SimpleFlakeStruct {
    timestamp: string;
    randomBits: string;
  }
  const simpleflakes: {
    simpleflake(ts?: number, randomBits?: number, epoch?: number): bigint;
    parseSimpleflake(flake: bigint | string): SimpleFlakeStruct;
    SIMPLEFLAKE_EPOCH: number;
  };
  export default simpleflakes;
}
