#!/usr/bin/env bash
# One load measurement as docs/server.md ("Load") reports it: starts `ancients serve` (niced,
# a fresh database, creation/connection/message limits lifted for the bots), runs the load
# tool against it, and prints the tool's JSON line, the client's and the server's CPU seconds
# during the run and the load average before and after (the machine is shared).
# Usage: web/load/measure.sh BIN TOOL PORT GAMES SECONDS [load tool flags...]
# TOOL: `native` for `BIN load` (the C++ tool; Warfare's runs pass --options
# '{"turn_limit":60}', which load.mjs sets itself), or the path of load.mjs (run with node).
set -u
bin=$1 load=$2 port=$3 games=$4 secs=$5
shift 5
db=$(mktemp -d)/load.db
nice -n 10 "$bin" serve --port "$port" --db "$db" --web '' --games-per-minute 0 \
  --max-connections 4000 --max-connections-per-address 0 --max-messages-per-second 0 \
  >"$db.log" 2>&1 &
server=$!
sleep 1
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
cpu() { awk '{print $14 + $15}' "/proc/$server/stat"; }
before=$(cpu)
if [ "$load" = native ]; then
  tool=("$bin" load)
else
  tool=(node "$load")
fi
/usr/bin/time -f "client CPU: user %U s + system %S s, wall %e s" \
  nice -n 10 "${tool[@]}" --url "http://127.0.0.1:$port" --games "$games" --seconds "$secs" "$@"
after=$(cpu)
echo "server CPU during the run: $(echo "scale=2; ($after - $before) / $(getconf CLK_TCK)" | bc) s"
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
kill "$server"
wait "$server" 2>/dev/null
