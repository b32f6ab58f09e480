// Open-loop load with arrivals spread over each second, on a fixed number of open connections.
//
// autocannon paces a connection by whole-second ticks and starts every connection at once, so a
// paced run arrives as one burst per second; and with a rate it corrects "coordinated omission"
// with an expected interval of ceil(1 / rate) = 1 ms, back-filling every response slower than
// 1 ms with made-up samples. Neither is how learners' beats arrive. Here `slices` autocannon
// instances start at even offsets through the second (bursts of connections / slices), every
// latency is recorded as measured, and idle keep-alive connections make up the total of open
// connections the server carries.
import net from 'node:net';
import autocannon from 'autocannon';

const round = (ms) => Math.round(ms * 10) / 10;

function percentile(sorted, p) {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** Keep-alive connections that each made one request and then stay open, doing nothing. */
async function openIdleConnections(url, count) {
  const { hostname, port } = new URL(url);
  const sockets = [];
  for (let i = 0; i < count; i++) {
    sockets.push(
      await new Promise((resolve, reject) => {
        const socket = net.connect(Number(port), hostname, () => {
          socket.write(`GET /api/health HTTP/1.1\r\nHost: ${hostname}\r\nConnection: keep-alive\r\n\r\n`);
          socket.once('data', () => resolve(socket));
        });
        socket.on('error', reject);
      }),
    );
  }
  return sockets;
}

export async function spreadLoad({ url, connections, slices, duration, idleConnections = 0, requests }) {
  const idle = await openIdleConnections(url, idleConnections);
  const latencies = [];
  let non2xx = 0;
  let errors = 0;
  const perSlice = Math.floor(connections / slices);
  const started = Date.now();
  const runs = [];
  for (let i = 0; i < slices; i++) {
    await new Promise((resolve) => setTimeout(resolve, 1000 / slices));
    const instance = autocannon({
      url,
      connections: perSlice,
      overallRate: perSlice, // one request per connection per second
      duration,
      ignoreCoordinatedOmission: true,
      requests,
    });
    instance.on('response', (_client, status, _bytes, responseTime) => {
      latencies.push(responseTime);
      if (status < 200 || status >= 300) non2xx++;
    });
    instance.on('reqError', () => errors++);
    runs.push(instance);
  }
  await Promise.all(runs);
  const seconds = (Date.now() - started) / 1000;
  const alive = idle.filter((s) => !s.destroyed).length;
  for (const socket of idle) socket.destroy();
  latencies.sort((a, b) => a - b);
  return {
    connections: perSlice * slices + idleConnections,
    idleConnectionsStillOpen: alive,
    durationSeconds: Math.round(seconds),
    requests: latencies.length,
    requestsPerSecond: Math.round(latencies.length / seconds),
    latencyMs: {
      p50: round(percentile(latencies, 50)),
      p90: round(percentile(latencies, 90)),
      p99: round(percentile(latencies, 99)),
      max: round(latencies.at(-1) ?? 0),
    },
    non2xx,
    errors,
  };
}
