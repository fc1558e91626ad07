// How long a journal inspector page takes to open in headless Chromium: from navigation until
// its timeline and the selected entry are drawn (`window.inspector` is set last). The median of
// five loads. Usage: node --experimental-websocket scripts/inspector-open-time.mjs PAGE
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";

const profile = fs.mkdtempSync(path.join(os.tmpdir(), "inspector-timing-"));
const browser = spawn("chromium", ["--headless=new", "--no-sandbox", "--disable-gpu", "--remote-debugging-port=0",
  "--user-data-dir=" + profile, "about:blank"], { stdio: ["ignore", "ignore", "pipe"] });
const endpoint = await new Promise((resolve) => {
  let text = "";
  browser.stderr.on("data", (chunk) => { text += chunk; const m = /DevTools listening on (ws:\/\/\S+)/.exec(text); if (m) resolve(m[1]); });
});
const socket = new WebSocket(endpoint);
await new Promise((resolve) => socket.addEventListener("open", resolve, { once: true }));
let id = 1;
const waiting = new Map();
socket.addEventListener("message", (event) => {
  const message = JSON.parse(event.data);
  if (message.id && waiting.has(message.id)) { waiting.get(message.id)(message.result); waiting.delete(message.id); }
});
const send = (method, params = {}, sessionId) => new Promise((resolve) => {
  const n = id++; waiting.set(n, resolve); socket.send(JSON.stringify({ id: n, method, params, sessionId }));
});
const times = [];
for (let run = 0; run < 5; run++) {
  const { targetId } = await send("Target.createTarget", { url: "about:blank" });
  const { sessionId } = await send("Target.attachToTarget", { targetId, flatten: true });
  const started = performance.now();
  await send("Page.navigate", { url: pathToFileURL(process.argv[2]).href + "#entry=1" }, sessionId);
  // Polls until the page's script has finished; each evaluation waits for the page's turn.
  for (;;) {
    const { result } = await send("Runtime.evaluate", { expression: "typeof window.inspector === 'object'", returnByValue: true }, sessionId);
    if (result && result.value === true) break;
  }
  times.push(performance.now() - started);
  await send("Target.closeTarget", { targetId });
}
times.sort((a, b) => a - b);
console.log((times[2] / 1000).toFixed(2) + " s");
socket.close();
// Chromium writes its profile until it has exited.
await new Promise((resolve) => { browser.once("exit", resolve); browser.kill(); });
try { fs.rmSync(profile, { recursive: true, force: true }); } catch { /* left in the temporary folder */ }
process.exit(0);
