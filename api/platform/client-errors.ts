import { randomUUID } from 'node:crypto';
import type { Socket } from 'node:net';
import { errorBody } from './errors.ts';

/**
 * Errors Node's HTTP parser raises before a request exists (431 headers too large, 408 timeout, 400
 * malformed): answered with the standard error body (there is no route, so no family), a generated request
 * id, and `Connection: close`, since the connection cannot carry another request.
 */
export function clientErrorHandler(err: Error & { code?: string }, socket: Socket) {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const status =
    err.code === 'HPE_HEADER_OVERFLOW' ? 431 : err.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
  const message =
    status === 431
      ? 'Request header fields too large: the request headers exceed 16 KB'
      : status === 408
        ? 'Request timeout: the request was not received in time'
        : 'Malformed HTTP request';
  const requestId = randomUUID();
  const body = JSON.stringify(errorBody('standard', status, message, { path: '', requestId }));
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${status === 431 ? 'Request Header Fields Too Large' : status === 408 ? 'Request Timeout' : 'Bad Request'}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `X-Request-ID: ${requestId}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}
