#!/usr/bin/env python3
"""Play one game against the server's computer over HTTP + WebSocket (standard library only).

    python3 ws_client.py http://127.0.0.1:PORT [warfare|generals] [agent]
"""
import base64, json, os, random, socket, struct, sys, time, urllib.parse, urllib.request

class WebSocket:
    def __init__(self, host, port, path="/ws"):
        self.sock = socket.create_connection((host, port), timeout=60)
        key = base64.b64encode(os.urandom(16)).decode()
        self.sock.sendall((f"GET {path} HTTP/1.1\r\nHost: {host}:{port}\r\n"
                           "Upgrade: websocket\r\nConnection: Upgrade\r\n"
                           f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n")
                          .encode())
        head = b""
        while not head.endswith(b"\r\n\r\n"):
            head += self._recv_exact(1)
        if b" 101 " not in head.split(b"\r\n")[0]:
            raise ConnectionError(head.decode(errors="replace"))

    def _recv_exact(self, n):
        buf = b""
        while len(buf) < n:
            chunk = self.sock.recv(n - len(buf))
            if not chunk:
                raise ConnectionError("closed")
            buf += chunk
        return buf

    def send_frame(self, opcode, payload):
        mask = os.urandom(4)
        n = len(payload)
        head = bytes([0x80 | opcode])
        if n < 126:
            head += bytes([0x80 | n])
        elif n < 65536:
            head += bytes([0x80 | 126]) + struct.pack("!H", n)
        else:
            head += bytes([0x80 | 127]) + struct.pack("!Q", n)
        body = bytes(b ^ mask[i % 4] for i, b in enumerate(payload))
        self.sock.sendall(head + mask + body)

    def send(self, obj):
        # The server handles at most --max-messages-per-second (50) from one connection.
        now = time.monotonic()
        self.sent = [t for t in getattr(self, "sent", []) if now - t < 1.0]
        if len(self.sent) >= 40:
            time.sleep(1.0 - (now - self.sent[0]))
        self.sent.append(time.monotonic())
        self.send_frame(0x1, json.dumps(obj).encode())

    def recv(self):
        """The next whole text message as JSON (fragments joined, pings answered)."""
        data = b""
        while True:
            b0, b1 = self._recv_exact(2)
            opcode, n = b0 & 0x0F, b1 & 0x7F
            if n == 126:
                n = struct.unpack("!H", self._recv_exact(2))[0]
            elif n == 127:
                n = struct.unpack("!Q", self._recv_exact(8))[0]
            mask = self._recv_exact(4) if b1 & 0x80 else None
            payload = self._recv_exact(n)
            if mask:
                payload = bytes(b ^ mask[i % 4] for i, b in enumerate(payload))
            if opcode == 0x9:
                self.send_frame(0xA, payload)
                continue
            if opcode == 0x8:
                code = struct.unpack("!H", payload[:2])[0] if len(payload) >= 2 else None
                raise ConnectionError(f"closed by the server: {code} {payload[2:]!r}")
            if opcode in (0x1, 0x0):
                data += payload
                if b0 & 0x80:
                    return json.loads(data)

def http(base, method, path, body=None):
    req = urllib.request.Request(base + path, method=method,
                                 data=None if body is None else json.dumps(body).encode(),
                                 headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(req) as r:
            return r.status, json.loads(r.read())
    except urllib.error.HTTPError as e:
        return e.code, json.loads(e.read() or b"null")

def choose(msg):
    """A simple bot: an attack or autokill if offered, else anything that is not futile."""
    acts = list(zip(msg["legal"], msg["actions"]))
    for kinds in (("autokill",), ("attack",), ("defend",)):
        good = [t for t, a in acts if a["kind"] in kinds and not a.get("futile")]
        if good:
            return random.choice(good)
    fine = [t for t, a in acts if not a.get("futile") and not a.get("loses_at_once")]
    return random.choice(fine or [t for t, _ in acts])

def play(base, game="warfare", agent="random"):
    name = {"warfare": "ancient-warfare", "generals": "ancient-generals"}[game]
    req = {"game": name, "vs": "computer", "agent": agent, "seat": 1}
    status, created = http(base, "POST", "/api/games", req)
    assert status == 201, (status, created)
    u = urllib.parse.urlparse(base)
    ws = WebSocket(u.hostname, u.port)
    ws.send({"type": "hello", "game": created["id"], "token": created["token"]})
    log = []
    acted = 0
    while True:
        msg = ws.recv()
        if msg["type"] == "error":
            raise RuntimeError(msg)
        if msg["type"] != "state":
            continue
        if msg["log_from"] == 0:
            log = []
        log = log[:msg["log_from"]] + msg["log"]
        if msg["over"]:
            return msg["winner"], msg["reason"], len(log), acted
        if msg["to_act"] == msg["seat"] and msg["legal"]:
            ws.send({"type": "act", "action": choose(msg), "version": msg["version"]})
            acted += 1

if __name__ == "__main__":
    base = sys.argv[1]
    game = sys.argv[2] if len(sys.argv) > 2 else "warfare"
    agent = sys.argv[3] if len(sys.argv) > 3 else "random"
    print(play(base, game, agent))
