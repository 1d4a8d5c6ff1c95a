import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import scenario from '../scenarios/sensor-ingest.ts';

const c = await scenario.setup();
for (let i = 0; i < 2; i++) await scenario.subject(c);
const s = new Session();
s.connect();
await s.post('Profiler.enable');
await s.post('Profiler.start');
const cpu0 = process.cpuUsage();
const t0 = performance.now();
const N = Number(process.env.OPS ?? 5);
for (let i = 0; i < N; i++) await scenario.subject(c);
const wall = performance.now() - t0;
const cpu = process.cpuUsage(cpu0);
const { profile } = await s.post('Profiler.stop');
writeFileSync('/tmp/sensb/ingest.cpuprofile', JSON.stringify(profile));
console.log(`subject: ${(wall / N).toFixed(0)} ms/op wall, ${((cpu.user + cpu.system) / 1000 / N).toFixed(0)} ms/op cpu`);
const b0 = process.cpuUsage();
const tb = performance.now();
for (let i = 0; i < N; i++) await scenario.baseline(c);
const bw = performance.now() - tb;
const bc = process.cpuUsage(b0);
console.log(`baseline: ${(bw / N).toFixed(0)} ms/op wall, ${((bc.user + bc.system) / 1000 / N).toFixed(0)} ms/op cpu`);
console.log(JSON.stringify(c.ingestor.stats));
await scenario.teardown(c);
// Self time per function
const nodes = profile.nodes;
const self = new Map<number, number>();
const dt = profile.timeDeltas;
for (let i = 0; i < profile.samples.length; i++) self.set(profile.samples[i], (self.get(profile.samples[i]) ?? 0) + (dt[i] ?? 0));
const byFn = new Map<string, number>();
for (const n of nodes) {
  const k = `${n.callFrame.functionName || '(anon)'} ${n.callFrame.url.split('/').slice(-2).join('/')}:${n.callFrame.lineNumber}`;
  byFn.set(k, (byFn.get(k) ?? 0) + (self.get(n.id) ?? 0));
}
const total = [...byFn.values()].reduce((a, b) => a + b, 0);
for (const [k, v] of [...byFn].sort((a, b) => b[1] - a[1]).slice(0, 40)) console.log(((100 * v) / total).toFixed(1).padStart(5), '%', k);
process.exit(0);
