/**
 * Starting an HTTP server the same way in every mode (reference server, upstream proxy): a
 * malformed request is answered 400 and closed instead of left hanging, and listening resolves
 * once the port is bound or rejects with the bind error (port in use).
 */
import type { Server } from 'node:http';

export async function listenSafely(server: Server, port: number, host: string): Promise<void> {
  server.on('clientError', (_err, socket) => {
    if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
    else socket.destroy();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
}
