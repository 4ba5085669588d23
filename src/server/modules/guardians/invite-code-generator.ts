import { randomInt } from 'node:crypto';
import { INVITE_CODE } from '#shared/constants';

/** A new code: INVITE_CODE.length characters drawn uniformly from INVITE_CODE.alphabet (uppercase A–Z, 0–9). */
export function generateInviteCode(): string {
  let code = '';
  for (let i = 0; i < INVITE_CODE.length; i++)
    code += INVITE_CODE.alphabet[randomInt(INVITE_CODE.alphabet.length)];
  return code;
}
