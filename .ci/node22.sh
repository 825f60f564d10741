# Sourced by .ci/run: makes Node.js 22 (what the functions run and ical-generator, cookie and
# node-ical need) the `node` of this shell. A machine whose node is older gets Node 22 from the
# npm registry (the `node` package ships the official binaries) under .tools/, once.
node_major() { node -p 'process.versions.node.split(".")[0]'; }
if [ "$(node_major)" -lt 22 ]; then
  tools="$(pwd)/.tools/node22"
  if [ ! -x "$tools/node_modules/node/bin/node" ]; then
    echo "== installing Node.js 22 under .tools/ (this machine has $(node --version))"
    npm install --prefix "$tools" --no-save --no-audit --no-fund --loglevel=error node@22 >/dev/null
  fi
  export PATH="$tools/node_modules/node/bin:$PATH"
fi
echo "== node $(node --version)"
