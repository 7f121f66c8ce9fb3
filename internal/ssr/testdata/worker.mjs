// A stand-in render worker for the pool's tests, keeping to the worker
// contract: `node worker.mjs --listen unix:PATH|HOST:PORT`, one `ready ADDR`
// line on stdout, POST /render and GET /healthz. What it does depends on
// the URL it is asked to draw:
//   /crash        the process exits mid-render
//   /hang         never answers
//   /fail         answers 500
//   /redirect     answers {"redirect": true}
//   /slow?ms=N    answers after N ms, saying "start /slow" on stderr first
//   /api?path=P   GETs P from the request's api and draws what it answered
//   anything else draws "drawn URL by PID"
import http from "node:http";

const i = process.argv.indexOf("--listen");
const addr = i >= 0 ? process.argv[i + 1] : "127.0.0.1:0";

function apiGet(api, host, path) {
  return new Promise((resolve, reject) => {
    const opts = { path, method: "GET", headers: { Host: host, Accept: "application/json" } };
    let req;
    if (api.startsWith("unix:")) {
      req = http.request({ ...opts, socketPath: api.slice(5) });
    } else {
      const u = new URL(api);
      req = http.request({ ...opts, hostname: u.hostname, port: u.port });
    }
    req.on("response", (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (c) => (body += c));
      res.on("end", () => resolve({ status: res.statusCode, body }));
    });
    req.on("error", reject);
    req.end();
  });
}

function send(res, status, obj) {
  res.writeHead(status, { "Content-Type": "application/json" });
  res.end(JSON.stringify(obj));
}

const server = http.createServer((req, res) => {
  if (req.method === "GET" && req.url === "/healthz") {
    res.end("ok");
    return;
  }
  if (req.method !== "POST" || req.url !== "/render") {
    send(res, 404, { error: "not found" });
    return;
  }
  let body = "";
  req.on("data", (c) => (body += c));
  req.on("end", async () => {
    let r;
    try {
      r = JSON.parse(body);
    } catch {
      send(res, 400, { error: "bad body" });
      return;
    }
    const u = new URL(r.url, "http://x");
    switch (u.pathname) {
      case "/crash":
        process.exit(3);
      case "/hang":
        return;
      case "/fail":
        send(res, 500, { error: "failed on purpose" });
        return;
      case "/redirect":
        send(res, 200, { redirect: true });
        return;
      case "/slow":
        process.stderr.write(`start ${r.url}\n`);
        setTimeout(() => send(res, 200, { html: `drawn ${r.url} by ${process.pid}`, state: "{}", status: 200 }),
          Number(u.searchParams.get("ms") || 100));
        return;
      case "/api":
        try {
          const a = await apiGet(r.api, r.host, u.searchParams.get("path"));
          send(res, 200, { html: a.body, state: JSON.stringify({ status: a.status }), status: a.status });
        } catch (e) {
          send(res, 500, { error: String(e) });
        }
        return;
    }
    send(res, 200, {
      html: `drawn ${r.url} by ${process.pid}`,
      state: JSON.stringify({ site: r.site, origin: r.origin, host: r.host }),
      status: 200,
    });
  });
});

const listening = () => process.stdout.write(`ready ${addr.startsWith("unix:") ? addr : `127.0.0.1:${server.address().port}`}\n`);
if (addr.startsWith("unix:")) {
  server.listen(addr.slice(5), listening);
} else {
  const [host, port] = addr.split(":");
  server.listen(Number(port), host, listening);
}
process.on("SIGTERM", () => {
  server.close();
  process.exit(0);
});
