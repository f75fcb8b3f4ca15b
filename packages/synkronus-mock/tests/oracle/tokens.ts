/** Hand-made HS256 tokens for the scenario's token checks, signed with the server's JWT_SECRET (or another key). */
import {createHmac} from 'node:crypto';
import type {TokenMaker} from './scenario';

const base64url = (data: string | Buffer) => Buffer.from(data).toString('base64url');

export const tokenMaker =
  (serverSecret: string): TokenMaker =>
  (claims, secret = serverSecret, header = {alg: 'HS256', typ: 'JWT'}) => {
    const unsigned = `${base64url(JSON.stringify(header))}.${base64url(JSON.stringify(claims))}`;
    if (header.alg === 'none') return `${unsigned}.`;
    return `${unsigned}.${createHmac('sha256', secret).update(unsigned).digest('base64url')}`;
  };
