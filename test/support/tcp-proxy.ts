import { createServer, connect, type Server, type Socket } from 'node:net';

/**
 * A TCP proxy in front of the test Neo4j that a test can cut and restore, so outages are tested
 * without stopping the shared server. `cut()` closes the listener and every open connection, so new
 * connections are refused (ECONNREFUSED), as with a stopped server; `restore()` listens again on
 * the same port.
 */
export class TcpProxy {
  private server: Server | undefined;
  private readonly sockets = new Set<Socket>();
  port = 0;

  private constructor(private readonly target: { host: string; port: number }) {}

  static async start(targetUri: string): Promise<TcpProxy> {
    const url = new URL(targetUri);
    const proxy = new TcpProxy({ host: url.hostname, port: Number(url.port || 7687) });
    await proxy.listen(0);
    return proxy;
  }

  /** The target URI with the proxy's port (same scheme, e.g. bolt:// or neo4j://). */
  uri(scheme = 'bolt'): string {
    return `${scheme}://127.0.0.1:${this.port}`;
  }

  async cut(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    for (const socket of this.sockets) socket.destroy();
    this.sockets.clear();
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  async restore(): Promise<void> {
    if (!this.server) await this.listen(this.port);
  }

  async close(): Promise<void> {
    await this.cut();
  }

  private async listen(port: number): Promise<void> {
    const server = createServer((client) => {
      const upstream = connect(this.target.port, this.target.host);
      this.sockets.add(client);
      this.sockets.add(upstream);
      const drop = (): void => {
        client.destroy();
        upstream.destroy();
        this.sockets.delete(client);
        this.sockets.delete(upstream);
      };
      client.on('error', drop).on('close', drop);
      upstream.on('error', drop).on('close', drop);
      client.pipe(upstream);
      upstream.pipe(client);
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve());
    });
    this.server = server;
    this.port = (server.address() as { port: number }).port;
  }
}
