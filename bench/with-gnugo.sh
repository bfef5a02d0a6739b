#!/bin/sh
# Runs a command with GNU Go (Debian's gnugo), the peer of the real-disputes benchmark, installed:
# installs it when missing (apt, as .ci/run does for chromium); if that fails the benchmark says
# so and runs without its peer column.
if ! command -v gnugo >/dev/null 2>&1 && [ ! -x /usr/games/gnugo ]; then
  echo "installing gnugo (the benchmark's peer)" >&2
  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq gnugo) >/dev/null 2>&1 \
    || echo "gnugo could not be installed: the benchmark runs without GNU Go" >&2
fi
exec "$@"
