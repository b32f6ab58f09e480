#!/usr/bin/env bash
# Renders the placement-test listening clips (OC part) offline with eSpeak NG.
#
# Input : src/demo/placement/audio-scripts.json
#         { clips: [{ filename, title, voice, transcript }] }
#         transcript = one speaker turn per line, written "Speaker: text";
#         voice      = comma-separated espeak-ng voices, given to the speakers in the
#                      order in which they first speak (one voice for a monologue).
# Output: src/demo/placement/media/audio/<filename>.mp3 (mono, 22.05 kHz, 32 kbit/s MP3)
#
# Usage : bash apps/server/scripts/generate-placement-audio.sh   (from anywhere)
# Needs : espeak-ng, ffmpeg (with libmp3lame) and node. On Debian/Ubuntu:
#         apt-get install -y espeak-ng ffmpeg
set -euo pipefail

SERVER_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
SCRIPTS_JSON="$SERVER_DIR/src/demo/placement/audio-scripts.json"
OUT_DIR="$SERVER_DIR/src/demo/placement/media/audio"
SPEED=150        # words per minute
PAUSE=0.6        # seconds of silence between speaker turns
RATE=22050       # output sample rate (Hz)
BITRATE=32k      # output MP3 bit rate

missing=()
for cmd in espeak-ng ffmpeg node; do
  command -v "$cmd" >/dev/null 2>&1 || missing+=("$cmd")
done
if ((${#missing[@]})); then
  if [[ " ${missing[*]} " != *" node "* ]] && [[ $(id -u) -eq 0 ]] && command -v apt-get >/dev/null 2>&1; then
    echo "Installing ${missing[*]} with apt-get…" >&2
    apt-get install -y espeak-ng ffmpeg >/dev/null || { apt-get update >/dev/null && apt-get install -y espeak-ng ffmpeg >/dev/null; }
  else
    echo "Missing: ${missing[*]}. Install them (e.g. apt-get install -y espeak-ng ffmpeg) and run again." >&2
    exit 1
  fi
fi

WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT
mkdir -p "$OUT_DIR"

# One line per speaker turn: filename <TAB> turn number <TAB> voice <TAB> text
node - "$SCRIPTS_JSON" >"$WORK/turns.tsv" <<'NODE'
const fs = require('node:fs');
const { clips } = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'));
for (const clip of clips) {
  const voices = clip.voice.split(',').map((v) => v.trim()).filter(Boolean);
  const speakers = [];
  clip.transcript
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .forEach((line, i) => {
      const m = /^([^:]{1,40}):\s+(.*)$/.exec(line);
      const speaker = m ? m[1] : '';
      const text = (m ? m[2] : line).replace(/\s+/g, ' ');
      if (!speakers.includes(speaker)) speakers.push(speaker);
      const voice = voices[speakers.indexOf(speaker) % voices.length];
      process.stdout.write([clip.filename, String(i).padStart(3, '0'), voice, text].join('\t') + '\n');
    });
}
NODE

# A short silence used between turns.
ffmpeg -nostdin -hide_banner -loglevel error -f lavfi -i "anullsrc=r=$RATE:cl=mono" -t "$PAUSE" \
  -c:a pcm_s16le "$WORK/pause.wav"

while IFS=$'\t' read -r filename turn voice text; do
  mkdir -p "$WORK/$filename"
  espeak-ng -v "$voice" -s "$SPEED" -w "$WORK/$filename/$turn.raw.wav" -- "$text" </dev/null
  # espeak-ng writes 22.05 kHz mono; normalise the format anyway so that concat is safe.
  ffmpeg -nostdin -hide_banner -loglevel error -i "$WORK/$filename/$turn.raw.wav" -ar "$RATE" -ac 1 \
    -c:a pcm_s16le "$WORK/$filename/$turn.wav"
  rm "$WORK/$filename/$turn.raw.wav"
done <"$WORK/turns.tsv"

for dir in "$WORK"/*/; do
  filename="$(basename "$dir")"
  list="$dir/list.txt"
  : >"$list"
  first=1
  for wav in "$dir"/[0-9][0-9][0-9].wav; do
    ((first)) || echo "file '$WORK/pause.wav'" >>"$list"
    echo "file '$wav'" >>"$list"
    first=0
  done
  out="$OUT_DIR/$filename.mp3"
  ffmpeg -nostdin -hide_banner -loglevel error -y -f concat -safe 0 -i "$list" \
    -ac 1 -ar "$RATE" -c:a libmp3lame -b:a "$BITRATE" \
    -map_metadata -1 -fflags +bitexact -flags:a +bitexact "$out"
  seconds="$(ffprobe -v error -show_entries format=duration -of default=nw=1:nk=1 "$out")"
  printf '%-28s %6.1f s %7d bytes\n' "$filename.mp3" "$seconds" "$(stat -c %s "$out")"
done
