// Test code: an HTTP proxy on 127.0.0.1 that refuses every tunnel. It
// answers each CONNECT with `status` (403 Forbidden, 407 Proxy
// Authentication Required, ...) and closes the connection, and records
// when each CONNECT came and what it asked for:
//
//   const proxy = new RefusingProxy(407);
//   await proxy.start();
//   // HTTPS_PROXY=http://127.0.0.1:${proxy.port}, then an https:// URL
//   proxy.connects; // [{ t, target: "example.invalid:443" }, ...]
//   proxy.close();
//
// `t` is performance.now(), the clock of FaultServer's hits. A request
// that is not a CONNECT (a client that sends an http:// URL to the proxy
// as is) gets the same status and is not recorded.

import http from "node:http";

export class RefusingProxy {
  #server = http.createServer((req, res) => this.#refusePlain(req, res));
  #sockets = new Set();
  port = 0;
  connects = [];

  constructor(status) {
    this.status = status;
    this.#server.on("connect", (req, socket) => this.#refuseConnect(req, socket));
  }

  async start() {
    await new Promise((resolve) => this.#server.listen(0, "127.0.0.1", resolve));
    this.port = this.#server.address().port;
  }

  close() {
    // A CONNECT's socket leaves the server's hands: end those too.
    for (const socket of this.#sockets) socket.destroy();
    this.#server.closeAllConnections();
    this.#server.close();
  }

  #refuseConnect(req, socket) {
    this.connects.push({ t: performance.now(), target: req.url });
    this.#sockets.add(socket);
    socket.on("close", () => this.#sockets.delete(socket));
    // The client may reset the connection once it has its answer.
    socket.on("error", () => {});
    const reason = http.STATUS_CODES[this.status] ?? "Refused";
    const challenge = this.status === 407 ? 'Proxy-Authenticate: Basic realm="proxy"\r\n' : "";
    socket.end(
      `HTTP/1.1 ${this.status} ${reason}\r\n${challenge}Content-Length: 0\r\nConnection: close\r\n\r\n`,
    );
  }

  #refusePlain(req, res) {
    req.resume();
    res.writeHead(this.status, { connection: "close" }).end();
  }
}
