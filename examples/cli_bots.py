#!/usr/bin/env python3
"""Play whole games of Ancient Warfare and Ancient Generals between two simple bots,
driving only the `ancients` CLI (new, legal --json, apply, apply --events)."""
import json, random, subprocess, sys

BIN = sys.argv[1] if len(sys.argv) > 1 else "ancients"

def must(args, stdin=None):
    p = subprocess.run([BIN] + args, input=stdin, capture_output=True, text=True)
    if p.returncode != 0:
        raise SystemExit(f"{args[:2]} exit {p.returncode}: {p.stderr.strip()}")
    return p.stdout

def files(n):
    return [chr(ord("a") + i) for i in range(n)]

def deploy_action(pos, player):
    """Build a whole deployment from the rules: player 1 on ranks 1-2, player 2 on the two
    highest ranks, never on impassable ground (the CLI's legal refuses to list them)."""
    n = pos["options"]["board"]
    ranks = [1, 2] if player == 1 else [n, n - 1]
    bad = {sq for sq, t in pos.get("terrain", {}).items() if t == "impassable"}
    squares = [f + str(r) for r in ranks for f in files(n) if f + str(r) not in bad]
    units = pos["reserves"][str(player)]
    random.shuffle(squares)
    return "deploy " + ",".join(f"{u}:{sq}" for u, sq in zip(units, squares))

def pick(infos, player, greedy):
    if greedy:
        for kinds in (("autokill",), ("attack",), ("defend",), ("move", "advance")):
            good = [a for a in infos if a["kind"] in kinds and not a.get("futile")]
            if good:
                return random.choice(good)["text"]
    return random.choice(infos)["text"]

def play(game, seed, max_actions=5000):
    random.seed(seed)
    args = ["new", game, "--seed", str(seed)]
    args += ["--turn-limit", "60"] if game == "warfare" else []
    pos_text = must(args)
    pos = json.loads(pos_text)
    counts = {"actions": 0, "events": 0}
    while pos["winner"] is None and counts["actions"] < max_actions:
        player = pos["to_act"]
        if pos["phase"] == "deploy" and pos.get("reserves", {}).get(str(player)):
            action = deploy_action(pos, player)
        else:
            infos = json.loads(must(["legal", "--json", "-"], pos_text))
            action = pick(infos, player, greedy=(player == 1))
        # Each player's (and a spectator's) events for this action.
        for viewer in range(3):
            for line in must(["apply", "--events", "--viewer", str(viewer), "-", action],
                             pos_text).splitlines():
                ev = json.loads(line)
                counts["events"] += len(ev["events"])
                for e in ev["events"]:
                    assert "type" in e and "text" in e, e
                    if e["type"] == "drew" and viewer not in (0, e["player"]):
                        assert "cards" not in e, ("leak", viewer, e)
        pos_text = must(["apply", "-", action], pos_text)
        pos = json.loads(pos_text)
        counts["actions"] += 1
    return pos["winner"], pos["turn"], counts

if __name__ == "__main__":
    for game in ("warfare", "generals"):
        for seed in (1, 2):
            w, t, c = play(game, seed)
            print(f"{game} seed {seed}: winner {w} turn {t} {c}", flush=True)
