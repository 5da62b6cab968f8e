import { readFileSync } from 'node:fs';
import net from 'node:net';

/**
 * Sends bytes over a bare TCP socket (what fetch refuses to send: TRACE, a bad Host, HTTP/1.0,
 * a malformed URL, a slow or endless body) and gives back everything the shop answered until it
 * closed the connection. `body` yields the chunks to send after the head; sending stops as soon
 * as an answer starts arriving.
 */
export async function rawExchange(baseURL: string, head: string, body?: () => Iterable<Buffer | string>): Promise<string> {
  const { hostname, port } = new URL(baseURL);
  return new Promise((resolve, reject) => {
    const received: Buffer[] = [];
    const socket = net.connect(Number(port), hostname, () => {
      socket.write(head);
      if (!body) return;
      const chunks = body()[Symbol.iterator]();
      const pump = () => {
        while (received.length === 0 && !socket.destroyed) {
          const next = chunks.next();
          if (next.done) return;
          if (!socket.write(next.value)) return void socket.once('drain', pump);
        }
      };
      pump();
    });
    socket.on('data', (chunk: Buffer) => received.push(chunk));
    // The shop may close while we are still sending: what it answered is what counts.
    socket.on('error', (error: NodeJS.ErrnoException) => {
      if (received.length > 0 || error.code === 'EPIPE' || error.code === 'ECONNRESET') socket.destroy();
      else reject(error);
    });
    socket.on('close', () => resolve(Buffer.concat(received).toString('latin1')));
    socket.on('end', () => socket.end());
  });
}

/** The status code of a raw answer ("HTTP/1.1 400 Bad Request" → 400). */
export const statusOf = (answer: string) => Number(/^HTTP\/1\.[01] (\d{3})/.exec(answer)?.[1]);

/**
 * A chunked upload of `total` bytes over a keep-alive connection, the way a browser meets an
 * early answer: chunks go out until the shop's answer starts; then the body is ended with its
 * last chunk and the socket half-closed, so the shop reads (and discards) everything before it
 * closes. (With `Connection: close` the shop closes with unread bytes in its buffer, and the TCP
 * reset that follows may discard the answer before the client reads it — a race, not a defect
 * of the cap.) Gives the answer and how much had been sent when it started (`total` when the
 * whole upload went out first).
 */
export async function chunkedUpload(baseURL: string, head: string, total: number): Promise<{ answer: string; sentBeforeAnswer: number }> {
  const { hostname, port } = new URL(baseURL);
  const piece = `lng=${'a'.repeat(64 * 1024 - 4)}`;
  const chunk = `${piece.length.toString(16)}\r\n${piece}\r\n`;
  return new Promise((resolve, reject) => {
    const received: Buffer[] = [];
    let sent = 0;
    let sentBeforeAnswer = -1;
    // Once: the whole upload can be sent before the answer starts, and the answer ends it too.
    const endBody = () => {
      if (!socket.writableEnded) socket.end('0\r\n\r\n');
    };
    const socket = net.connect(Number(port), hostname, () => {
      socket.write(head);
      const pump = () => {
        while (sentBeforeAnswer < 0 && sent < total) {
          sent += piece.length;
          if (!socket.write(chunk)) return void socket.once('drain', pump);
        }
        endBody();
      };
      pump();
    });
    socket.on('data', (data: Buffer) => {
      if (sentBeforeAnswer < 0) {
        sentBeforeAnswer = sent;
        endBody();
      }
      received.push(data);
    });
    socket.on('error', reject);
    socket.on('close', () => resolve({ answer: Buffer.concat(received).toString('latin1'), sentBeforeAnswer }));
  });
}

/**
 * More bytes than the kernel can hold between this client and the shop on this machine: twice
 * the largest TCP send and receive buffers (Linux autotunes up to them; 4 and 32 MB on CI's
 * machine, where a 10 MB upload went out whole before the 413 arrived). 64 MB where /proc says
 * nothing.
 */
export function uploadLargerThanSocketBuffers(): number {
  const maximum = (name: string) => Number(readFileSync(`/proc/sys/net/ipv4/${name}`, 'utf8').trim().split(/\s+/)[2]);
  try {
    const buffered = maximum('tcp_wmem') + maximum('tcp_rmem');
    return Number.isFinite(buffered) && buffered > 0 ? 2 * buffered : 64 * 1024 * 1024;
  } catch {
    return 64 * 1024 * 1024;
  }
}
