import { describe, expect, it } from 'vitest';
import { newRequestId, requestIdFor } from '../../api/platform/request-id.ts';

// Generated request ids are random version-4 UUIDs, as node's crypto.randomUUID() makes them (request-id.ts).
describe('newRequestId', () => {
  it('makes distinct version-4 UUIDs across refills of its random bytes', () => {
    const ids = Array.from({ length: 1_000 }, () => newRequestId());
    for (const id of ids)
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(new Set(ids).size).toBe(ids.length);
    // every hex digit appears in the random positions (not a constant or a short cycle)
    expect(new Set(ids.join('').replace(/-/g, '')).size).toBe(16);
  });

  it('is what requestIdFor gives when the client sent no usable id, and the client id otherwise', () => {
    const fresh = requestIdFor({ headers: {} } as never);
    expect(fresh).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(requestIdFor({ headers: { 'x-request-id': 'abc-123' } } as never)).toBe('abc-123');
    expect(requestIdFor({ headers: { 'x-request-id': 'fd_live_x' } } as never)).not.toBe('fd_live_x');
  });
});
