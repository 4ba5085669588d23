import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './database-unavailable';

function withCode(message: string, code: string): Error {
  return Object.assign(new Error(message), { code });
}

describe('isDatabaseUnavailable', () => {
  it.each([
    ['a refused connection', withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')],
    ['a reset connection', withCode('read ECONNRESET', 'ECONNRESET')],
    ['pg-pool waiting too long to connect', new Error('timeout exceeded when trying to connect')],
    ['pg giving up on an answer', new Error('Query read timeout')],
    ['a connection cut by the server', new Error('Connection terminated unexpectedly')],
    [
      'the server shutting down (57P01)',
      withCode('terminating connection due to administrator command', '57P01'),
    ],
    ['a statement cancelled by statement_timeout (57014)', withCode('canceling statement', '57014')],
    ['a connection exception (class 08)', withCode('connection failure', '08006')],
    ['too many connections (53300)', withCode('sorry, too many clients already', '53300')],
    ['a closed PGlite', new Error('PGlite is closed')],
    ['one wrapped as a cause', new Error('query failed', { cause: withCode('x', 'ECONNREFUSED') })],
    ['one of several connect attempts', new AggregateError([withCode('x', 'ECONNREFUSED')], 'all failed')],
  ])('%s is unavailable (503)', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ['a unique violation (23505)', withCode('duplicate key value', '23505')],
    ['a syntax error (42601)', withCode('syntax error', '42601')],
    ['a bug', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['not an error at all', 'boom'],
  ])('%s is a fault (500)', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});
