#!/usr/bin/env python3
"""The 2025-06-17 stand-in (places_20250617.py) served over HTTPS with Python's ssl module.

Usage: python3 Tests/StandIns/tls_standin.py --cert SERVER.pem --key SERVER.key [places_20250617.py flags...]

Every flag but --cert and --key goes to the stand-in unchanged (--port 0 --port-file FILE ...). The stand-in's
code is not changed: its server class is swapped for one that wraps each accepted connection in TLS, the
handshake happening in the connection's own thread, so a client that refuses the certificate stalls nothing.
"""
import argparse
import os
import ssl
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import places_20250617 as standin  # noqa: E402


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0], add_help=True)
    parser.add_argument("--cert", required=True, help="PEM certificate (chain) the server presents")
    parser.add_argument("--key", required=True, help="PEM private key of --cert")
    args, rest = parser.parse_known_args(argv)
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    try:
        context.load_cert_chain(args.cert, args.key)
    except (OSError, ssl.SSLError) as error:
        sys.stderr.write("tls_standin: cannot load --cert %s / --key %s: %s\n" % (args.cert, args.key, error))
        return 2

    class TLSServer(standin.ThreadingHTTPServer):
        def get_request(self):
            connection, address = super().get_request()
            return context.wrap_socket(connection, server_side=True, do_handshake_on_connect=False), address

        def handle_error(self, request, client_address):
            # A client that refuses the certificate ends the handshake: expected here, not a traceback.
            error = sys.exc_info()[1]
            if isinstance(error, (ssl.SSLError, ConnectionError)):
                sys.stderr.write("tls_standin: %s: %s\n" % (client_address[0], error))
                return
            super().handle_error(request, client_address)

    standin.ThreadingHTTPServer = TLSServer
    return standin.main(rest)


if __name__ == "__main__":
    sys.exit(main())
