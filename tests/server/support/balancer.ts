/**
 * A round-robin HTTP load balancer on loopback, as a reverse proxy in front of a cluster does it:
 * each request goes to the next live instance, the client's address is appended to
 * `X-Forwarded-For`, and an instance that refuses connections is taken out of the rotation for a
 * while (a passive health check) and its request answered 502. It records which instance served
 * each request, so a test can show that one flow crossed instances.
 */
import { once } from 'node:events';
import { Agent, createServer, request, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Served {
  /** Index of the instance in `ports`. */
  instance: number;
  method: string;
  path: string;
  /** `X-Amz-Target` of a user-pool call, without the service prefix. */
  operation: string | undefined;
  status: number;
}

export interface Balancer {
  url: string;
  /** Every request that reached an instance, in order of answer. */
  served: Served[];
  /**
   * The client address the balancer writes into `X-Forwarded-For` (as if the caller were there);
   * unset, the socket's peer, as a real proxy writes.
   */
  clientAddress: string | undefined;
  close(): Promise<void>;
}

/** How long an instance that refused a connection stays out of the rotation. */
const DOWN_MS = 2_000;

export async function roundRobin(ports: number[]): Promise<Balancer> {
  const agent = new Agent({ keepAlive: true, maxSockets: 256 });
  const downUntil = ports.map(() => 0);
  let next = 0;
  const balancer: Balancer = { url: '', served: [], clientAddress: undefined, close: async () => {} };

  const pick = (): number => {
    for (let tried = 0; tried < ports.length; tried++) {
      const index = next;
      next = (next + 1) % ports.length;
      if (downUntil[index]! <= Date.now()) return index;
    }
    // Every instance is marked down: try the next one anyway.
    const index = next;
    next = (next + 1) % ports.length;
    return index;
  };

  const forward = (incoming: IncomingMessage, outgoing: ServerResponse) => {
    const instance = pick();
    const client = balancer.clientAddress ?? incoming.socket.remoteAddress ?? '';
    const forwardedFor = incoming.headers['x-forwarded-for'];
    const headers = { ...incoming.headers, 'x-forwarded-for': forwardedFor ? `${String(forwardedFor)}, ${client}` : client };
    const upstream = request({ host: '127.0.0.1', port: ports[instance], method: incoming.method, path: incoming.url, headers, agent }, (answer) => {
      balancer.served.push({
        instance,
        method: incoming.method ?? '',
        path: incoming.url ?? '',
        operation: incoming.headers['x-amz-target']?.toString().replace('AWSCognitoIdentityProviderService.', ''),
        status: answer.statusCode ?? 0,
      });
      outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(outgoing);
      answer.on('error', () => outgoing.destroy());
    });
    upstream.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ECONNREFUSED') downUntil[instance] = Date.now() + DOWN_MS;
      if (outgoing.headersSent) outgoing.destroy();
      else outgoing.writeHead(502, { 'content-type': 'text/plain' }).end('bad gateway');
    });
    incoming.pipe(upstream);
  };

  const server = createServer(forward);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  balancer.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  balancer.close = async () => {
    agent.destroy();
    server.closeAllConnections();
    await new Promise((done) => server.close(done));
  };
  return balancer;
}
