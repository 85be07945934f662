import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WatchLeadership } from '../../../src/mcp/watch-leadership.js';

/** The pid of a process that has exited (and been reaped). */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', '']);
  return child.pid!;
}

describe('WatchLeadership: one watcher per checkout among the MCP servers on it', () => {
  let dir: string;
  let file: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'graphgate-lead-'));
    file = join(dir, 'watchers', 'lead.json');
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('the first to ask leads; the others see a living peer until it releases, then one of them takes over', () => {
    const a = new WatchLeadership(file);
    const b = new WatchLeadership(file);
    expect(b.peerLeads()).toBe(false);
    expect(a.acquire()).toBe(true);
    expect(a.acquire()).toBe(true);
    expect(a.peerLeads()).toBe(false);
    expect(b.acquire()).toBe(false);
    expect(b.peerLeads()).toBe(true);
    a.release();
    expect(b.peerLeads()).toBe(false);
    expect(b.acquire()).toBe(true);
    expect(a.acquire()).toBe(false);
    // The file never holds a half-written holder, and nothing is left beside it.
    expect(readdirSync(join(dir, 'watchers'))).toEqual(['lead.json']);
  });

  it('a lead held by a process that died (kill -9 leaves its file) is taken over', () => {
    expect(new WatchLeadership(file).acquire()).toBe(true);
    writeFileSync(file, JSON.stringify({ pid: deadPid(), since: new Date().toISOString() }));
    const next = new WatchLeadership(file);
    expect(next.peerLeads()).toBe(false);
    expect(next.acquire()).toBe(true);
    expect(new WatchLeadership(file).peerLeads()).toBe(true);
  });

  it('an unreadable lead file counts as a peer while fresh (being written) and is replaced once old', () => {
    const a = new WatchLeadership(file);
    expect(a.acquire()).toBe(true);
    writeFileSync(file, '{"pi');
    const b = new WatchLeadership(file);
    expect(b.peerLeads()).toBe(true);
    expect(b.acquire()).toBe(false);
    const old = new Date(Date.now() - 60_000);
    utimesSync(file, old, old);
    expect(b.peerLeads()).toBe(false);
    expect(b.acquire()).toBe(true);
  });

  it('a living leader that stops touching its file (stopped, wedged) loses the lead; a leader that runs keeps it', () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      let now = Date.now();
      const clock = { alive: () => true, now: () => now };
      const leader = new WatchLeadership(file, clock);
      expect(leader.acquire()).toBe(true);
      const peer = new WatchLeadership(file, clock);
      // The leader's heartbeat touches the file every 10 s: a minute later it still leads.
      for (let i = 0; i < 6; i += 1) {
        now += 10_000;
        vi.advanceTimersByTime(10_000);
      }
      expect(peer.peerLeads()).toBe(true);
      expect(peer.acquire()).toBe(false);
      // Its timers stop (the process is stopped): 46 s later the file is stale and the peer takes over.
      leader.release();
      writeFileSync(file, JSON.stringify({ pid: process.pid, since: '' }));
      const touched = new Date(now);
      utimesSync(file, touched, touched);
      now += 46_000;
      expect(peer.peerLeads()).toBe(false);
      expect(peer.acquire()).toBe(true);
      peer.release();
    } finally {
      vi.useRealTimers();
    }
  });

  it('taking a lead sweeps away the files of other checkouts whose holders died', () => {
    mkdirSync(join(dir, 'watchers'));
    const dead = join(dir, 'watchers', 'dead.json');
    const living = join(dir, 'watchers', 'living.json');
    writeFileSync(dead, JSON.stringify({ pid: deadPid(), since: '' }));
    writeFileSync(living, JSON.stringify({ pid: process.pid, since: '' }));
    expect(new WatchLeadership(file).acquire()).toBe(true);
    expect(readdirSync(join(dir, 'watchers')).sort()).toEqual(['lead.json', 'living.json']);
  });

  it('release removes only a file that still names this process', () => {
    const a = new WatchLeadership(file);
    expect(a.acquire()).toBe(true);
    writeFileSync(file, JSON.stringify({ pid: process.pid + 1_000_000, since: '' }));
    a.release();
    expect(readdirSync(join(dir, 'watchers'))).toEqual(['lead.json']);
  });

  it('a home it cannot write to leaves every process watching, as before there was a lead', () => {
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'watchers'), 'a file where the folder should be');
    expect(new WatchLeadership(file).acquire()).toBe(true);
    expect(new WatchLeadership(file).acquire()).toBe(true);
  });

  it('keys the lead by checkout (its real path), namespace and graph', () => {
    const checkout = join(dir, 'checkout');
    mkdirSync(checkout);
    symlinkSync(checkout, join(dir, 'link'));
    const key = (root: string, repoId: string, uri: string, database?: string) => WatchLeadership.forRepository(root, repoId, { uri, ...(database ? { database } : {}) }).file;
    expect(key(checkout, 'a', 'bolt://x')).toBe(key(join(dir, 'link'), 'a', 'bolt://x'));
    const keys = [key(checkout, 'a', 'bolt://x'), key('/s', 'a', 'bolt://x'), key(checkout, 'b', 'bolt://x'), key(checkout, 'a', 'bolt://y'), key(checkout, 'a', 'bolt://x', 'other')];
    expect(new Set(keys).size).toBe(5);
  });
});
