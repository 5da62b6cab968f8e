import { Transform, type TransformCallback } from 'node:stream';

/**
 * A pass-through for a streamed page that hands on one chunk per burst of writes: what React
 * writes in one go (the shell, then each resolved boundary) arrives in pieces of a few KB, and
 * every piece costs a write, a flush and a gzip call downstream (issue 10: ~0.5–1 ms per
 * `/products`). The pieces of a burst are joined and passed on once the current event-loop turn
 * ends (setImmediate), so each streamed part still leaves as soon as it is ready. `rewrite`, if
 * given, sees each burst on its way (e.g. `modulePreloadLowerer`) and gives what is left at the end.
 */
export type BurstRewrite = { take(chunk: Buffer): Buffer; end(): Buffer };

export function burstStream(onEnd?: () => void, rewrite?: BurstRewrite): Transform {
  let pending: Buffer[] = [];
  let scheduled = false;
  const passOn = (stream: Transform) => {
    scheduled = false;
    if (pending.length === 0) return;
    const joined = pending.length === 1 ? pending[0]! : Buffer.concat(pending);
    pending = [];
    const out = rewrite ? rewrite.take(joined) : joined;
    if (out.length > 0) stream.push(out);
  };
  return new Transform({
    transform(this: Transform, chunk: Buffer | string, encoding: BufferEncoding, callback: TransformCallback) {
      pending.push(typeof chunk === 'string' ? Buffer.from(chunk, encoding) : chunk);
      if (!scheduled) {
        scheduled = true;
        setImmediate(passOn, this);
      }
      callback();
    },
    flush(this: Transform, callback: TransformCallback) {
      passOn(this);
      const rest = rewrite?.end();
      if (rest && rest.length > 0) this.push(rest);
      onEnd?.();
      callback();
    },
  });
}
