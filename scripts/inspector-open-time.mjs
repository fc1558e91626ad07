// How long a journal inspector page takes to open in headless Chromium: from navigation until
// its timeline and the selected entry are drawn (`window.inspector` is set last). The median of
// five loads. Usage: node --experimental-websocket scripts/inspector-open-time.mjs PAGE
import { pathToFileURL } from "node:url";
import { launchChromium } from "./chromium-devtools.mjs";

const chromium = await launchChromium();
const { send } = chromium;
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
await chromium.close();
process.exit(0);
