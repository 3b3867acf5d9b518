#!/usr/bin/env python3
"""The room's pages under load (issue 31), each figure beside its floor, measured in one run with
public tools only (sockets, /proc):

    python3 benches/serve.py [--marque target/release/marque] [--idle 60] [--rounds 10]

- a change reaches 100 following pages (server-sent events on loopback) within 1 s at the 99th
  percentile (`marque serve --clients 128`: the default lets 64 in);
- the server's CPU over `--idle` seconds with those pages open and nothing changing;
- a session page of 2,000 hands served in at most 1.5x the time `marque score` takes on it;
- memory per following page on a 10,000-hand session (target <= 64 KiB), and 64 pages under 2x
  the memory of one.
"""
import argparse
import json
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import long  # noqa: E402  (the long sessions' writer)


def serve(marque, folder, clients=64):
    p = subprocess.Popen([marque, "serve", folder, "--bind", "127.0.0.1", "--port", "0",
                          "--clients", str(clients)], stdout=subprocess.PIPE,
                         stderr=subprocess.DEVNULL, text=True)
    url = p.stdout.readline().strip()
    hostport, root = url[len("http://"):].split("/", 1)
    host, port = hostport.split(":")
    return p, (host, int(port)), "/" + root.rstrip("/")


def follower(addr, path, on_event, ready):
    s = socket.create_connection(addr)
    # As a browser's EventSource asks.
    s.sendall(f"GET {path} HTTP/1.1\r\nHost: x\r\nAccept: text/event-stream\r\n\r\n".encode())
    f = s.makefile("rb")
    first = True
    status = f.readline()
    if b" 200 " not in status:
        print("a page was refused:", status.decode().strip())
        ready.release()
        return
    for line in f:
        if line.startswith(b"data: "):
            hands = json.loads(line[6:])["hands"]
            if first:
                first = False
                ready.release()
            else:
                on_event(hands, time.monotonic())
    s.close()


def get(addr, path):
    s = socket.create_connection(addr)
    s.sendall(f"GET {path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n".encode())
    data = b""
    while True:
        chunk = s.recv(1 << 16)
        if not chunk:
            break
        data += chunk
    s.close()
    return data


def rss_kib(pid):
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


def cpu_s(pid):
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def served(marque, folder, name, deals, clients=64):
    """A bridge evening of `deals` made 7NTs as FOLDER/NAME.json (id NAME), and the server."""
    f = os.path.join(folder, name + ".json")
    doc = long.bridge(deals)
    doc["id"] = name
    long.write(f, doc)
    return (f,) + serve(marque, folder, clients)


def main():
    sys.stdout.reconfigure(line_buffering=True)
    ap = argparse.ArgumentParser()
    ap.add_argument("--marque", default=os.path.join(HERE, "..", "target", "release", "marque"))
    ap.add_argument("--idle", type=float, default=60.0)
    ap.add_argument("--rounds", type=int, default=10)
    args = ap.parse_args()
    ok = True
    with tempfile.TemporaryDirectory() as d:
        # 1. 100 pages following a 200-deal evening, a deal added per round.
        f, p, addr, root = served(args.marque, d, "soir", 200, clients=128)
        seen = []
        lock = threading.Lock()
        saved = {}

        def on_event(hands, t):
            with lock:
                seen.append((hands, t))

        ready = threading.Semaphore(0)
        for _ in range(100):
            threading.Thread(target=follower, args=(addr, f"{root}/s/soir/events", on_event, ready),
                             daemon=True).start()
        for _ in range(100):
            ready.acquire()
        deal = '{"contract": "3NT", "declarer": "S", "tricks": 9}'
        for r in range(args.rounds):
            subprocess.run([args.marque, "add", f, deal], check=True, stdout=subprocess.DEVNULL)
            saved[201 + r] = time.monotonic()
            time.sleep(1.2)
        with lock:
            lat = sorted(t - saved[h] for h, t in seen if h in saved)
        p99 = lat[int(len(lat) * 0.99) - 1] if lat else float("inf")
        good = len(lat) == 100 * args.rounds and p99 <= 1.0
        ok &= good
        print(f"change to 100 pages: {len(lat)} events, median {statistics.median(lat)*1000:.1f} ms,"
              f" p99 {p99*1000:.1f} ms (floor 1000 ms) {'ok' if good else 'FAILED'}")
        # 2. Idle: the same 100 pages open, nothing changing.
        c0 = cpu_s(p.pid)
        time.sleep(args.idle)
        c1 = cpu_s(p.pid)
        print(f"idle {args.idle:.0f} s with 100 pages open: {1000*(c1-c0):.0f} ms of CPU"
              f" (heartbeats every 15 s)")
        p.kill()
        p.wait()
    with tempfile.TemporaryDirectory() as d:
        # 3. A 2,000-deal page beside marque score.
        f, p, addr, root = served(args.marque, d, "long", 2000)
        get(addr, f"{root}/s/long")
        page, score = [], []
        for _ in range(15):
            t = time.monotonic()
            body = get(addr, f"{root}/s/long")
            page.append(time.monotonic() - t)
            t = time.monotonic()
            subprocess.run([args.marque, "score", f], check=True, stdout=subprocess.DEVNULL)
            score.append(time.monotonic() - t)
        ratio = statistics.median(page) / statistics.median(score)
        good = ratio <= 1.5
        ok &= good
        print(f"2,000-deal page: {statistics.median(page)*1000:.1f} ms, marque score"
              f" {statistics.median(score)*1000:.1f} ms: {ratio:.2f}x (floor 1.5x, {len(body)} bytes)"
              f" {'ok' if good else 'FAILED'}")
        p.kill()
        p.wait()
    with tempfile.TemporaryDirectory() as d:
        # 4. Memory per page following a 10,000-deal session.
        f, p, addr, root = served(args.marque, d, "big", 10000)
        sem = threading.Semaphore(0)
        threading.Thread(target=follower, args=(addr, f"{root}/s/big/events", lambda h, t: None, sem),
                         daemon=True).start()
        sem.acquire()
        time.sleep(0.5)
        one = rss_kib(p.pid)
        for _ in range(63):
            threading.Thread(target=follower, args=(addr, f"{root}/s/big/events", lambda h, t: None, sem),
                             daemon=True).start()
        for _ in range(63):
            if not sem.acquire(timeout=60):
                print("a page never got the sheet")
                break
        time.sleep(0.5)
        many = rss_kib(p.pid)
        per = (many - one) / 63
        good = many < 2 * one
        ok &= good
        print(f"10,000-deal session: 1 page {one} KiB, 64 pages {many} KiB: {per:.0f} KiB a page"
              f" (target 64), {many/one:.2f}x (floor 2x) {'ok' if good else 'FAILED'}")
        p.kill()
        p.wait()
    print("all within targets" if ok else "SOME FIGURES MISS THEIR TARGET")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
