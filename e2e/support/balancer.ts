import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A small round-robin balancer on loopback for the multi-instance test: each request goes to the
 * next instance; an instance that refuses the connection (killed) is skipped for the next one, as
 * a proxy with passive health checks does. Bodies are buffered so a request can be sent again.
 */
export async function startBalancer(upstreams: string[]) {
  let next = 0;
  const served = new Map<string, number>();
  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    for (let tries = 0; tries < upstreams.length; tries++) {
      const upstream = upstreams[next++ % upstreams.length]!;
      try {
        const answer = await fetch(`${upstream}${req.url}`, {
          method: req.method,
          headers: Object.fromEntries(
            Object.entries(req.headers).filter(
              ([k]) => !['host', 'connection', 'content-length'].includes(k),
            ),
          ) as Record<string, string>,
          body: ['GET', 'HEAD'].includes(req.method!) ? undefined : body,
          redirect: 'manual',
        });
        served.set(upstream, (served.get(upstream) ?? 0) + 1);
        const headers: Record<string, string | string[]> = {};
        answer.headers.forEach((value, key) => {
          if (!['content-encoding', 'content-length', 'transfer-encoding', 'connection'].includes(key))
            headers[key] = value;
        });
        res.writeHead(answer.status, headers);
        res.end(Buffer.from(await answer.arrayBuffer()));
        return;
      } catch {
        // Connection refused: the next instance.
      }
    }
    res.writeHead(502).end();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    served,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
