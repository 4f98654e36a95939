// Test code: an HTTP proxy on 127.0.0.1 that refuses every tunnel. Each
// CONNECT is answered with the status the proxy was made with (403
// Forbidden, 407 Proxy Authentication Required, or a 503 a client may
// retry) and noted in `connects` as { t, target }: when it came (on
// performance.now(), the fault server's clock) and the host:port asked
// for. Any other request gets 405.
//
//   const proxy = new RefusingProxy(407);
//   await proxy.start();
//   ... HTTPS_PROXY=http://127.0.0.1:${proxy.port} ...
//   proxy.close();

import http from "node:http";

export class RefusingProxy {
  #server = http.createServer((req, res) => res.writeHead(405).end());
  #status;
  port = 0;
  connects = [];

  constructor(status) {
    this.#status = status;
    this.#server.on("connect", (req, socket) => {
      this.connects.push({ t: performance.now(), target: req.url });
      // A client that gives up first resets the socket: nothing to report.
      socket.on("error", () => {});
      const reason = http.STATUS_CODES[this.#status] ?? "Refused";
      const extra = this.#status === 407 ? 'Proxy-Authenticate: Basic realm="test"\r\n' : "";
      socket.end(`HTTP/1.1 ${this.#status} ${reason}\r\n${extra}Content-Length: 0\r\nConnection: close\r\n\r\n`);
    });
  }

  async start() {
    await new Promise((resolve) => this.#server.listen(0, "127.0.0.1", resolve));
    this.port = this.#server.address().port;
  }

  close() {
    this.#server.closeAllConnections();
    this.#server.close();
  }
}
