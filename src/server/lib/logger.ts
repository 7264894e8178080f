/** The server's JSON logger (pino). */
import { pino, type Logger } from 'pino';

export function createLogger(level: string): Logger {
  return pino({ level, redact: ['req.headers.cookie', 'req.headers.authorization', 'password', 'number', 'cvc'] });
}

export type { Logger };
