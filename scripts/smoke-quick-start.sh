#!/usr/bin/env bash
# The README's quick start, as a newcomer runs it (issue 21): in a checkout with no `data/` folder,
# `npm start` with nothing set but a port and an organiser, then the README's own curl commands: the
# app's HTML at /, an event with a photo, the invite's painted welcome, an album and one guest upload;
# SIGTERM must stop it with exit code 0. Needs the apps' dependencies installed (`npm install`), curl
# and ffmpeg (to make the photo). Prints the server's output when anything fails.
set -uo pipefail
cd "$(dirname "$0")/.."

PORT=${SMOKE_PORT:-18080}
B=http://localhost:$PORT
work=$(mktemp -d)
log=$work/npm-start.log
server=

children() { # from /proc alone (no procps on a bare machine): the processes whose parent is $1
  local stat rest state ppid p
  for stat in /proc/[0-9]*/stat; do
    rest=$(cat "$stat" 2>/dev/null) || continue
    read -r state ppid _ <<<"${rest##*) }"
    [ "$ppid" = "$1" ] && { p=${stat#/proc/}; echo "${p%/stat}"; }
  done
}
descendants() { local p; for p in $(children "$1"); do echo "$p"; descendants "$p"; done; }

fail() {
  echo "quick start: FAILED: $*" >&2
  echo "----- npm start printed -----" >&2
  cat "$log" >&2
  echo "-----------------------------" >&2
  # npm, scripts/start.mjs and the server it runs: none is left holding the port.
  # shellcheck disable=SC2046
  [ -n "$server" ] && kill -KILL "$server" $(descendants "$server") 2>/dev/null
  exit 1
}

if [ -e data ]; then
  echo "quick start: ./data exists; the smoke needs a checkout that never ran the server" >&2
  exit 1
fi

# The README: `npm start`, with the organiser made at start.
PORT=$PORT ORGANISER_EMAIL=ana@example.com ORGANISER_PASSWORD='senha-segura-1' npm start >"$log" 2>&1 &
server=$!
started=$(date +%s)

# The build comes first (minutes on a fresh clone); then the server must answer within 60 s.
until grep -q 'Iniciando o servidor' "$log"; do
  kill -0 "$server" 2>/dev/null || fail "npm start exited during the build"
  [ $(( $(date +%s) - started )) -lt 1200 ] || fail "the build did not finish within 20 minutes"
  sleep 1
done
built=$(date +%s)
until curl -sf "$B/api/health" >/dev/null; do
  kill -0 "$server" 2>/dev/null || fail "the server exited before answering /api/health"
  [ $(( $(date +%s) - built )) -lt 60 ] || fail "/api/health did not answer within 60 s of the build"
  sleep 0.5
done
echo "quick start: /api/health answered $(( $(date +%s) - built )) s after the build ($(( built - started )) s of build)"
grep -q "Momentos no ar: abra http://localhost:$PORT" "$log" || fail "the start did not print the address to open"

# The server process npm start runs has the allocator setting of scripts/server-env.mjs (a burst's
# freed buffers go back to the system): read from the process's own environment; its flags from its command line.
api_pid=$(for p in $(descendants "$server"); do grep -qa 'dist/server.js' "/proc/$p/cmdline" 2>/dev/null && echo "$p"; done | head -1)
[ -n "$api_pid" ] || fail "no api-server/dist/server.js process under npm start"
tr '\0' '\n' <"/proc/$api_pid/environ" | grep -qx 'MALLOC_MMAP_THRESHOLD_=131072' ||
  fail "the server was started without MALLOC_MMAP_THRESHOLD_=131072 (scripts/server-env.mjs)"
# ...and the heap's floor (no full garbage collections during an upload).
tr '\0' '\n' <"/proc/$api_pid/cmdline" | grep -qx -- '--initial-old-space-size=96' ||
  fail "the server was started without --initial-old-space-size=96 (scripts/server-env.mjs)"

page=$(curl -s -H 'accept: text/html' "$B/")
grep -qi '<!doctype html' <<<"$page" || fail "/ did not answer HTML"

# The README's organiser journey ('Organisers and the API').
ffmpeg -v error -f lavfi -i testsrc=size=1200x1600:rate=1 -frames:v 1 -y "$work/foto.jpg" || fail "ffmpeg could not make foto.jpg"
cp "$work/foto.jpg" "$work/a.jpg"
cd "$work" || fail "no work folder"
TOKEN=$(curl -s -D - -o /dev/null -H 'content-type: application/json' \
  -d '{"email":"ana@example.com","password":"senha-segura-1"}' $B/api/auth \
  | awk -F': ' 'tolower($1)=="authentication"{print $2}' | tr -d '\r')
[ -n "$TOKEN" ] || fail "the organiser could not sign in"
event=$(curl -s -H "authentication: $TOKEN" -F name='Casamento Ana & Rui' -F 'date=2030-06-01 18:30' \
  -F location=Lisboa -F contact=ana@example.com -F image=@foto.jpg $B/api/events)
field() { node -e 'const v = JSON.parse(require("fs").readFileSync(0, "utf8")); const f = process.argv[1].split(".").reduce((o, k) => o?.[k], v); if (f === undefined) process.exit(1); console.log(f)' "$1"; }
ID=$(field id <<<"$event") || fail "the event was not created: $event"
CODE=$(field code <<<"$event") || fail "the event has no invite code: $event"

# A guest opens the invite: the welcome is painted by the server, with the link-preview tags.
invite=$(curl -s "$B/invite/$CODE")
grep -q 'Casamento Ana &amp; Rui' <<<"$invite" || fail "/invite/$CODE did not paint the event's name"
grep -q '<meta property="og:image"' <<<"$invite" || fail "/invite/$CODE has no og:image"

album=$(curl -s -H "authentication: $TOKEN" -H 'content-type: application/json' \
  -d '{"name":"Festa","description":"Fotos da festa","is_public":true,"is_available":true}' \
  $B/api/albums/$ID)
ALBUM=$(field id <<<"$album") || fail "the album was not created: $album"
upload=$(curl -s -w '\n%{http_code}' -F album_id=$ALBUM -F user_id='Tia Rosa' -F images=@a.jpg $B/api/events/photos)
[ "$(tail -n1 <<<"$upload")" = 201 ] || fail "the guest's upload was not stored: $upload"
PHOTO=$(head -n1 <<<"$upload" | field photos.0.id) || fail "the upload answered no photo: $upload"
curl -s "$B/api/events/photos/$ALBUM?user_id=Tia%20Rosa" | grep -q "\"$PHOTO\"" || fail "the album does not list the guest's photo"

kill -TERM "$server"
wait "$server"
code=$?
[ "$code" = 0 ] || fail "npm start exited with $code after SIGTERM"
cd - >/dev/null || exit 1
rm -rf data "$work"
echo "quick start: passed (build, start, invite, upload, SIGTERM)"
