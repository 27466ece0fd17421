#!/usr/bin/env bash
# pgvector for the machine's Postgres (retrieval, issue 13). Debian bookworm ships no pgvector binary
# package, so it is built from Debian's own source package (trixie's pgvector, which builds against
# PostgreSQL 15). Idempotent: does nothing when the extension is already installed (~40 s otherwise).
set -euo pipefail
PGVER="${PGVER:-$(ls /etc/postgresql 2>/dev/null | sort -n | tail -1)}"
[ -n "$PGVER" ] || { echo "no PostgreSQL cluster found" >&2; exit 1; }
SHARE="/usr/share/postgresql/${PGVER}/extension"
if [ -z "${FORCE:-}" ] && [ -f "${SHARE}/vector.control" ]; then
  echo "== pgvector already installed for PostgreSQL ${PGVER}"
  exit 0
fi
echo "== building pgvector for PostgreSQL ${PGVER} from Debian's source package"
SUDO=""; [ "$(id -u)" = 0 ] || SUDO="sudo"
if ! grep -rqs "^Types: deb-src" /etc/apt/sources.list.d/ || ! grep -rqs "trixie" /etc/apt/sources.list.d/pgvector-src.sources; then
  $SUDO tee /etc/apt/sources.list.d/pgvector-src.sources >/dev/null <<'SRC'
Types: deb-src
URIs: http://deb.debian.org/debian
Suites: trixie
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
SRC
fi
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "postgresql-server-dev-${PGVER}" build-essential >/dev/null
WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT
(cd "$WORK" && apt-get source --download-only pgvector >/dev/null 2>&1 && tar xzf pgvector_*.orig.tar.gz)
SRC_DIR="$(find "$WORK" -maxdepth 1 -type d -name 'pgvector-*' | head -1)"
# OPTFLAGS="": portable code (no -march=native), so the build runs on any CPU of the same architecture
make -C "$SRC_DIR" -j2 PG_CONFIG="/usr/lib/postgresql/${PGVER}/bin/pg_config" OPTFLAGS="" >/dev/null
$SUDO make -C "$SRC_DIR" install PG_CONFIG="/usr/lib/postgresql/${PGVER}/bin/pg_config" >/dev/null
echo "== pgvector $(grep default_version "${SHARE}/vector.control" | cut -d"'" -f2) installed"
