// Socket policy of the HTTP listener: idle keep-alive outlives clients' own idle timeouts; malformed requests get a status, not a reset.
import { type Server, STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Logger } from '@obmcp/contract/internal/tool/logger.js';

/**
 * Idle keep-alive sockets stay open longer than any common client keeps them (undici: 4 s, or the
 * server's `Keep-Alive: timeout` hint minus a margin; browsers and proxies up to 60 s), so the client
 * always closes an idle socket first. With Node's default of 5 s the two timers race under load and a
 * client writes its next request onto a socket the server is closing: a reset before any request is seen.
 */
export const KEEP_ALIVE_TIMEOUT_MS = 65_000;
/** Must exceed the keep-alive timeout (Node's rule), and stays below Node's 300 s requestTimeout. */
export const HEADERS_TIMEOUT_MS = KEEP_ALIVE_TIMEOUT_MS + 1_000;

/** The status a client error earns (Node's own choice of 400/431, plus 408 for a request timeout). */
function statusOf(code: string | undefined): number {
  if (code === 'HPE_HEADER_OVERFLOW') return 431;
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return 408;
  return 400;
}

export function applyConnectionPolicy(server: Server, logger: Logger): void {
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  server.headersTimeout = HEADERS_TIMEOUT_MS;
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    logger.debug('http client error', { code: error.code ?? 'unknown' });
    // A peer that reset or half-closed the socket cannot read an answer.
    if (error.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy();
      return;
    }
    const status = statusOf(error.code);
    socket.end(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nconnection: close\r\ncontent-length: 0\r\n\r\n`,
    );
  });
}
