// A headless Chromium and a client of its DevTools protocol, for the inspector's scripts
// (inspector-in-browser.mjs, inspector-open-time.mjs).
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/// Starts Chromium; returns `send(method, params, sessionId)`, the `listeners` every event is
/// handed to, `kill()` (for a failure: at once) and `close()` (waits for Chromium to exit, then
/// removes its profile).
export async function launchChromium() {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), "inspector-chromium-"));
  const browser = spawn(process.env.CHROMIUM || "chromium", [
    "--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run", "--remote-debugging-port=0",
    "--user-data-dir=" + profile, "--window-size=1400,900", "about:blank",
  ], { stdio: ["ignore", "ignore", "pipe"] });
  const endpoint = await new Promise((resolve, reject) => {
    let text = "";
    browser.stderr.on("data", (chunk) => {
      text += chunk;
      const match = /DevTools listening on (ws:\/\/\S+)/.exec(text);
      if (match) resolve(match[1]);
    });
    browser.on("exit", (code) => reject(new Error("chromium exited with " + code + ":\n" + text)));
  });
  const socket = new WebSocket(endpoint);
  await new Promise((resolve) => socket.addEventListener("open", resolve, { once: true }));
  let nextId = 1;
  const waiting = new Map();
  const listeners = [];
  socket.addEventListener("message", (event) => {
    const message = JSON.parse(event.data);
    if (message.id && waiting.has(message.id)) {
      const { resolve, reject } = waiting.get(message.id);
      waiting.delete(message.id);
      if (message.error) reject(new Error(JSON.stringify(message.error))); else resolve(message.result);
    } else if (message.method) {
      for (const listener of listeners) listener(message);
    }
  });
  const send = (method, params = {}, sessionId) => new Promise((resolve, reject) => {
    const id = nextId++;
    waiting.set(id, { resolve, reject });
    socket.send(JSON.stringify({ id, method, params, sessionId }));
  });
  const kill = () => browser.kill();
  async function close() {
    socket.close();
    // Chromium writes its profile until it has exited.
    await new Promise((resolve) => { browser.once("exit", resolve); browser.kill(); });
    try { fs.rmSync(profile, { recursive: true, force: true }); } catch { /* left in the temporary folder */ }
  }
  return { send, listeners, kill, close };
}
