/**
 * The HTTP server's connection limits (issue 13, item 5; decision 0072): at most
 * `maxConnections` open connections (more are closed at once), a client that has not sent its
 * headers within `headersTimeout` is dropped (Node checks every second here instead of every
 * 30 s, so a trickling or idle connection goes after about headersTimeout + 1 s, not ~70 s),
 * whole requests within `requestTimeout`, idle keep-alive connections after `keepAliveTimeout`.
 * Applied by server.ts before `listen`.
 */
import type { Server } from 'node:http';
import type { ConnectionLimits } from './config.ts';

export function applyConnectionLimits(server: Server, limits: ConnectionLimits): void {
  server.maxConnections = limits.maxConnections;
  server.headersTimeout = limits.headersTimeout;
  server.requestTimeout = limits.requestTimeout;
  server.keepAliveTimeout = limits.keepAliveTimeout;
  // Read when the server starts listening (node:http), so it must be set before `listen`.
  (server as Server & { connectionsCheckingInterval: number }).connectionsCheckingInterval = Math.min(1000, Math.max(100, Math.floor(limits.headersTimeout / 4)));
}
