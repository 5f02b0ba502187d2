/** What each process of the vote benchmark's cluster used: CPU time and RSS from /proc, connections from ss. */
import { type ChildProcess, execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

const TICKS = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;

/** utime + stime (+ the waited-for children's, for PostgreSQL's postmaster) of a process, seconds. */
function cpuSeconds(pid: number, withChildren = false): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // fields[0] is field 3 (state): utime 14, stime 15, cutime 16, cstime 17.
    const own = Number(fields[11]) + Number(fields[12]);
    return (own + (withChildren ? Number(fields[13]) + Number(fields[14]) : 0)) / TICKS;
  } catch {
    return 0;
  }
}

function rssBytes(pid: number): number {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

/** Pids whose parent is `ppid`. */
function childPids(ppid: number): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(fields[1]) === ppid) pids.push(Number(entry));
    } catch {
      // gone
    }
  }
  return pids;
}

/** PostgreSQL's postmaster: the `postgres` process whose parent is not one. */
function postmasterPid(): number | null {
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      if (comm !== 'postgres') continue;
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      const parent = readFileSync(`/proc/${ppid}/stat`, 'utf8');
      if (parent.slice(parent.indexOf('(') + 1, parent.lastIndexOf(')')) !== 'postgres') return Number(entry);
    } catch {
      // gone
    }
  }
  return null;
}

export interface Groups {
  [name: string]: number[];
}

/** The processes watched: each instance, nginx (master and workers), PostgreSQL (all), the generators, subscribers. */
export function groupsOf(
  cluster: { instances: { pid: number }[]; nginx: { pid: number } },
  generators: ChildProcess[],
  subscribers: number[],
): { groups: Groups; postmaster: number | null } {
  const groups: Groups = {};
  for (const [i, instance] of cluster.instances.entries()) groups[`instance ${i + 1}`] = [instance.pid];
  groups.nginx = [cluster.nginx.pid, ...childPids(cluster.nginx.pid)];
  const postmaster = postmasterPid();
  if (postmaster) groups.postgresql = [postmaster, ...childPids(postmaster)];
  groups['load generators'] = generators.map((g) => g.pid!);
  groups['subscriber processes'] = subscribers;
  return { groups, postmaster };
}

export function cpuOf(groups: Groups, postmaster: number | null): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [name, pids] of Object.entries(groups)) {
    const live = name === 'postgresql' && postmaster ? [postmaster, ...childPids(postmaster)] : pids;
    out[name] = live.reduce((sum, pid) => sum + cpuSeconds(pid, pid === postmaster), 0);
  }
  return out;
}

export function rssOf(groups: Groups, postmaster: number | null): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [name, pids] of Object.entries(groups)) {
    const live = name === 'postgresql' && postmaster ? [postmaster, ...childPids(postmaster)] : pids;
    out[name] = live.reduce((sum, pid) => sum + rssBytes(pid), 0) / 2 ** 20;
  }
  return out;
}

/** Established TCP connections to each port (the subscribers' spread over the instances). */
export function connectionsTo(ports: number[]): number[] {
  const text = execFileSync('ss', ['-Htn', 'state', 'established'], { encoding: 'utf8' });
  return ports.map((port) => text.split('\n').filter((line) => line.split(/\s+/)[2]?.endsWith(`:${port}`)).length);
}
