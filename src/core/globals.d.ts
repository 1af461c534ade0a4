// The core runs in browsers, Web Workers and Node alike. It may use only what all of them
// provide; this file declares that small shared surface instead of pulling in DOM or Node types.
declare class TextEncoder {
  encode(input?: string): Uint8Array;
}
declare class TextDecoder {
  constructor(label?: string, options?: { fatal?: boolean });
  decode(input?: Uint8Array): string;
}
