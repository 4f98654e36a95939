// Test code: a local HTTP server on 127.0.0.1 that answers each scenario
// with a scripted sequence of faults and records when every request came.
//
// `server.plan(steps)` returns a fresh URL and its record. Request n gets
// steps[n] (the last step repeats); `steps` may also be a function of the
// hit (its key, method, path...), called as each request arrives, that
// returns the step. A step is one of:
//   { status, retryAfter }   answer with that status; retryAfter is a header
//                            value, or a function returning one, called as
//                            the answer goes out (for dates relative to now)
//   { reset: true }          read the request, then reset the connection
//   { hang: true }           read the request and never answer
//   { status, truncate: true }  promise a 100-byte body, send 10 bytes of
//                            it, then close the connection
//   { redirect: true }       302 back to the same URL, forever
// The body of an answer is "status S attempt N", so a test can tell which
// attempt's response a snippet handed back. Each hit notes its path (a
// tail after /s/ID still reaches the scenario), its TCP connection
// (`conn`, numbered per server), its Idempotency-Key and
// X-Session headers, so keep-alive reuse and keys can be counted, and when
// the client closed its connection (`closed`, on the same clock as `t`;
// unset while it is open), so a test can tell when a stalled attempt was
// given up.

import http from "node:http";
import net from "node:net";

export class FaultServer {
  #server = http.createServer((req, res) => this.#answer(req, res));
  #plans = new Map();
  #next = 0;
  #connections = 0;
  port = 0;

  async start() {
    // Keep idle connections longer than any wait in the suite.
    this.#server.keepAliveTimeout = 30_000;
    this.#server.on("connection", (socket) => {
      socket.conn = ++this.#connections;
      // One listener per connection, however many requests it carries.
      socket.hits = [];
      socket.once("close", () => {
        const t = performance.now();
        for (const hit of socket.hits) hit.closed ??= t;
      });
    });
    await new Promise((resolve) => this.#server.listen(0, "127.0.0.1", resolve));
    this.port = this.#server.address().port;
  }

  close() {
    this.#server.closeAllConnections();
    this.#server.close();
  }

  /** A new scenario: its URL and the record its requests fill in. */
  plan(steps) {
    const id = String(++this.#next);
    const record = { steps, hits: [] };
    this.#plans.set(id, record);
    return { url: `http://127.0.0.1:${this.port}/s/${id}`, record };
  }

  #answer(req, res) {
    const t = performance.now();
    const record = this.#plans.get(req.url.split("/")[2] ?? "");
    if (!record) {
      res.writeHead(418).end("no such scenario");
      return;
    }
    const n = record.hits.length;
    const hit = {
      t,
      method: req.method,
      path: req.url,
      body: "",
      conn: req.socket.conn,
      key: req.headers["idempotency-key"],
      session: req.headers["x-session"],
    };
    record.hits.push(hit);
    req.socket.hits.push(hit);
    const step =
      typeof record.steps === "function"
        ? record.steps(hit)
        : record.steps[Math.min(n, record.steps.length - 1)];
    req.setEncoding("utf8");
    req.on("data", (chunk) => (hit.body += chunk));
    req.on("end", () => {
      if (step.reset) {
        req.socket.resetAndDestroy();
        return;
      }
      if (step.hang) return;
      if (step.redirect) {
        res.writeHead(302, { location: req.url }).end();
        return;
      }
      if (step.truncate) {
        res.writeHead(step.status, { "content-type": "text/plain", "content-length": "100" });
        res.write("0123456789", () => req.socket.destroy());
        return;
      }
      const headers = { "content-type": "text/plain" };
      if (step.retryAfter !== undefined) {
        const value =
          typeof step.retryAfter === "function" ? step.retryAfter(hit) : step.retryAfter;
        headers["retry-after"] = value;
      }
      hit.sentWall = Date.now();
      res.writeHead(step.status, headers);
      res.end(`status ${step.status} attempt ${n + 1}`);
    });
  }
}

/** A port on 127.0.0.1 where nothing listens: connecting is refused. */
export async function closedPort() {
  const probe = net.createServer();
  await new Promise((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address();
  await new Promise((resolve) => probe.close(resolve));
  return port;
}
