#!/usr/bin/env python3
"""Where the CPU of a browser test run goes, per process kind (docs/testing.md, "Where the CPU goes").

    LOBBY_E2E_SKIP_BUILD=1 LOBBY_E2E_OUT_DIR=/tmp/e2e-me python3 tests/e2e/support/cpu-split.py /tmp/split.json -- \
      node node_modules/vitest/vitest.mjs run --config vitest.e2e.config.ts tests/e2e/vip.test.ts

Runs the command and, every 0.1 s, reads utime+stime of every process under it from /proc: the
vitest main process (which runs the global setup, so the browser stage's hall, PGlite and its
Argon2id hashes live here), the vitest workers (test files, the Playwright client), and each of
Chromium's processes by its --type (browser, renderer, gpu-process, utility, zygote). Node
processes are split into their main thread and their other threads (GC helpers and libuv's pool,
where Argon2id hashes and file reads run). A process's last reading counts, so one that lives less
than 0.1 s is missed and one that ends loses at most 0.1 s. CPU seconds stay comparable on a shared
machine where wall times are not (more load inflates them somewhat: compare runs of one sitting).
Prints and writes the JSON; linux only.
"""
import json, os, re, subprocess, sys, time

HZ = os.sysconf('SC_CLK_TCK')
INTERVAL = float(os.environ.get('SAMPLE_INTERVAL', '0.1'))


def stat(path):
    try:
        with open(path) as f:
            s = f.read()
    except OSError:
        return None
    f = s[s.rfind(')') + 2:].split()
    return int(f[1]), (int(f[11]) + int(f[12])) / HZ  # ppid, utime + stime


def cmdline(pid):
    try:
        with open(f'/proc/{pid}/cmdline', 'rb') as f:
            return f.read().replace(b'\0', b' ').decode(errors='replace')
    except OSError:
        return ''


def kind(pid, cl, root):
    if pid == root:
        return 'vitest main (global setup: the hall)'
    t = re.search(r'--type=([a-z-]+)', cl)
    if t:
        if t.group(1) == 'utility':
            s = re.search(r'--utility-sub-type=([\w.]+)', cl)
            return 'chromium utility ' + (s.group(1) if s else '')
        return 'chromium ' + t.group(1)
    if 'crashpad' in cl:
        return 'chromium crashpad'
    if 'chrom' in cl:
        return 'chromium browser'
    if 'vitest' in cl:
        return 'vitest worker (test files, Playwright)'
    return cl[:60]


def main():
    out, cmd = sys.argv[1], sys.argv[3:]
    child = subprocess.Popen(cmd)
    root = child.pid
    procs, threads = {}, {}
    t0 = time.time()
    while child.poll() is None:
        info = {}
        for d in os.listdir('/proc'):
            if d.isdigit():
                s = stat(f'/proc/{d}/stat')
                if s:
                    info[int(d)] = s
        tree, grew = {root}, True
        while grew:
            grew = False
            for pid, (ppid, _) in info.items():
                if ppid in tree and pid not in tree:
                    tree.add(pid)
                    grew = True
        for pid in tree:
            if pid not in info:
                continue
            cpu = info[pid][1]
            if pid not in procs or procs[pid]['cl'] == '':
                cl = cmdline(pid)
                procs[pid] = {'kind': kind(pid, cl, root), 'cl': cl, 'cpu': max(cpu, procs.get(pid, {}).get('cpu', 0))}
            procs[pid]['cpu'] = max(procs[pid]['cpu'], cpu)
            if procs[pid]['kind'].startswith('vitest'):
                try:
                    for tid in os.listdir(f'/proc/{pid}/task'):
                        t = stat(f'/proc/{pid}/task/{tid}/stat')
                        if t:
                            key = (pid, int(tid))
                            threads[key] = max(t[1], threads.get(key, 0))
                except OSError:
                    pass
        time.sleep(INTERVAL)
    kinds = {}
    for p in procs.values():
        k = kinds.setdefault(p['kind'], {'cpu': 0.0, 'processes': 0})
        k['cpu'] += p['cpu']
        k['processes'] += 1
    split = {}
    for (pid, tid), cpu in threads.items():
        k = f"{procs[pid]['kind'].split(' (')[0]}: {'main thread' if pid == tid else 'other threads'}"
        split[k] = split.get(k, 0) + cpu
    res = {
        'command': ' '.join(cmd), 'exit': child.returncode, 'wall_s': round(time.time() - t0, 1),
        'cpu_s': round(sum(p['cpu'] for p in procs.values()), 1),
        'kinds': {k: {'cpu_s': round(v['cpu'], 1), 'processes': v['processes']} for k, v in sorted(kinds.items(), key=lambda x: -x[1]['cpu'])},
        'node_threads': {k: round(v, 1) for k, v in sorted(split.items(), key=lambda x: -x[1])},
    }
    with open(out, 'w') as f:
        json.dump(res, f, indent=1)
    print(json.dumps(res, indent=1))
    sys.exit(child.returncode)


main()
