#!/usr/bin/env bash
# Checks this probe with the shared checker (see ../check.sh).
exec "$(dirname "$0")/../check.sh" "$(dirname "$0")"
