import pino from 'pino';
import type { FastifyBaseLogger } from 'fastify';

/** A logger for code under test that must log somewhere but whose lines the test does not read. */
export const silentLog: FastifyBaseLogger = pino({ level: 'silent' });
