#!/bin/sh
# The web image's entrypoint: `docker run prosign-web <app>` serves that frontend with nginx.
set -eu
node /app/deploy/web/configure.mjs "${1:-shell}"
exec nginx -e stderr -c /app/deploy/web/nginx.conf -g 'daemon off;'
