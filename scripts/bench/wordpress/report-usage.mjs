// Preloaded into the measured import (run with --expose-gc): every second, the live heap right
// after a full collection (what the import holds, not the garbage V8 has yet to collect), and as
// it exits its peak resident memory and CPU time.
let peakLiveHeap = 0;
setInterval(() => {
  globalThis.gc?.();
  peakLiveHeap = Math.max(peakLiveHeap, process.memoryUsage().heapUsed);
}, 1000).unref();
process.on('exit', () => {
  const usage = process.resourceUsage();
  process.stderr.write(`\nBENCH_USAGE ${JSON.stringify({ maxRssKb: usage.maxRSS, cpuUs: usage.userCPUTime + usage.systemCPUTime, peakLiveHeapKb: Math.round(peakLiveHeap / 1024) })}\n`);
});
