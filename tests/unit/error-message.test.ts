/** A failed call is told in Vietnamese: the server's own message, or that the server could not be reached. */
import { TRPCClientError } from '@trpc/client';
import { describe, expect, it } from 'vitest';
import { errorsText } from '../../src/messages/errors';
import { errorMessage } from '../../src-client/errorMessage';
import { findUnfitText } from '../helpers/user-text';

const answered = (message: string) =>
  TRPCClientError.from({ error: { message, code: -32603, data: { code: 'CONFLICT', httpStatus: 409 } } } as never);

describe('errorMessage', () => {
  it.each([
    ['Chrome, offline', TRPCClientError.from(new TypeError('Failed to fetch'))],
    ['Firefox, offline', TRPCClientError.from(new TypeError('NetworkError when attempting to fetch resource.'))],
    ['Safari, offline', TRPCClientError.from(new TypeError('Load failed'))],
    ['Node, offline', new TypeError('fetch failed')],
    ['a socket closed under a call', TRPCClientError.from(new Error('WebSocket closed prematurely'))],
    ["a proxy's error page", TRPCClientError.from(new SyntaxError('Unexpected token \'<\', "<html>" is not valid JSON'))],
    ['the fetch layer, already in Vietnamese', TRPCClientError.from(new Error(errorsText.serverUnreachable))],
  ])("says the server could not be reached, not the browser's words (%s)", (_case, error) => {
    expect(errorMessage(error)).toBe(errorsText.serverUnreachable);
    expect(findUnfitText(errorMessage(error))).toEqual([]);
  });

  it("keeps the server's own message", () => {
    expect(errorMessage(answered('Giám khảo chưa được mở chấm hoặc đã đóng chấm'))).toBe('Giám khảo chưa được mở chấm hoặc đã đóng chấm');
  });

  it('has nothing to add for what is not an error', () => {
    expect(errorMessage(undefined)).toBe('');
    expect(errorMessage('x')).toBe('');
  });
});
