// Drives headless Chromium through the DevTools protocol on a journal inspector page and checks
// it against the journal file itself, not against the page's own code:
//   node --experimental-websocket scripts/inspector-in-browser.mjs JOURNAL PAGE HOSTILE HOSTILE_PAGE [SCREENSHOT]
// JOURNAL is the file PAGE was written from; HOSTILE a journal whose texts hold markup, and
// HOSTILE_PAGE its page. Prints one line per check; exits 1 on the first failure.
import fs from "node:fs";
import { pathToFileURL } from "node:url";
import { launchChromium } from "./chromium-devtools.mjs";

const [journalPath, pagePath, hostileJournalPath, hostilePath, screenshotPath] = process.argv.slice(2);
let chromium = null;
const fail = (message) => {
  console.error("inspector-in-browser: FAILED: " + message);
  if (chromium) chromium.kill();
  process.exit(1);
};
const pass = (message) => console.log("ok - " + message);

// The journal, read here: one entry per line with a "seq".
const read = (file) => fs.readFileSync(file, "utf8").split("\n").filter((l) => l.includes('"seq"')).map((l) => JSON.parse(l));
const entries = read(journalPath);
const sourceName = (s) => (s.length === 0 ? "app" : s.map((c) => c.type + "/" + c.ordinal).join(" > "));
function flatten(value, prefix, into) {
  if (value !== null && typeof value === "object") {
    const keys = Object.keys(value);
    if (keys.length === 0) into.set(prefix, Array.isArray(value) ? "[]" : "{}");
    for (const key of keys) flatten(value[key], prefix + "/" + key, into);
  } else {
    into.set(prefix, JSON.stringify(value));
  }
  return into;
}

// Chromium, and a session on one page.
chromium = await launchChromium();
const { send, listeners } = chromium;
const problems = [];
listeners.push((message) => {
  if (message.method === "Runtime.exceptionThrown") problems.push(JSON.stringify(message.params.exceptionDetails));
  if (message.method === "Runtime.consoleAPICalled" && ["error", "assert"].includes(message.params.type)) {
    problems.push(JSON.stringify(message.params.args));
  }
  if (message.method === "Log.entryAdded" && message.params.entry.level === "error") problems.push(message.params.entry.text);
});

async function open(file, hash) {
  const { targetId } = await send("Target.createTarget", { url: "about:blank" });
  const { sessionId } = await send("Target.attachToTarget", { targetId, flatten: true });
  await send("Runtime.enable", {}, sessionId);
  await send("Log.enable", {}, sessionId);
  await send("Page.enable", {}, sessionId);
  const loaded = new Promise((resolve) => {
    const listener = (message) => {
      if (message.sessionId === sessionId && message.method === "Page.loadEventFired") {
        listeners.splice(listeners.indexOf(listener), 1);
        resolve();
      }
    };
    listeners.push(listener);
  });
  await send("Page.navigate", { url: pathToFileURL(file).href + (hash || "") }, sessionId);
  await loaded;
  const evaluate = async (expression) => {
    const { result, exceptionDetails } = await send(
      "Runtime.evaluate", { expression, returnByValue: true, awaitPromise: true }, sessionId);
    if (exceptionDetails) fail("evaluating " + expression + ": " + JSON.stringify(exceptionDetails));
    return result.value;
  };
  return { sessionId, targetId, evaluate };
}

// 1. The page loads with every entry on its timeline, and no console error.
const page = await open(pagePath);
const count = await page.evaluate("document.getElementById('count').textContent");
if (count !== entries.length + " of " + entries.length + " entries") fail("the timeline counts " + count + ", the file has " + entries.length);
const lastRow = await page.evaluate(`(() => { const t = document.getElementById('timeline'); t.scrollTop = t.scrollHeight;
  t.dispatchEvent(new Event('scroll')); const rows = [...document.querySelectorAll('.row')];
  return rows.length ? rows[rows.length - 1].textContent : ''; })()`);
if (!lastRow.startsWith("#" + entries[entries.length - 1].seq + " ")) fail("the timeline's last row is " + lastRow);
pass("the timeline shows all " + entries.length + " entries, through to #" + entries[entries.length - 1].seq);

// 2. At a sample of entries, opened by address: the screen tree and the states the journal holds there.
// Also the first action and the first step that say where they were sent or accepted.
const withCallSite = (kind) => entries.findIndex((e) => e.kind === kind && e.callSite);
const samples = [...new Set([0, 1, Math.floor(entries.length / 3), Math.floor(entries.length / 2),
  Math.floor((2 * entries.length) / 3), entries.length - 1, withCallSite("action"), withCallSite("step")])]
  .filter((i) => i >= 0 && i < entries.length);
let changedChecked = 0, callSitesChecked = 0;
for (const index of samples) {
  const seq = entries[index].seq;
  const at = await open(pagePath, "#entry=" + seq);
  const selected = await at.evaluate("window.inspector.selected()");
  if (selected !== index) fail("#entry=" + seq + " selected entry index " + selected + ", not " + index);
  let tree = null;
  for (let i = index; i >= 0; i--) if (entries[i].kind === "renderedTree") { tree = entries[i].text; break; }
  // Where the entry was sent or accepted: the file's name and line, the module in the tooltip.
  const site = entries[index].callSite;
  const shownSite = await at.evaluate("[document.getElementById('callsite').textContent, document.getElementById('callsite').title]");
  const expectedSite = site ? ["at " + site.file.slice(site.file.lastIndexOf("/") + 1) + ":" + site.line, site.file + ":" + site.line] : ["", ""];
  if (shownSite[0] !== expectedSite[0] || shownSite[1] !== expectedSite[1]) {
    fail("at #" + seq + " the call site shown is " + JSON.stringify(shownSite) + ", the file's " + JSON.stringify(expectedSite));
  }
  if (site) callSitesChecked++;
  const shownTree = await at.evaluate("document.getElementById('tree').textContent");
  if ((tree ?? "(no screen tree recorded yet)") !== shownTree) fail("at #" + seq + " the tree shown is not the journal's");
  const lastSnapshot = new Map(), previousSnapshot = new Map();
  for (let i = 0; i <= index; i++) {
    if (entries[i].kind !== "stateSnapshot") continue;
    const name = sourceName(entries[i].source);
    if (lastSnapshot.has(name)) previousSnapshot.set(name, lastSnapshot.get(name));
    lastSnapshot.set(name, entries[i]);
  }
  const shown = await at.evaluate(`[...document.querySelectorAll('details.source')].map((box) => ({
    source: box.dataset.source, entry: Number(box.dataset.entry),
    leaves: [...box.querySelectorAll('.leaf')].map((leaf) => [leaf.dataset.path, leaf.textContent, leaf.classList.contains('changed')]) }))`);
  if (shown.length !== lastSnapshot.size) fail("at #" + seq + " the page shows " + shown.length + " states, the journal has " + lastSnapshot.size);
  for (const box of shown) {
    const snapshot = lastSnapshot.get(box.source);
    if (!snapshot || snapshot.seq !== box.entry) fail("at #" + seq + " " + box.source + " shows the state of #" + box.entry);
    if (snapshot.json == null) continue;
    const now = flatten(JSON.parse(snapshot.json), "", new Map());
    const before = previousSnapshot.has(box.source) && previousSnapshot.get(box.source).json != null
      ? flatten(JSON.parse(previousSnapshot.get(box.source).json), "", new Map()) : null;
    for (const [leafPath, text, marked] of box.leaves) {
      if (!now.has(leafPath) || !text.endsWith(": " + now.get(leafPath))) fail("at #" + seq + " " + box.source + leafPath + " shows " + text);
      const changed = before !== null && before.get(leafPath) !== now.get(leafPath);
      if (changed !== marked) fail("at #" + seq + " " + box.source + leafPath + " is " + (marked ? "" : "not ") + "marked changed");
      if (changed) changedChecked++;
    }
    if (box.leaves.length !== now.size) fail("at #" + seq + " " + box.source + " shows " + box.leaves.length + " fields of " + now.size);
  }
  // The steps until here: the newest, lit, is the journal's last step at or before the entry.
  let lastStep = null;
  for (let i = index; i >= 0; i--) if (entries[i].kind === "step") { lastStep = entries[i]; break; }
  const lit = await at.evaluate("(document.querySelector('#path g.current title') || {}).textContent || ''");
  if (lastStep && !lit.startsWith("#" + lastStep.seq + " " + sourceName(lastStep.source) + ": " + lastStep.description)) {
    fail("at #" + seq + " the lit step is '" + lit + "', not #" + lastStep.seq);
  }
  if (!lastStep && lit !== "") fail("at #" + seq + " a step is lit before any step");
  await send("Target.closeTarget", { targetId: at.targetId });
}
if (callSitesChecked < 2) fail("the session has no action and step with a call site to check (" + callSitesChecked + " checked)");
pass("at " + samples.length + " entries opened by address, the tree, every state, the lit step and the call site (" +
  callSitesChecked + " with one) are the journal's; " + changedChecked + " changed fields marked, no other");

// 3. A hostile journal's markup shows as text and never runs.
const marked = read(hostileJournalPath).find((e) => e.kind === "renderedTree" && (e.text || "").includes("<script>"));
if (!marked) fail("the hostile journal has no rendered tree holding markup");
const hostile = await open(hostilePath, "#entry=" + marked.seq);
const ran = await hostile.evaluate("window.pwned === undefined && document.querySelectorAll('img').length === 0");
if (!ran) fail("markup from the hostile journal ran");
const text = await hostile.evaluate("document.getElementById('tree').textContent");
if (!text.includes("<script>")) fail("the hostile journal's text is not shown as text");
pass("a hostile journal's <script> and <img onerror> show as text and never run");

if (screenshotPath) {
  const shot = await open(pagePath, "#entry=" + entries[samples[samples.length - 2]].seq);
  const { data } = await send("Page.captureScreenshot", { format: "png" }, shot.sessionId);
  fs.writeFileSync(screenshotPath, Buffer.from(data, "base64"));
  pass("screenshot written to " + screenshotPath);
}
if (problems.length > 0) fail("console errors: " + problems.join("\n"));
pass("no console error, no exception");
await chromium.close();
process.exit(0);
