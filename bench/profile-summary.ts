/**
 * `npx tsx bench/profile-summary.ts FILE.cpuprofile [TOP] [FILTER]`: the functions with the most
 * self time, and with the most total (inclusive) time, in a V8 CPU profile (from `node --cpu-prof`);
 * FILTER keeps only functions whose source address contains it (e.g. the bundle's name).
 */
import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
const [file, topArg, filter = ''] = process.argv.slice(2);
if (file === undefined) throw new Error('usage: profile-summary FILE.cpuprofile [TOP] [FILTER]');
const TOP = Number(topArg ?? 40);
const profile = JSON.parse(readFileSync(file, 'utf8')) as { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };
const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map<number, number>();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const keyOf = (n: ProfileNode): string => {
  const { functionName, url, lineNumber } = n.callFrame;
  return `${functionName || '(anonymous)'} ${url.replace(/^.*\//, '')}:${lineNumber + 1}`;
};
const self = new Map<string, number>();
const total = new Map<string, number>();
let all = 0;
profile.samples.forEach((id, i) => {
  const ms = (profile.timeDeltas[i] ?? 0) / 1000;
  const node = nodes.get(id) as ProfileNode;
  if (node.callFrame.functionName === '(idle)') return;
  all += ms;
  self.set(keyOf(node), (self.get(keyOf(node)) ?? 0) + ms);
  const seen = new Set<string>();
  for (let n: number | undefined = id; n !== undefined; n = parent.get(n)) {
    const k = keyOf(nodes.get(n) as ProfileNode);
    if (!seen.has(k)) total.set(k, (total.get(k) ?? 0) + ms);
    seen.add(k);
  }
});
const print = (title: string, m: Map<string, number>): void => {
  console.log(`${title} (of ${all.toFixed(0)} ms sampled, idle left out)`);
  for (const [k, ms] of [...m]
    .filter(([k]) => k.includes(filter))
    .sort((a, b) => b[1] - a[1])
    .slice(0, TOP))
    console.log(`${((ms / all) * 100).toFixed(1).padStart(5)}% ${ms.toFixed(0).padStart(6)} ms  ${k}`);
};
print('self time by function', self);
print('total time by function', total);
